/**
 * What masking costs the surfaces that print memory to a terminal (decision 0079), on a clean
 * folder of 1,000 subject files (~800 chars each), paired: the old way and the new way of each
 * run back to back in one round, the order alternating between rounds, CPU time
 * (`process.cpuUsage()`, user + system) around each.
 *
 * - search: the old `memfiles search` (`searchMemoryLines` over every file, raw) against core's
 *   `searchShown` (the same rule, then the matched files' texts and paths masked), for a word
 *   ~10 % of the files hold;
 * - show: one file printed as read against `maskSecrets` of it;
 * - ls: the rows as listed against `maskRows` (every path, name and description masked);
 * - paths: `maskPathsOfEach` of the 300 paths a memory block lists at most unfiltered, alone (the
 *   memory block and recall's "Lines from:" add this, and nothing else).
 *
 * Each round makes texts no round used before, so the screen's memory of cleared texts (a warm
 * process's) answers nothing: the figures are a cold process's. Run: `pnpm bench -- shown`
 * (`--quick`: 5 rounds). Figures are for whatever machine runs it; no goal is asserted.
 */
import { loadavg } from "node:os";
import { memoryBodyLines, searchMemoryLines } from "../src/format/index.js";
import { maskPathsOfEach, maskRows } from "../src/guards/mask-paths.js";
import { maskSecrets } from "../src/guards/mask-secrets.js";
import { searchShown } from "../src/guards/search-shown.js";
import { type BenchSection, median } from "./section.js";

const QUICK = process.env.MEMFILES_BENCH_QUICK === "1" || process.argv.includes("--quick");
const ROUNDS = QUICK ? 5 : 15;
const FILES = 1_000;

const FACTS = [
  "prefers Neovim with the lazy.nvim plugin manager for TypeScript work",
  "Renée moved to Zürich in March 2024 and works at the café on Langstrasse",
  "budget for the garden: 400 EUR a year, paid in April",
  "東京の出張は 2024年5月、ホテルは新宿",
  "walks the dog before work, around seven, in the park by the river",
];

type File = { path: string; name: string; description: string; content: string; chars: number };

// A clean folder; `round` makes every text its own. One file in ten holds "flyio".
function folder(round: number): File[] {
  return Array.from({ length: FILES }, (_, at) => {
    const name = `t${String(at).padStart(4, "0")}-r${round}-notes`;
    const description = `Notes ${at} of round ${round}: tools, trips and the garden.`;
    const lines = Array.from(
      { length: 9 },
      (_, line) =>
        `[stated 2026/0${1 + (line % 9)}/1${line % 10}] ${FACTS[(at + line) % FACTS.length]} (${round}.${at}.${line})${line === 0 && at % 10 === 0 ? " deploys on flyio" : ""}`,
    );
    const content = `---\nname: ${name}\ndescription: ${description}\nupdated: 2026/09/12\n---\n${lines.join("\n")}\n`;
    return { path: `topics/${name}.md`, name, description, content, chars: content.length };
  });
}

async function cpuOf(run: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

type Pair = { old: number; new: number };

const CASES: Array<[string, (files: File[]) => [() => unknown, () => unknown]]> = [
  [
    "search (1,000 files, 100 match)",
    (files) => [
      () =>
        files.flatMap((file) =>
          searchMemoryLines(
            { description: file.description, lines: memoryBodyLines(file.content, file.path) },
            ["flyio"],
          ),
        ),
      () => searchShown(files, ["flyio"]),
    ],
  ],
  [
    "show (one file)",
    (files) => [() => files[7]?.content, () => maskSecrets(files[7]?.content ?? "")],
  ],
  ["ls (1,000 rows)", (files) => [() => files.map((file) => file), () => maskRows(files)]],
  [
    "paths alone (300, a memory block's)",
    (files) => [
      () => undefined,
      () => maskPathsOfEach(files.slice(0, 300).map((file) => file.path)),
    ],
  ],
];

const section: BenchSection = {
  name: "shown",
  title: "masking on the terminal surfaces: old vs new, paired CPU time, a clean 1,000-file folder",
  async run({ log }) {
    // Loads the check's modules once, as a folder with one masked file would; the rounds then
    // measure the screen, which a clean folder pays.
    await maskSecrets("warm up");
    const pairs = new Map<string, Pair[]>(CASES.map(([name]) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, make] of CASES) {
        // Old and new each get texts of their own, so neither is answered from the other's.
        const [oldRun] = make(folder(2 * round));
        const [, newRun] = make(folder(2 * round + 1));
        const pair: Pair = { old: 0, new: 0 };
        if (round % 2 === 0) {
          pair.old = await cpuOf(oldRun);
          pair.new = await cpuOf(newRun);
        } else {
          pair.new = await cpuOf(newRun);
          pair.old = await cpuOf(oldRun);
        }
        pairs.get(name)?.push(pair);
      }
    }
    log(
      `load average (1, 5, 15 min): ${loadavg()
        .map((value) => value.toFixed(2))
        .join(", ")}`,
    );
    log(`${ROUNDS} pairs each, CPU ms, medians:`);
    log("| case | old | new | new - old (median of pairs) | pairs new slower |");
    log("|---|---|---|---|---|");
    for (const [name, list] of pairs) {
      const slower = list.filter((pair) => pair.new > pair.old).length;
      log(
        `| ${name} | ${median(list.map((pair) => pair.old)).toFixed(2)} | ${median(list.map((pair) => pair.new)).toFixed(2)} | ${median(list.map((pair) => pair.new - pair.old)).toFixed(2)} | ${slower} of ${list.length} |`,
      );
    }
  },
};

export default section;
