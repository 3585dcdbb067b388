import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, expect, it } from "vitest";
import { MemoryStore } from "./memory-store.js";

const here = dirname(fileURLToPath(import.meta.url));
const FLIPPER = join(here, "..", "..", "test", "fixtures", "link-flipper.mjs");
// How long the second process swaps links while this one reads and writes (longer, up to 10x, until
// it has made 50 links: a starved child could otherwise prove nothing). Bounded so the test
// stays a few seconds on a busy 2-core machine; a race it misses in this window is not proven
// absent, only not seen (the attack run found 142 escapes in 2,600 cycles).
const FLIP_MS = 4_000;
const SECRET =
  "---\nname: a\ndescription: OUTSIDE-SECRET\n---\n[stated 2026/01/01] OUTSIDE-SECRET\n";
const INSIDE = "---\nname: a\ndescription: inside\n---\n[stated 2026/01/01] inside\n";

let sandbox: string;
beforeEach(async () => {
  sandbox = await mkdtemp(join(tmpdir(), "memfiles-link-flip-"));
});
afterEach(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

it("a second process swapping a file and its folder for links outside: 0 reads or writes escape", {
  timeout: 60_000, // a child process on a busy 2-core machine; the loop itself runs FLIP_MS
}, async () => {
  const root = join(sandbox, "memory");
  const outside = join(sandbox, "outside");
  await mkdir(join(root, "topics"), { recursive: true });
  await mkdir(outside);
  await writeFile(join(root, "topics", "a.md"), INSIDE);
  await writeFile(join(outside, "a.md"), SECRET);
  const store = new MemoryStore({ root, lockWaitMs: 60_000 });
  const child = spawn(process.execPath, [FLIPPER, root, outside, `${FLIP_MS}`], {
    cwd: here,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let cycles = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    cycles += chunk;
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  let done = false;
  void exited.then(() => {
    done = true;
  });
  let escapedReads = 0;
  let reads = 0;
  let writes = 0;
  let step = 0;
  while (!done) {
    step++;
    try {
      const current = await store.read("topics/a.md");
      reads++;
      if (current.exists && current.content.includes("OUTSIDE")) escapedReads++;
      for (const row of await store.list()) {
        if (row.description.includes("OUTSIDE")) escapedReads++;
      }
      const text = INSIDE.replace("inside\n", `inside ${step}\n`);
      const result = await store.write("topics/a.md", text, current.version);
      if (result.ok) writes++;
    } catch {
      // Refused (a link in the way) or the entry was away mid-swap: not an escape.
    }
  }
  const outsideNow = await readFile(join(outside, "a.md"), "utf8");
  const outsideNames = await readdir(outside);
  console.log(
    `link flip: ${cycles.trim()} (swap cycles, links made), ${reads} reads, ${writes} writes; ${escapedReads} escaped reads`,
  );
  expect({ escapedReads, outsideNow, outsideNames }).toEqual({
    escapedReads: 0,
    outsideNow: SECRET,
    outsideNames: ["a.md"],
  });
  // Links were in place while this process read and wrote: the race was run, not only started.
  const [, swaps = "0"] = cycles.trim().split(" ");
  expect(Number(swaps)).toBeGreaterThanOrEqual(50);
});
