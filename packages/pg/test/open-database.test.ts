import { mkdtemp, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { DatabaseError, openDatabase, openTenantMemory, TenantError } from "../src/index.js";

/** A loopback port nothing listens on (taken, then freed), so a connection is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolvePromise) => server.listen(0, "127.0.0.1", resolvePromise));
  const address = server.address();
  await new Promise<void>((resolvePromise) => server.close(() => resolvePromise()));
  return typeof address === "object" && address !== null ? address.port : 1;
}

describe("openDatabase refusals", () => {
  it("a PGlite dataDir that is a file: database_folder_refused, one line, nothing created", async () => {
    const base = await mkdtemp(join(tmpdir(), "memfiles-open-"));
    await writeFile(join(base, "memory.db"), "not a folder\n");
    const error = await openDatabase({ dataDir: join(base, "memory.db") }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DatabaseError);
    expect({
      code: (error as DatabaseError).code,
      userFixable: (error as DatabaseError).userFixable,
      database: (error as DatabaseError).database,
      message: (error as Error).message.replaceAll(base, "<base>"),
    }).toEqual({
      code: "database_folder_refused",
      userFixable: true,
      database: `the PGlite database in ${join(base, "memory.db")}`,
      message:
        "Could not open the PGlite database in <base>/memory.db: it is a file, not a folder. Give --pglite a folder of its own (it is created when missing).",
    });
  });

  it("a server nobody answers on: database_unreachable, naming the URL without its password", async () => {
    const port = await closedPort();
    const error = await openDatabase({
      databaseUrl: `postgres://memfiles:s3cret-pw@127.0.0.1:${port}/memfiles?sslmode=disable`,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseError);
    expect({
      code: (error as DatabaseError).code,
      userFixable: (error as DatabaseError).userFixable,
      database: (error as DatabaseError).database,
      message: (error as Error).message,
    }).toEqual({
      code: "database_unreachable",
      userFixable: true,
      database: `postgres://memfiles@127.0.0.1:${port}/memfiles`,
      message: `Could not open postgres://memfiles@127.0.0.1:${port}/memfiles: connect ECONNREFUSED 127.0.0.1:${port}. Check that the server runs and the URL's host, port, user, password and database are right.`,
    });
  });

  // PGlite is one process's Postgres: two processes on one folder lose writes and can leave it
  // unopenable, so a second opener waits (by default about 13 s of retries, asleep), then is
  // refused. The refusal is shown after a short wait; a wait is shown ending in the folder once
  // the first opener closes it. That wait is longer than the test may run (vitest's timeout is
  // its bound): with the default 13 s, a close slowed by a loaded machine let the wait run out
  // first and the test failed with database_in_use.
  it("a PGlite folder already open: database_in_use, naming the lock, until the first closes", async () => {
    const base = await mkdtemp(join(tmpdir(), "memfiles-open-"));
    const dataDir = join(base, "db");
    const first = await openDatabase({ dataDir });
    const error = await openDatabase({ dataDir, lockWaitMs: 300 }).catch(
      (caught: unknown) => caught,
    );
    const waiting = openDatabase({ dataDir, lockWaitMs: 600_000 });
    // Long enough for the waiting opener to find the folder taken (no assertion rests on it).
    await sleep(300);
    await first.close();
    const again = await waiting;
    await again.close();
    expect({
      code: (error as DatabaseError).code,
      userFixable: (error as DatabaseError).userFixable,
      message: (error as Error).message.replaceAll(base, "<base>"),
    }).toEqual({
      code: "database_in_use",
      userFixable: true,
      message:
        "Could not open the PGlite database in <base>/db: another process has it open (<base>/db.lock), and PGlite serves one process at a time. Stop that process (a memfiles-mcp server, another memfiles command) and run again, or use a PostgreSQL server (--database-url) for several processes.",
    });
  });
});

// The one opening of a tenant's memory that the CLI and memfiles-mcp share.
describe("openTenantMemory", () => {
  const fact = "---\nname: gym\ndescription: Where the user trains.\ntype: user\n---\nClimbs.\n";

  it.each([
    ["the layout the memory holds", undefined, "fact"],
    ["the layout given", "subject" as const, "subject"],
  ])("opens in %s", async (_name, layout, expected) => {
    const dataDir = join(await mkdtemp(join(tmpdir(), "memfiles-tenant-")), "memory.db");
    const first = await openTenantMemory({ dataDir, tenant: "local", layout: "fact" });
    await first.store.write("gym.md", fact, "new");
    await first.close();
    const { store, close } = await openTenantMemory({
      dataDir,
      tenant: "local",
      maxChars: 900,
      ...(layout === undefined ? {} : { layout }),
    });
    expect([store.layout, store.maxChars]).toEqual([expected, 900]);
    await close();
  });

  it("a refused tenant: TenantError, and the database closed (its folder opens again)", async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), "memfiles-tenant-")), "memory.db");
    await expect(openTenantMemory({ dataDir, tenant: "" })).rejects.toBeInstanceOf(TenantError);
    const again = await openTenantMemory({ dataDir, tenant: "local", lockWaitMs: 0 });
    await again.close();
  });
});
