// The contract, tenancy and contention tests on a real PostgreSQL server: run by
// scripts/pg-test.sh (from .ci/run), which starts a throwaway server and sets DATABASE_URL.
// Without DATABASE_URL (a plain `pnpm test`) they are skipped, saying so.
import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { remember } from "@memfiles/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectBuilt } from "../../core/test/fixtures/built-dist.js";
import { openDatabase, pgMemoryStore, type SqlClient } from "../src/index.js";
import { describeClosing } from "./closing-contract.js";
import { describeStoreContract, FORGOTTEN_FACT, memoryFile } from "./store-contract.js";
import { describeTenancy } from "./tenancy-contract.js";

const DATABASE_URL = process.env.DATABASE_URL ?? "";
const here = dirname(fileURLToPath(import.meta.url));
// The children run the built packages on plain node (expectBuilt below says when dist/ is stale).
const CHILD = join(here, "server-child.mjs");
const CHILD_ARGS = ["--conditions=memfiles-dist", CHILD];
// Every run uses tenants of its own, so runs against one database never see each other's rows.
const RUN = `run-${process.pid}-${Date.now().toString(36)}`;

if (DATABASE_URL === "") {
  describe("PostgreSQL server", () => {
    // biome-ignore lint/suspicious/noSkippedTests: skipped on purpose, with why, when no server is set up.
    it.skip("needs DATABASE_URL: `bash scripts/pg-test.sh` starts a throwaway server and runs these", () => {});
  });
} else {
  beforeAll(() => expectBuilt(["pg", "core", "prompts", "errors"]));
  let database: Promise<SqlClient> | undefined;
  let tenants = 0;
  afterAll(async () => {
    if (database) await (await database).close();
  });
  const shared = () => {
    database ??= openDatabase({ databaseUrl: DATABASE_URL });
    return database;
  };

  describeStoreContract("PostgreSQL server", async (options = {}) => {
    tenants += 1;
    return {
      store: pgMemoryStore(await shared(), `${RUN}-contract-${tenants}`, options),
      close: async () => {},
    };
  });
  describeTenancy("PostgreSQL server", () => openDatabase({ databaseUrl: DATABASE_URL }));
  describeClosing(
    "PostgreSQL server",
    () => openDatabase({ databaseUrl: DATABASE_URL }),
    `${RUN}-closing`,
  );

  describe("PostgreSQL server locked sections", () => {
    it("a section that throws leaves none of its writes; one that returns commits them together", async () => {
      const store = pgMemoryStore(await shared(), `${RUN}-rollback`);
      const thrown = await store
        .withLock(async () => {
          await store.writeInternal("counter.txt", "1");
          await store.write("topics/a.md", memoryFile("a", "A.", ["one"]), "new");
          throw new Error("stopped halfway");
        })
        .catch((error: unknown) => (error as Error).message);
      const afterThrow = {
        counter: await store.readInternal("counter.txt"),
        files: (await store.list()).map((row) => row.path),
      };
      await store.withLock(async () => {
        await store.writeInternal("counter.txt", "2");
        await store.write("topics/a.md", memoryFile("a", "A.", ["two"]), "new");
      });
      expect({
        thrown,
        afterThrow,
        counter: await store.readInternal("counter.txt"),
        files: (await store.list()).map((row) => row.path),
      }).toEqual({
        thrown: "stopped halfway",
        afterThrow: { counter: undefined, files: [] },
        counter: "2",
        files: ["topics/a.md"],
      });
    });

    // Without lock_timeout on the section the write waits for the row as long as the other
    // transaction lasts: the holder lets go after 15 s, so a write that waited succeeds and fails
    // this test instead of hanging it.
    it("a row another connection keeps locked stops a write after lockWaitMs, naming the table; nothing written", {
      timeout: 60_000,
    }, async () => {
      const tenant = `${RUN}-row-lock`;
      const store = pgMemoryStore(await shared(), tenant, { lockWaitMs: 500 });
      await remember({ store, path: "topics/hosting.md", fact: "deploys on Fly.io" });
      const before = await store.read("topics/hosting.md");
      const holder = await openDatabase({ databaseUrl: DATABASE_URL });
      try {
        const error = await holder.session(async (connection) => {
          await connection.query("BEGIN");
          await connection.query("SELECT path FROM memory_files WHERE tenant = $1 FOR UPDATE", [
            tenant,
          ]);
          const release = setTimeout(() => {
            connection.query("ROLLBACK").catch(() => {});
          }, 15_000);
          const caught = await remember({
            store,
            path: "topics/hosting.md",
            fact: "uses Postgres",
          }).then(
            () => undefined,
            (thrown: unknown) => thrown,
          );
          clearTimeout(release);
          await connection.query("ROLLBACK").catch(() => {});
          return caught as Error | undefined;
        });
        expect({
          name: error?.name,
          table: error?.message.includes("Could not write memory_files of postgres:"),
          nothing: error?.message.includes("Nothing of this call was written."),
          after: await store.read("topics/hosting.md"),
        }).toEqual({ name: "MemoryLockError", table: true, nothing: true, after: before });
      } finally {
        await holder.close();
      }
    });

    it("a statement a section started and did not await is refused once the section has ended", async () => {
      const store = pgMemoryStore(await shared(), `${RUN}-straggler`);
      let straggler: Promise<unknown> = Promise.resolve();
      await store.withLock(async () => {
        straggler = sleep(50).then(() => store.writeInternal("late.txt", "unprotected"));
      });
      const error = await straggler.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect({
        name: (error as Error | undefined)?.name,
        late: await store.readInternal("late.txt"),
      }).toEqual({ name: "MemoryLockError", late: undefined });
    });
  });

  describe("PostgreSQL server across processes", { timeout: 180_000 }, () => {
    it("4 processes x 100 read-modify-write increments through separate connections end at exactly 400", async () => {
      const tenant = `${RUN}-counter`;
      const outputs = await Promise.all(
        Array.from({ length: 4 }, () => runChild(["increment", tenant, "100"])),
      );
      const read = await pgMemoryStore(await shared(), tenant).read("counter.md");
      expect(read.exists && /- (\d+)/.exec(read.content)?.[1]).toBe("400");
      const conflicts = outputs.reduce((sum, output) => sum + JSON.parse(output).conflicts, 0);
      // Every refused write was a real race (the other 400 were accepted exactly once each).
      process.stdout.write(`contention: 400 increments, ${conflicts} version conflicts retried\n`);
    });

    it("4 processes x 100 increments of an internal file under withLock (how tombstones change) end at exactly 400", async () => {
      const tenant = `${RUN}-locked`;
      await Promise.all(
        Array.from({ length: 4 }, () => runChild(["locked-increment", tenant, "100"])),
      );
      expect(await pgMemoryStore(await shared(), tenant).readInternal("counter.txt")).toBe("400");
    });

    it("killing the lock holder's connection 50 times mid-section: both processes live, no two committed sections overlap, no update is torn or lost, every cut-off call fails with a MemfilesError", async () => {
      const tenant = `${RUN}-kill`;
      const application = `memfiles-kill-${process.pid}`;
      const url = new URL(DATABASE_URL);
      url.searchParams.set("application_name", application);
      const workers = ["a", "b"].map((id) =>
        startChild(["locked-sections", tenant, "0", id], url.toString()),
      );
      await Promise.all(workers.map((worker) => worker.ready));
      const sql = await shared();
      const killed = new Set<number>();
      let kills = 0;
      let idleKills = 0;
      let attempts = 0;
      while (kills < 50 && attempts < 5000 && workers.every((worker) => worker.alive())) {
        attempts += 1;
        await sleep(20 + Math.floor(Math.random() * 60));
        // A backend told to stop may show its lock a moment longer: each is counted once.
        const { rows } = await sql.query<{ pid: number; killed: boolean }>(
          `SELECT l.pid, pg_terminate_backend(l.pid) AS killed FROM pg_locks l
           JOIN pg_stat_activity a ON a.pid = l.pid
           WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = $1
             AND NOT (l.pid = ANY($2::int[]))`,
          [application, [...killed]],
        );
        for (const row of rows) if (row.killed) killed.add(row.pid);
        kills = killed.size;
        if (attempts % 10 === 0) {
          // An idle pooled connection dropping must not end the process either.
          const idle = await sql.query<{ killed: boolean }>(
            `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
             WHERE application_name = $1 AND state = 'idle'`,
            [application],
          );
          idleKills += idle.rows.filter((row) => row.killed).length;
        }
      }
      const reports = (await Promise.all(workers.map((worker) => worker.stop()))).map(
        (output) =>
          JSON.parse(output) as {
            committed: Array<{ enter: number; leave: number; value: number }>;
            failures: Array<{ name: string; code: string; message: string }>;
          },
      );
      const committed = reports.flatMap((report) => report.committed);
      const failures = reports.flatMap((report) => report.failures);
      const sorted = [...committed].sort((left, right) => left.enter - right.enter);
      const overlaps = sorted.filter(
        (section, index) => index > 0 && section.enter < (sorted[index - 1]?.leave ?? 0),
      );
      const store = pgMemoryStore(sql, tenant);
      const log = await store.read("topics/counter.md");
      const logged = [...(log.exists ? log.content : "").matchAll(/^- (\d+)$/gm)].map((match) =>
        Number(match[1]),
      );
      process.stdout.write(
        `kill test: ${kills} lock holders and ${idleKills} idle connections killed, ${committed.length} sections committed, ${failures.length} failed (first: ${failures[0]?.message})\n`,
      );
      expect({
        kills,
        overlaps,
        counter: await store.readInternal("counter.txt"),
        values: sorted.map((section) => section.value),
        logged,
        failureNames: [...new Set(failures.map((failure) => `${failure.name} ${failure.code}`))],
        // A kill that lands while the server finishes a COMMIT leaves a committed, whole section;
        // every other kill is a failed call, reported.
        everyKillAccounted: failures.length > 0 && failures.length + committed.length >= kills,
      }).toEqual({
        kills: 50,
        overlaps: [],
        counter: String(committed.length),
        values: Array.from({ length: committed.length }, (_, index) => index + 1),
        logged: Array.from({ length: committed.length }, (_, index) => index + 1),
        failureNames: ["MemoryLockError lock_failed"],
        everyKillAccounted: true,
      });
    });

    it("a forget racing a write pass that re-proposes the forgotten fact: the fact never returns", async () => {
      const rounds = 25;
      const prefix = `${RUN}-race`;
      const sql = await shared();
      const now = new Date("2026-09-12T18:30:00Z");
      for (let round = 0; round < rounds; round++) {
        await remember({
          store: pgMemoryStore(sql, `${prefix}-${round}`),
          path: "topics/hosting.md",
          fact: FORGOTTEN_FACT,
          now,
        });
      }
      await Promise.all([
        runChild(["forget", prefix, String(rounds)]),
        runChild(["write-pass", prefix, String(rounds)]),
      ]);
      for (let round = 0; round < rounds; round++) {
        const store = pgMemoryStore(sql, `${prefix}-${round}`);
        const hosting = await store.read("topics/hosting.md");
        expect(hosting.exists ? hosting.content : "", `round ${round}`).not.toContain("Fly.io");
        expect(await store.readInternal("tombstones.json"), `round ${round}`).toContain(
          '"tombstones"',
        );
      }
    });
  });
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

/** A long-running child: `ready` once it reports it, `stop()` closes its stdin and gives its output. */
function startChild(
  args: string[],
  databaseUrl: string,
): { ready: Promise<void>; alive: () => boolean; stop: () => Promise<string> } {
  const child = spawn(process.execPath, [...CHILD_ARGS, ...args], {
    cwd: here,
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  children.push(child);
  let output = "";
  let errors = "";
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolvePromise) => {
    markReady = resolvePromise;
  });
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    if (output.startsWith("ready\n")) markReady();
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    errors += chunk;
  });
  const exited = new Promise<string>((resolvePromise, reject) => {
    child.on("exit", (code) => {
      if (code === 0) resolvePromise(output.replace(/^ready\n/, ""));
      else reject(new Error(`server-child ${args.join(" ")} exited ${code}: ${errors}`));
    });
  });
  // A child that dies before it is ready fails the test instead of leaving it waiting.
  exited.catch(() => {});
  return {
    ready: Promise.race([ready, exited.then(() => {})]),
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: () => {
      child.stdin?.end();
      return exited;
    },
  };
}

function runChild(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [...CHILD_ARGS, ...args], {
    cwd: here,
    stdio: ["ignore", "pipe", "pipe"],
    env: process.env,
  });
  children.push(child);
  let output = "";
  let errors = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    errors += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`server-child ${args.join(" ")} exited ${code}: ${errors}`));
    });
  });
}
