import { remember } from "@memfiles/core";
import { describe, expect, it } from "vitest";
import { pgMemoryStore, type SqlClient } from "../src/index.js";

/** Opens the same database again each time it is called (a PGlite folder, a server's URL). */
export type OpenDatabase = () => Promise<SqlClient>;

const CALLS = 8;
// When close() is called: before any statement ran, right after the first call's file write was
// sent (inside its locked section, the index still to write), and once 4 calls have settled.
const CLOSE_WHEN = ["at once", "in a section", "4 settled"] as const;

/**
 * `close()` while calls run, on one backend: the trial's 8 `remember` calls, closed before any
 * ran, inside the first call's locked section, and once 4 have settled. Statements and locked sections already running finish; each
 * call either lands whole and resolves, or is refused with a `DatabaseError` `closed` and left
 * nothing (read back after opening the database again); a call after `close()` is refused too.
 */
export function describeClosing(backend: string, open: OpenDatabase, tenant: string): void {
  describe(`close() while calls run: ${backend}`, () => {
    it("running statements and sections finish; every call lands whole or is refused as closed, nothing written", async () => {
      const outcomes: Array<{
        when: string;
        landed: number;
        refused: number;
        runningAtClose: number;
        wrong: string[];
      }> = [];
      let sql = await open();
      for (const [round, when] of CLOSE_WHEN.entries()) {
        const space = `${tenant}-${round}`;
        const current = sql;
        let settled = 0;
        let runningAtClose = CALLS;
        let closing: Promise<void> | undefined;
        const close = () => {
          runningAtClose = CALLS - settled;
          closing ??= current.close();
        };
        const store = pgMemoryStore(
          closingOnFileWrite(sql, () => {
            if (when === "in a section") close();
          }),
          space,
        );
        if (when === "at once") close();
        const calls = Array.from({ length: CALLS }, (_, index) =>
          remember({ store, path: `topics/item-${index}.md`, fact: `keeps item ${index}` })
            .then(
              (result) => ({ index, ok: result.ok, error: undefined as unknown }),
              (error: unknown) => ({ index, ok: false, error }),
            )
            .finally(() => {
              settled += 1;
              if (when === "4 settled" && settled === 4) close();
            }),
        );
        const results = await Promise.all(calls);
        await closing;
        const later = await store.list().then(
          () => "listed",
          (error: { name?: string; code?: string }) => `${error.name} ${error.code}`,
        );
        sql = await open();
        const reopened = pgMemoryStore(sql, space);
        const wrong: string[] = [];
        if (later !== "DatabaseError closed") wrong.push(`a call after close(): ${later}`);
        for (const result of results) {
          const file = await reopened.read(`topics/item-${result.index}.md`);
          const error = result.error as { name?: string; code?: string } | undefined;
          const saved = file.exists && file.content.includes(`keeps item ${result.index}`);
          if (result.ok && !saved) wrong.push(`item ${result.index}: applied, not saved`);
          if (error !== undefined && `${error.name} ${error.code}` !== "DatabaseError closed") {
            wrong.push(`item ${result.index}: ${error.name} ${error.code}`);
          }
          if (error !== undefined && saved) wrong.push(`item ${result.index}: refused, yet saved`);
        }
        outcomes.push({
          when,
          landed: results.filter((result) => result.ok).length,
          refused: results.filter((result) => result.error !== undefined).length,
          runningAtClose,
          wrong,
        });
      }
      await sql.close();
      process.stdout.write(`close() while calls run (${backend}): ${JSON.stringify(outcomes)}\n`);
      expect(
        outcomes.map(({ when, landed, refused, wrong }) => ({
          when,
          all: landed + refused,
          wrong,
        })),
      ).toEqual(CLOSE_WHEN.map((when) => ({ when, all: CALLS, wrong: [] })));
    });
  });
}

// The client with `onFileWrite` called right after a statement writing a memory file is sent, on
// the pool or on a section's connection.
function closingOnFileWrite(sql: SqlClient, onFileWrite: () => void): SqlClient {
  const hooked = (client: SqlClient): SqlClient => ({
    shared: client.shared,
    query: <Row>(text: string, values?: unknown[]) => {
      const result = client.query<Row>(text, values);
      if (/^\s*(INSERT INTO|UPDATE) memory_files\b/.test(text)) onFileWrite();
      return result;
    },
    session: (fn) => client.session((connection) => fn(hooked(connection))),
    close: () => client.close(),
  });
  return hooked(sql);
}
