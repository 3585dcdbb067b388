import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectBuilt } from "../../test/fixtures/built-dist.js";
import { CHURN_MAX_CHARS, churnText, counterValue } from "../../test/fixtures/store-texts.mjs";
import { parseMemoryFile } from "../format/memory-file.js";
import { MemoryStore } from "./memory-store.js";

const here = dirname(fileURLToPath(import.meta.url));
// The children run the built store on plain node: a tsx child compiled the store's sources again
// in every process. The `memfiles-dist` condition resolves @memfiles/errors to its dist/ too.
const CHILD = join(here, "..", "..", "test", "fixtures", "store-child.mjs");

beforeAll(() => expectBuilt(["core", "errors"]));

let sandbox: string;
let root: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  sandbox = await mkdtemp(join(tmpdir(), "memfiles-concurrency-"));
  root = join(sandbox, "memory");
});

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  await rm(sandbox, { recursive: true, force: true });
});

function startChild(args: string[]): {
  child: ChildProcess;
  /** What the child printed after `ready`. */
  output: string[];
  /** Settles once the child has loaded and waits for {@link go}. */
  ready: Promise<void>;
  /** Lets the child start its loop. */
  go: () => void;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, ["--conditions=memfiles-dist", CHILD, ...args], {
    cwd: here,
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(child);
  const output: string[] = [];
  let errors = "";
  let head: string | undefined = "";
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    if (head === undefined) {
      output.push(chunk);
      return;
    }
    head += chunk;
    if (!head.startsWith("ready\n")) return;
    output.push(head.slice("ready\n".length));
    head = undefined;
    markReady();
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    errors += chunk;
  });
  const exit = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => {
      if (code !== 0 && code !== null) process.stderr.write(errors);
      markReady();
      resolve(code);
    });
  });
  return { child, output, ready, go: () => child.stdin?.end("go\n"), exit };
}

// These tests start real Node processes, which alone takes 1-3 s on a loaded 2-CPU machine; the
// ceiling is a guard against hangs, not a speed assertion.
describe("MemoryStore across processes", { timeout: 120_000 }, () => {
  // The four start their loops together, once all have loaded, so their read-modify-writes
  // interleave from the first increment: 25 each is enough to race (with the version check under
  // the lock skipped, 28-34 of the 100 survived; with the lock gone, the children failed).
  it("4 processes x 25 read-modify-write increments with retry on conflict end at exactly 100", async () => {
    const runs = Array.from({ length: 4 }, () =>
      startChild(["increment", root, "counter.md", "25"]),
    );
    await Promise.all(runs.map((run) => run.ready));
    for (const run of runs) run.go();
    expect(await Promise.all(runs.map((run) => run.exit))).toEqual([0, 0, 0, 0]);
    const text = await readFile(join(root, "counter.md"), "utf8");
    expect(counterValue(text)).toBe(100);
    const conflicts = runs.map((run) => JSON.parse(run.output.join("")).conflicts as number);
    // Not asserted (it depends on scheduling), but shows the writers really raced.
    process.stdout.write(`conflicts per process: ${conflicts.join(", ")}\n`);
  });

  it("readers of a file rewritten in a loop only ever see a whole version, and a writer killed with SIGKILL leaves one", async () => {
    const path = join(root, "churn.md");
    const allowed = new Set([churnText("a"), churnText("b")]);
    // The reads compare bytes (no decoding), so the read loop's CPU goes to reading.
    const versions = [...allowed].map((text) => Buffer.from(text));
    let reads = 0;
    const torn: string[] = [];
    for (let round = 0; round < 3; round++) {
      const run = startChild(["churn", root, "churn.md"]);
      // Reads start with the writes: reading while the child still loads proves nothing.
      await run.ready;
      run.go();
      const writes = () => run.output.join("").split("\n").length - 1;
      // Killed after 5, 9 and 13 writes: with writes in place (not a rename) the 27 writes gave
      // dozens of torn reads or a torn file after the kill, run after run.
      const target = 5 + round * 4;
      let exited = false;
      run.exit.then(() => {
        exited = true;
      });
      // Read while the child writes: a non-atomic write shows up here as an empty or cut file.
      while (writes() < target && !exited) {
        try {
          const bytes = await readFile(path);
          reads++;
          if (!versions.some((version) => version.equals(bytes)))
            torn.push(`${bytes.length} bytes`);
        } catch (error) {
          if ((error as { code?: string }).code !== "ENOENT") throw error;
        }
      }
      expect(exited).toBe(false);
      run.child.kill("SIGKILL");
      expect(await run.exit).toBe(null);
      const text = await readFile(path, "utf8");
      expect(allowed.has(text)).toBe(true);
      expect(parseMemoryFile(text).problems).toEqual([]);
    }
    expect({ torn, someReads: reads > 0 }).toEqual({ torn: [], someReads: true });
    // The dead writer's lock is taken over once stale; the folder stays usable.
    const store = new MemoryStore({ root, maxChars: CHURN_MAX_CHARS, lockStaleMs: 2_000 });
    const current = await store.read("churn.md");
    expect(await store.write("churn.md", churnText("a"), current.version)).toMatchObject({
      ok: true,
    });
    const leftovers = (await readdir(root)).filter(
      (name) => !["churn.md", "MEMORY.md", ".memfiles"].includes(name),
    );
    // Temp files (churn.md.memfiles-<hex>.tmp) may survive a SIGKILL; list() ignores them, check()
    // reports them and the next write removes them.
    expect(leftovers.every((name) => name.startsWith("churn.md."))).toBe(true);
    expect((await store.list()).map((row) => row.path)).toEqual(["churn.md"]);
  });
});
