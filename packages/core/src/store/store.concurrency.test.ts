import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseMemoryFile } from "../format/memory-file.js";
import { MemoryStore } from "./memory-store.js";
import { churnText, counterValue } from "./store-child.fixture.js";

const here = dirname(fileURLToPath(import.meta.url));
const CHILD = join(here, "store-child.fixture.ts");

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
  output: string[];
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD, ...args], {
    cwd: here,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const output: string[] = [];
  let errors = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => output.push(chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    errors += chunk;
  });
  const exit = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => {
      if (code !== 0 && code !== null) process.stderr.write(errors);
      resolve(code);
    });
  });
  return { child, output, exit };
}

// These tests start real Node processes (node --import tsx), which alone takes 1-3 s on a loaded
// 2-CPU machine, then make 400 fsync'd atomic replaces; the 5 s default is sized for in-process
// tests. This is a ceiling against hangs, not a speed assertion.
describe("MemoryStore across processes", { timeout: 60_000 }, () => {
  it("4 processes x 100 read-modify-write increments with retry on conflict end at exactly 400", async () => {
    const runs = Array.from({ length: 4 }, () =>
      startChild(["increment", root, "counter.md", "100"]),
    );
    expect(await Promise.all(runs.map((run) => run.exit))).toEqual([0, 0, 0, 0]);
    const text = await readFile(join(root, "counter.md"), "utf8");
    expect(counterValue(text)).toBe(400);
    const conflicts = runs.map((run) => JSON.parse(run.output.join("")).conflicts as number);
    // Not asserted (it depends on scheduling), but shows the writers really raced.
    process.stdout.write(`conflicts per process: ${conflicts.join(", ")}\n`);
  });

  it("a writer killed with SIGKILL mid-loop leaves the old or the new text, never a mix", async () => {
    const path = join(root, "churn.md");
    const allowed = [churnText("a"), churnText("b")];
    for (let round = 0; round < 3; round++) {
      const run = startChild(["churn", root, "churn.md"]);
      const target = 5 + round * 7;
      await new Promise<void>((resolve, reject) => {
        run.child.stdout?.on("data", () => {
          if (run.output.join("").split("\n").length > target) resolve();
        });
        run.exit.then((code) => reject(new Error(`churn child exited early with ${code}`)));
      });
      run.child.kill("SIGKILL");
      expect(await run.exit).toBe(null);
      const text = await readFile(path, "utf8");
      expect(allowed).toContain(text);
      expect(parseMemoryFile(text).problems).toEqual([]);
    }
    // The dead writer's lock is taken over once stale; the folder stays usable.
    const store = new MemoryStore({ root, maxChars: 100_000, lockStaleMs: 2_000 });
    const current = await store.read("churn.md");
    expect(await store.write("churn.md", churnText("a"), current.version)).toMatchObject({
      ok: true,
    });
    const leftovers = (await readdir(root)).filter(
      (name) => !["churn.md", "MEMORY.md", ".memfiles"].includes(name),
    );
    expect(leftovers.every((name) => name.startsWith("churn.md."))).toBe(true);
  });
});
