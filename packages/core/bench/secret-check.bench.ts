/**
 * The secret check every write runs (`checkSecrets`: each text alone, then the lines and the
 * session's last writes joined), on memory lines one write at a time and on one file of 8,000
 * lines (a memory-tool edit or `memfiles check` of a long file), and `findSecrets` of one line.
 *
 * CPU time is `process.cpuUsage()` (user + system) around the calls; allocated bytes come from
 * V8's sampling heap profiler with collected objects counted (what was allocated, not what is
 * left). Each round checks texts no round has checked before (the guard answers a text scanned
 * lately from memory; within a check it does, as in use), and runs its cases back to back, the order alternating between rounds;
 * the ratios are taken within a round, so a busy machine slows both sides of a pair alike.
 *
 * Run: `pnpm bench -- secret-check`; `-- secret-check --quick` (or `MEMFILES_BENCH_QUICK=1`)
 * checks a 2,000-line file and fewer lines. Figures are for whatever machine runs it; no goal is
 * asserted.
 */
import { Session } from "node:inspector/promises";
import { checkSecrets, WriteSession } from "../src/guards/check-secrets.js";
import { findSecrets } from "../src/guards/secret-guard.js";
import { type BenchSection, median } from "./section.js";

const QUICK = process.env.MEMFILES_BENCH_QUICK === "1" || process.argv.includes("--quick");
const LINES = QUICK ? 200 : 500;
const FILE_LINES = QUICK ? 2_000 : 8_000;
const ROUNDS = QUICK ? 3 : 5;

// Facts of the length a write pass proposes, with nothing secret in them (the common case), in
// English and other scripts, as memory lines.
const FACTS = [
  "Caroline went to an LGBTQ support group on 7 May 2023 and found it powerful; she wants to study counseling",
  "Melanie painted a lake sunrise last year and keeps it in the hallway",
  "prefers Neovim with the lazy.nvim plugin manager for TypeScript work",
  "deploys the side project on Fly.io from the main branch, staging on Render",
  "Renée moved to Zürich in March 2024 and works at the café on Langstrasse 🎉",
  "東京の出張は 2024年5月、ホテルは新宿",
  "budget for the garden: 400 EUR a year, paid in April",
];
// Each case and round its own texts, so none is answered from an earlier scan's memory.
const line = (tag: string, round: number, index: number) =>
  `- [stated 2026/09/12] ${FACTS[index % FACTS.length]} (${tag} ${round}.${index})`;

type Figures = { cpuMs: number; allocatedMb: number };

async function cpuOf(run: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

// What `run` allocates, in MB: V8's sampling heap profiler, counting objects already collected.
async function allocatedBy(run: () => Promise<unknown>): Promise<number> {
  const session = new Session();
  session.connect();
  try {
    await session.post("HeapProfiler.enable");
    await session.post("HeapProfiler.startSampling", {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    await run();
    const { profile } = await session.post("HeapProfiler.stopSampling");
    type Node = { selfSize: number; children: Node[] };
    const total = (node: Node): number =>
      node.children.reduce((sum, child) => sum + total(child), node.selfSize);
    return total(profile.head as Node) / 1e6;
  } finally {
    session.disconnect();
  }
}

const CASES = {
  // One write per line, as `remember` or a write pass's proposal: the fact and no replaced line.
  lines: (round: number) => async () => {
    const session = new WriteSession();
    for (let index = 0; index < LINES; index++) {
      await checkSecrets({ texts: [line("w", round, index), ""], session });
    }
  },
  found: (round: number) => async () => {
    for (let index = 0; index < LINES; index++) await findSecrets(line("f", round, index));
  },
  file: (round: number) => async () => {
    const text = Array.from({ length: FILE_LINES }, (_, index) => line("l", round, index)).join(
      "\n",
    );
    await checkSecrets({ texts: [text] });
  },
} as const;
type CaseName = keyof typeof CASES;

const section: BenchSection = {
  name: "secret-check",
  title: `checkSecrets per memory line (${LINES} writes) and on one ${FILE_LINES.toLocaleString("en")}-line file, findSecrets per line; CPU time and allocated bytes, ${ROUNDS} rounds`,
  async run({ log }) {
    const names = Object.keys(CASES) as CaseName[];
    const cpu: Record<CaseName, number[]> = { lines: [], found: [], file: [] };
    const perLineRatio: number[] = [];
    const fileRatio: number[] = [];
    // Warm-up: loading the rules and compiling the patterns belong to no case.
    await CASES.lines(-1)();
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? names : [...names].reverse();
      for (const name of order) cpu[name].push(await cpuOf(CASES[name](round)));
      const [lines, found, file] = [cpu.lines, cpu.found, cpu.file].map(
        (samples) => samples[round] as number,
      ) as [number, number, number];
      perLineRatio.push(lines / found);
      fileRatio.push(file / FILE_LINES / (lines / LINES));
    }
    const allocated: Record<CaseName, number> = { lines: 0, found: 0, file: 0 };
    for (const name of names) allocated[name] = await allocatedBy(CASES[name](ROUNDS));
    const figures = (name: CaseName): Figures => ({
      cpuMs: median(cpu[name]),
      allocatedMb: allocated[name],
    });
    const range = (samples: number[]) =>
      `${median(samples).toFixed(2)}x (${Math.min(...samples).toFixed(2)}-${Math.max(...samples).toFixed(2)})`;
    log(
      "| case | texts | CPU (median of rounds) | CPU per line | allocated | allocated per line |",
    );
    log("|---|---:|---:|---:|---:|---:|");
    const row = (name: CaseName, label: string, count: number) => {
      const { cpuMs, allocatedMb } = figures(name);
      log(
        `| ${label} | ${count.toLocaleString("en")} | ${cpuMs.toFixed(0)} ms | ${((cpuMs * 1000) / count).toFixed(0)} µs | ${allocatedMb.toFixed(1)} MB | ${((allocatedMb * 1000) / count).toFixed(1)} KB |`,
      );
    };
    row("lines", "checkSecrets, one write per line", LINES);
    row("found", "findSecrets, one call per line", LINES);
    row("file", `checkSecrets, one ${FILE_LINES.toLocaleString("en")}-line file`, FILE_LINES);
    log("");
    log(`Paired within each round (median, range over ${ROUNDS} rounds):`);
    log(`- checkSecrets / findSecrets of a line: ${range(perLineRatio)}`);
    log(
      `- per line, the ${FILE_LINES.toLocaleString("en")}-line file / one write per line: ${range(fileRatio)}`,
    );
  },
};

export default section;
