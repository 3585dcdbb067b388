import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { memoryFixture } from "../../test/memory-fixture.js";
import { openMemoryDatabase } from "../memory-database.js";
import { runMemfiles } from "../run-memfiles.js";

// The test runs as any user (root reads a chmod 000 file), so a refused open is simulated.
const denied = vi.hoisted(() => ({ on: false }));
vi.mock("@memfiles/core", async (importOriginal) => {
  const core = await importOriginal<typeof import("@memfiles/core")>();
  return {
    ...core,
    readUsageLog: (source: Parameters<typeof core.readUsageLog>[0]) => {
      if (!denied.on) return core.readUsageLog(source);
      const root = typeof source === "string" ? source : source.root;
      const error = Object.assign(
        new Error(`EACCES: permission denied, open '${root}/.memfiles/usage.jsonl'`),
        { code: "EACCES" },
      );
      return Promise.reject(error);
    },
  };
});

// Each case runs the whole `memfiles cost` command on a fixture folder (core and the pricing load
// first): a hang guard under a shared 2-core machine's load, not a speed check.
describe("memfiles cost on a usage log it cannot read says so, not that there is none", {
  timeout: 120_000,
}, () => {
  it("a log that cannot be opened: exit 2, names the file and why", async () => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    denied.on = true;
    try {
      expect(await runMemfiles(["cost", "memory"], context)).toBe(2);
    } finally {
      denied.on = false;
    }
    expect(output.stderr).toMatch(
      /^memfiles: Cannot read the usage log .*\/memory\/\.memfiles\/usage\.jsonl: EACCES: permission denied, open .*\. Make it readable \(chmod u\+r .*\) and run again\.\n$/,
    );
  });

  it("a log none of whose lines can be read: exit 1, says so with the first line's problem", async () => {
    const { folder } = await memoryFixture();
    await mkdir(join(folder, "memory/.memfiles"), { recursive: true });
    await writeFile(join(folder, "memory/.memfiles/usage.jsonl"), "garbage\n{not json\n");
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(["cost", "memory"], context)).toBe(1);
    expect(output.stdout).toMatch(
      /^Cannot read the usage log .*\/usage\.jsonl: none of its 2 lines is a usage record\. .*usage\.jsonl:1 is not valid JSON/,
    );
    expect(output.stdout).not.toContain("No usage log");
  });

  it("no log at all still says there is none", async () => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(["cost", "memory"], context)).toBe(1);
    expect(output.stdout).toContain("No usage recorded: the usage log ");
  });
});

// Each message names the log once, whatever holds it: a folder's file, or a database tenant's row.
const LOG_PLACES = [
  {
    name: "folder",
    args: ["cost", "memory"],
    log: /the usage log \/\S+\/memory\/\.memfiles\/usage\.jsonl/,
    line: /\/\S+\/memory\/\.memfiles\/usage\.jsonl:1 is not valid JSON/,
    append: async (folder: string, text: string) => {
      await mkdir(join(folder, "memory/.memfiles"), { recursive: true });
      await writeFile(join(folder, "memory/.memfiles/usage.jsonl"), text);
    },
  },
  {
    name: "PGlite tenant",
    args: ["--pglite", "db", "--tenant", "alice", "cost"],
    log: /the usage log of pglite:alice \(usage\.jsonl in memory_internal\)/,
    line: /Line 1 of the usage log of pglite:alice \(usage\.jsonl in memory_internal\) is not valid JSON/,
    append: async (folder: string, text: string) => {
      const { context } = contextIn(folder);
      const opened = await openMemoryDatabase("cost", { pglite: "db", tenant: "alice" }, context);
      await opened?.store.appendInternal("usage.jsonl", text);
      await opened?.close();
    },
  },
];

// PGlite loads its WASM per open: a hang guard on a busy 2-core machine, not a speed check.
describe("memfiles cost names the usage log once, for a folder and a database", {
  timeout: 120_000,
}, () => {
  it.each(LOG_PLACES)("$name: no log", async ({ args, log }) => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(args, context), output.stderr).toBe(1);
    expect(output.stdout).toMatch(
      new RegExp(`^No usage recorded: ${log.source} is missing or empty;`),
    );
    expect(output.stdout.match(/usage log/g)).toHaveLength(1);
  });

  it.each(LOG_PLACES)("$name: a log none of whose lines is a record", async (place) => {
    const { folder } = await memoryFixture();
    await place.append(folder, "garbage\n");
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(place.args, context), output.stderr).toBe(1);
    expect(output.stdout).toMatch(
      new RegExp(
        `^Cannot read ${place.log.source}: its one line is not a usage record\\. ${place.line.source}`,
      ),
    );
    expect(output.stdout).not.toMatch(/usage log (of )?the usage log/);
  });

  it.each(LOG_PLACES)("$name: bad lines beside records are named by number", async (place) => {
    const { folder } = await memoryFixture();
    const record = {
      stage: "chat",
      model: "claude-haiku-4-5",
      usage: { input: 100, output: 10, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
      date: "2026-09-12T10:00:00.000Z",
    };
    // Line 1 a record, lines 2-13 not JSON: the first ten listed, the other two counted.
    await place.append(folder, `${JSON.stringify(record)}\n${"garbage\n".repeat(12)}`);
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(place.args, context), output.stderr).toBe(0);
    const skipped = output.stdout.slice(output.stdout.indexOf("Skipped"));
    expect(skipped).toMatch(
      new RegExp(`^Skipped 12 unreadable line\\(s\\) of ${place.log.source}:\n`),
    );
    expect(
      [...skipped.matchAll(/^ {2}line (\d+) \(bad_json\): /gm)].map((m) => Number(m[1])),
    ).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(skipped).toMatch(/ {2}\.\.\. and 2 more\.\n$/);
  });
});
