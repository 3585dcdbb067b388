/**
 * Benchmark of memory at scale. Three tables, one run:
 * 1. list() and buildSystem on 1,000 / 10,000 / 50,000 files: the naive scan (seed article, 64
 *    reads in flight) vs a MemoryStore cold, warm, after a hand edit and after the 2 s settle
 *    window, each side in its own process so its peak RSS is its own;
 * 2. the write pass at 100 / 1,000 / 10,000 files x 0 / 5 / 20 proposals (Messages API mocked
 *    with msw, as the tests do);
 * 3. tokens per index line for realistic descriptions, under the 300-char cap and lower ones.
 *
 * Run: `pnpm bench -- scale`; `MEMFILES_BENCH_QUICK=1` (or `-- scale --quick`) stops at 10,000
 * files. Figures are wall-clock medians on whatever machine runs it; no goal is asserted.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { setupServer } from "msw/node";
import { estimateTokens } from "../src/cost/index.js";
import { writePass } from "../src/layouts/index.js";
import { capChars } from "../src/recall/fence.js";
import { MemoryStore } from "../src/store/index.js";
import { mockMessages, testClient, toolUseBlock } from "../test/messages-api.js";
import { description, generateFolder, memoryPath } from "./corpus.js";
import { type BenchSection, ms } from "./section.js";

const here = dirname(fileURLToPath(import.meta.url));
const QUICK = process.env.MEMFILES_BENCH_QUICK === "1" || process.argv.includes("--quick");
const LIST_SIZES = QUICK ? [1_000, 10_000] : [1_000, 10_000, 50_000];
const WRITE_SIZES = QUICK ? [100, 1_000] : [100, 1_000, 10_000];
const PROPOSALS = [0, 5, 20];

async function child(mode: "naive" | "store", root: string): Promise<Record<string, number>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", join(here, "scale-child.ts"), mode, root],
    { cwd: here, maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}");
}

function goal(met: boolean): string {
  return met ? "met" : "NOT met";
}

async function listTable(log: (line: string) => void): Promise<void> {
  log("### list() and buildSystem: naive scan vs MemoryStore (each side in its own process)");
  log("");
  log(
    "| files | rows (unreadable) | naive list, 1st call | cold list, new process | naive list, median | cold list, new store | warm list | naive buildSystem | warm buildSystem | after 1 edit | settled (>2 s) | naive/settled build | peak RSS naive | peak RSS store |",
  );
  log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  const goals: string[] = [];
  for (const count of LIST_SIZES) {
    const sandbox = await mkdtemp(join(tmpdir(), `memfiles-scale-${count}-`));
    try {
      await generateFolder(sandbox, count);
      const naive = await child("naive", sandbox);
      const store = await child("store", sandbox);
      const n = (value: number | undefined) => value ?? Number.NaN;
      const ratio = n(naive.buildMs) / n(store.settledBuildMs);
      log(
        `| ${count} | ${store.rows} (${store.unreadable}) | ${ms(n(naive.firstListMs))} | ${ms(n(store.coldListMs))} | ${ms(n(naive.listMs))} | ${ms(n(store.newStoreListMs))} | ${ms(n(store.warmListMs))} | ${ms(n(naive.buildMs))} | ${ms(n(store.warmBuildMs))} | ${ms(n(store.afterEditBuildMs))} | ${ms(n(store.settledBuildMs))} | ${ratio.toFixed(1)}x | ${n(naive.peakRssMiB).toFixed(0)} MiB | ${n(store.peakRssMiB).toFixed(0)} MiB |`,
      );
      goals.push(
        `${count} files: no row lost: ${goal(store.unreadable === 0 && store.rows === count)}; cold list no slower than naive: ${goal(n(store.coldListMs) <= n(naive.firstListMs))} in a new process, ${goal(n(store.newStoreListMs) <= n(naive.listMs))} in a warm one`,
      );
      if (count === 50_000) {
        goals.push(`50000 files: warm buildSystem >= 10x faster than naive: ${goal(ratio >= 10)}`);
        goals.push(
          `50000 files: peak RSS <= naive's: ${goal(n(store.peakRssMiB) <= n(naive.peakRssMiB))}`,
        );
      }
    } finally {
      await rm(sandbox, { recursive: true, force: true });
    }
  }
  log("");
  log(
    "naive = readdir + read and parse every file each call, 64 reads in flight. warm buildSystem is",
  );
  log("the median after the first; settled = after a hand edit and the 2 s re-read window.");
  log("");
  for (const line of goals) log(`- ${line}`);
}

async function writeTable(log: (line: string) => void): Promise<void> {
  log("");
  log("### writePass: one pass, a fresh MemoryStore each (Messages API mocked with msw)");
  log("");
  log(`| files | ${PROPOSALS.map((count) => `${count} proposals`).join(" | ")} | 20 / 0 |`);
  log(`|---:|${PROPOSALS.map(() => "---:").join("|")}|---:|`);
  const server = setupServer();
  server.listen({ onUnhandledRequest: "error" });
  try {
    for (const count of WRITE_SIZES) {
      const sandbox = await mkdtemp(join(tmpdir(), `memfiles-write-${count}-`));
      try {
        await generateFolder(sandbox, count);
        const cells: number[] = [];
        for (const proposals of PROPOSALS) {
          const said = Array.from(
            { length: proposals },
            (_, index) => `I now use tool ${proposals}x${index} for project ${index}.`,
          );
          const memories = said.map((evidence, index) => ({
            file: memoryPath(index * 37),
            fact: `uses tool ${proposals}x${index} for project ${index}`,
            evidence,
            replaces: null,
            description: null,
          }));
          mockMessages(server, [
            { content: [toolUseBlock({ name: "propose_memories", input: { memories } })] },
          ]);
          const start = performance.now();
          const result = await writePass({
            store: new MemoryStore({ root: sandbox }),
            transcript: {
              date: "2026-11-29",
              turns: [{ role: "user", content: said.join(" ") || "Nothing new today." }],
            },
            client: testClient(),
            model: "claude-haiku-4-5",
            onTooLong: false,
          });
          cells.push(performance.now() - start);
          if (result.applied.length !== proposals) {
            throw new Error(
              `bench write pass applied ${result.applied.length} of ${proposals}: ${result.rejected.map((item) => item.message).join("; ")}`,
            );
          }
          server.resetHandlers();
        }
        log(
          `| ${count} | ${cells.map(ms).join(" | ")} | ${((cells[2] ?? Number.NaN) / (cells[0] ?? Number.NaN)).toFixed(2)}x |`,
        );
      } finally {
        await rm(sandbox, { recursive: true, force: true });
      }
    }
  } finally {
    server.close();
  }
  log("");
  log("Goal: 20 proposals within 2x of 0 proposals (the folder is read once per pass).");
}

function tokensTable(log: (line: string) => void): void {
  log("");
  log("### Index line tokens, realistic descriptions (10,000 files, estimated as ceil(chars / 4))");
  log("");
  log("| description cap | mean tokens per line | lines over 25 tokens | descriptions cut |");
  log("|---:|---:|---:|---:|");
  const rows = Array.from({ length: 10_000 }, (_, index) => ({
    path: memoryPath(index),
    description: description(index),
  }));
  for (const cap of [300, 200, 150, 100, 80]) {
    let tokens = 0;
    let over = 0;
    let cut = 0;
    for (const row of rows) {
      const shown = capChars(row.description, cap);
      if (shown !== row.description) cut++;
      const lineTokens = estimateTokens(`- ${row.path}: ${shown}`);
      tokens += lineTokens;
      if (lineTokens > 25) over++;
    }
    log(
      `| ${cap} chars | ${(tokens / rows.length).toFixed(1)} | ${((100 * over) / rows.length).toFixed(0)}% | ${((100 * cut) / rows.length).toFixed(0)}% |`,
    );
  }
  log("");
  log(
    "A lower cap saves tokens by cutting what a description says; what that costs in recall needs a",
  );
  log("recall benchmark (LoCoMo), which memfiles does not have yet: the cap stays at 300 chars.");
}

const section: BenchSection = {
  name: "scale",
  title: `memory at scale: ${LIST_SIZES.join(" / ")} files, the write pass, tokens per index line`,
  async run({ log }) {
    // Checked once so a broken generator cannot print figures for files the store cannot parse.
    const probe = await mkdtemp(join(tmpdir(), "memfiles-scale-probe-"));
    try {
      await generateFolder(probe, 20);
      const rows = await new MemoryStore({ root: probe }).list();
      if (
        rows.some(
          (row) =>
            row.description !== description(Number(row.path.replace(/\D/g, ""))) &&
            row.path !== "profile.md",
        )
      ) {
        throw new Error("bench descriptions do not survive YAML: quote them");
      }
    } finally {
      await rm(probe, { recursive: true, force: true });
    }
    tokensTable(log);
    await writeTable(log);
    log("");
    await listTable(log);
  },
};
export default section;
