// Child process of `scale.bench.ts`, so each side's peak RSS is its own: `naive <root>` runs the
// seed article's scan and buildSystem over it; `store <root>` runs a MemoryStore cold, warm, after
// a hand edit and after the 2 s settle window. Prints one line of JSON.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildSystem } from "../src/recall/build-system.js";
import { MemoryStore } from "../src/store/memory-store.js";
import { description, memoryPath, naiveList } from "./corpus.js";
import { median, timeIt } from "./section.js";

const [mode, root] = process.argv.slice(2);
if (root === undefined || (mode !== "naive" && mode !== "store")) {
  throw new Error("Usage: scale-child.ts naive|store <root>");
}
const RUNS = 5;
const QUERY = "How should I deploy the new billing service?";
const options = { basePrompt: "You are a helpful assistant.", rules: "RULES", query: QUERY };

async function medianOf(fn: () => Promise<unknown>, runs = RUNS): Promise<number> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) samples.push(await timeIt(fn));
  return median(samples);
}

const peakMiB = () => process.resourceUsage().maxRSS / 1024;
const result: Record<string, number> = {};
if (mode === "naive") {
  const reader = new MemoryStore({ root });
  const store = { list: () => naiveList(root), read: (path: string) => reader.read(path) };
  result.firstListMs = await timeIt(() => naiveList(root));
  result.listMs = await medianOf(() => naiveList(root), 3);
  result.buildMs = await medianOf(() => buildSystem({ ...options, store }), 3);
} else {
  const store = new MemoryStore({ root });
  let rows = 0;
  let unreadable = 0;
  result.coldListMs = await timeIt(async () => {
    const listed = await store.list();
    rows = listed.length;
    unreadable = listed.filter((row) => row.problems?.some((p) => p.code === "unreadable")).length;
  });
  result.rows = rows;
  result.unreadable = unreadable;
  result.warmListMs = await medianOf(() => store.list());
  result.firstBuildMs = await timeIt(() => buildSystem({ ...options, store }));
  result.warmBuildMs = await medianOf(() => buildSystem({ ...options, store }));
  // A person edits one description: the next call re-reads that file and updates the search index.
  const edited = join(root, memoryPath(7));
  const text = await readFile(edited, "utf8");
  await writeFile(edited, text.replace(description(7), `${description(7)} Billing moved.`));
  result.afterEditBuildMs = await timeIt(() => buildSystem({ ...options, store }));
  await sleep(2_100); // past the store's 2 s re-read window for files changed just now
  result.settledBuildMs = await medianOf(() => buildSystem({ ...options, store }));
  // Peak before the extra store below, so both sides' peaks cover one list-and-build workload.
  result.peakRssMiB = peakMiB();
  // A new store in a process already warm: the cold list against the naive scan's median.
  result.newStoreListMs = await timeIt(() => new MemoryStore({ root }).list());
}
result.peakRssMiB ??= peakMiB();
console.log(JSON.stringify(result));
