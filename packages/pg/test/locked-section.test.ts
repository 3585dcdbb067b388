import { describe, expect, it } from "vitest";
import { DatabaseError, PgBackend, type SqlClient } from "../src/index.js";

// A real server's client whose section connection drops at one statement: what the caller is told
// must match what the server kept (a section is one transaction: all of it, or none of it).
function droppingAt(statement: string): SqlClient {
  const lost = () =>
    new DatabaseError({
      code: "connection_lost",
      database: "postgres://memfiles@127.0.0.1/memfiles",
      message: "Lost the connection.",
      cause: new Error("Connection terminated unexpectedly"),
    });
  const connection: SqlClient = {
    shared: true,
    query: async <Row>(text: string) => {
      if (text.startsWith(statement)) throw lost();
      return { rows: [] as Row[] };
    },
    session: (fn) => fn(connection),
    close: async () => {},
  };
  return { ...connection, session: (fn) => fn(connection) };
}

describe("a locked section whose connection drops", () => {
  it.each([
    {
      at: "INSERT INTO memory_internal",
      says: "inside its section (Connection terminated unexpectedly). The section was rolled back: nothing of it was written.",
    },
    {
      at: "COMMIT",
      says: "while committing its section (Connection terminated unexpectedly): the server may have saved all of it or none of it, never a part.",
    },
  ])("at $at: the error says what the server kept", async ({ at, says }) => {
    const backend = new PgBackend({ sql: droppingAt(at), tenant: "erin" });
    const error = await backend
      .withLock(() => backend.writeInternal("tombstones.json", "{}"))
      .then(
        () => undefined,
        (thrown: unknown) => thrown as Error & { code?: string },
      );
    expect({ name: error?.name, code: error?.code, says: error?.message.includes(says) }).toEqual({
      name: "MemoryLockError",
      code: "lock_failed",
      says: true,
    });
  });
});
