/**
 * The write pass on both layouts at 1,000 / 10,000 / 50,000 files: CPU time of a pass with 20
 * proposals against the same pass with none (paired, several rounds), the store reads a pass
 * makes, and the size of every model request kind (write, consolidate, side query) at that size.
 *
 * CPU time is `process.cpuUsage()` (user + system) around one `writePass` on a fresh
 * `MemoryStore`; the Messages API is mocked with msw in the same process, as the tests do, so the
 * mock's JSON parse of each request counts too. Each round runs the 0- and the 20-proposal pass
 * back to back (the order alternates between rounds) and the ratio is taken within the round, so
 * a busy machine slows both sides of a pair alike. The goals (issue "one core"): 20 / 0 within 2x,
 * store reads per pass at most the files plus a constant.
 *
 * Run: `pnpm bench -- write-pass`; `-- write-pass --quick` (or `MEMFILES_BENCH_QUICK=1`) stops at
 * 10,000 files; `MEMFILES_BENCH_WRITE_SIZES=1000,5000` picks the sizes.
 */
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { getPrompt } from "@memfiles/prompts";
import { setupServer } from "msw/node";
import * as consolidation from "../src/consolidate/index.js";
import { consolidateAll, writePass } from "../src/layouts/index.js";
import { selectMemories } from "../src/recall/index.js";
import { MemoryStore, type StoreLayout } from "../src/store/index.js";
import { mockMessages, testClient, toolUseBlock } from "../test/messages-api.js";
import { description, generateFolder, memoryPath } from "./corpus.js";
import { type BenchSection, median } from "./section.js";

const QUICK = process.env.MEMFILES_BENCH_QUICK === "1" || process.argv.includes("--quick");
const SIZES =
  process.env.MEMFILES_BENCH_WRITE_SIZES?.split(",").map(Number) ??
  (QUICK ? [1_000, 10_000] : [1_000, 10_000, 50_000]);
// Fewer rounds where one pass takes seconds: the figures say how many rounds each row had.
const ROUNDS: Record<number, number> = { 1000: 3, 10000: 2, 50000: 1 };
// A 20-proposal pass predicted (from the size below it, scaled by the file count) to need more CPU
// than this is not run: its 0-proposal pass, reads and request sizes still are.
const MAX_PREDICTED_CPU_MS = 300_000;
const PROPOSALS = 20;
const LAYOUTS: readonly StoreLayout[] = ["subject", "fact"];
const MODEL = "claude-haiku-4-5";

/** A fact-layout folder of `count` top-level fact files (Claude Code's `.memory/` shape). */
async function generateFactFolder(root: string, count: number): Promise<void> {
  const dayAgo = new Date(Date.now() - 86_400_000);
  await mkdir(root, { recursive: true });
  for (let start = 0; start < count; start += 256) {
    await Promise.all(
      Array.from({ length: Math.min(256, count - start) }, async (_, offset) => {
        const index = start + offset;
        const path = join(root, factPath(index));
        // A JSON string is a YAML double-quoted scalar: the description's `#` and `:` stay text.
        await writeFile(
          path,
          `---\nname: fact ${index}\ndescription: ${JSON.stringify(description(index))}\ntype: project\nupdated: 2026/09/${String(1 + (index % 28)).padStart(2, "0")}\n---\nUses tool ${index} for project ${index % 97}.\n`,
        );
        await utimes(path, dayAgo, dayAgo);
      }),
    );
  }
}

function factPath(index: number): string {
  return `fact-${index}.md`;
}

type Counts = { reads: number; lists: number; listedRows: number };

/**
 * The store with its `read`, `list` and `readAll` calls counted (methods bound, so private fields
 * work): a `readAll` counts as a list whose every file is read once.
 */
function countedStore(store: MemoryStore, counts: Counts): MemoryStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === "read") {
        return (path: string) => {
          counts.reads++;
          return target.read(path);
        };
      }
      if (property === "readAll") {
        return async () => {
          counts.lists++;
          const all = await target.readAll();
          counts.listedRows += all.rows.length;
          return all;
        };
      }
      if (property === "list") {
        return async () => {
          counts.lists++;
          const rows = await target.list();
          counts.listedRows += rows.length;
          return rows;
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The proposals of one pass, in the shape of whichever tool the request offers. */
function replyFor(
  body: Anthropic.MessageCreateParams,
  said: readonly string[],
  label: string,
): Anthropic.ContentBlock[] {
  const tool = body.tools?.[0] as { name?: string } | undefined;
  const name = tool?.name ?? "propose_memories";
  const memories = said.map((evidence, index) =>
    name === "propose_facts"
      ? {
          action: "save",
          name: `tool ${label} ${index}`,
          type: "project",
          description: `Which tool the user uses for project ${label} ${index}.`,
          body: `Uses tool ${label}x${index} for project ${index}.`,
          evidence,
          replaces: null,
        }
      : {
          file: memoryPath(index * 37),
          fact: `uses tool ${label}x${index} for project ${index}`,
          evidence,
          replaces: null,
          description: null,
        },
  );
  return [toolUseBlock({ name, input: { memories } })];
}

type PassFigures = { cpuMs: number; counts: Counts; requestChars: number };

async function onePass(
  server: ReturnType<typeof setupServer>,
  root: string,
  layout: StoreLayout,
  proposals: number,
  label: string,
): Promise<PassFigures> {
  const said = Array.from(
    { length: proposals },
    (_, index) => `I now use tool ${label}x${index} for project ${index}.`,
  );
  const requests = mockMessages(server, [{ content: (body) => replyFor(body, said, label) }]);
  const counts: Counts = { reads: 0, lists: 0, listedRows: 0 };
  const store = countedStore(new MemoryStore({ root, layout }), counts);
  const before = process.cpuUsage();
  const result = await writePass({
    store,
    transcript: {
      date: "2026-11-29",
      turns: [{ role: "user", content: said.join(" ") || "Nothing new today." }],
    },
    client: testClient(),
    model: MODEL,
    onTooLong: false,
    ...(layout === "fact" ? { prompt: getPrompt("fact-extraction", 1) } : {}),
  });
  const used = process.cpuUsage(before);
  server.resetHandlers();
  if (result.applied.length !== proposals) {
    throw new Error(
      `bench write pass (${layout}, ${proposals} proposals) applied ${result.applied.length}: ${result.rejected.map((item) => item.message).join("; ")}`,
    );
  }
  return {
    cpuMs: (used.user + used.system) / 1000,
    counts,
    requestChars: JSON.stringify(requests[0] ?? {}).length,
  };
}

/** Chars of the one request a call sends (0 when it sends none), the reply being a refusal. */
async function requestChars(
  server: ReturnType<typeof setupServer>,
  call: () => Promise<unknown>,
): Promise<number> {
  const requests = mockMessages(server, [
    { content: [{ type: "text", text: "no", citations: null }] },
  ]);
  await call().catch(() => undefined);
  server.resetHandlers();
  return requests[0] === undefined ? 0 : JSON.stringify(requests[0]).length;
}

async function consolidateChars(
  server: ReturnType<typeof setupServer>,
  root: string,
  layout: StoreLayout,
): Promise<number> {
  const store = new MemoryStore({ root, layout });
  const client = testClient();
  if (layout === "subject") {
    // One file's rewrite: consolidateAll would send one such request per file over 6,000 chars.
    return requestChars(server, () =>
      consolidation.consolidate({ store, path: memoryPath(0), client, model: MODEL }),
    );
  }
  // consolidateAll, the one entry point: the fact layout's merge past its file count.
  return requestChars(server, () => consolidateAll({ store, client, model: MODEL }));
}

function tokens(chars: number): string {
  if (chars === 0) return "none sent";
  return `${chars.toLocaleString("en")} chars / ~${Math.ceil(chars / 4).toLocaleString("en")} tokens`;
}

const section: BenchSection = {
  name: "write-pass",
  title: `the write pass on both layouts: ${SIZES.join(" / ")} files, ${PROPOSALS} vs 0 proposals, CPU time`,
  async run({ log }) {
    log(`### writePass: ${PROPOSALS} proposals vs 0, CPU time, paired within each round`);
    log("");
    log(
      `| layout | files | rounds | CPU, 0 proposals (median) | CPU, ${PROPOSALS} proposals (median) | ${PROPOSALS} / 0 (median, range) | store reads in the ${PROPOSALS}-proposal pass | goals: ratio <= 2x / reads <= files + 100 |`,
    );
    log("|---|---:|---:|---:|---:|---:|---|---|");
    const server = setupServer();
    server.listen({ onUnhandledRequest: "error" });
    const sizes: string[] = [];
    const lastFull = new Map<StoreLayout, { cpuMs: number; files: number }>();
    try {
      for (const layout of LAYOUTS) {
        for (const count of SIZES) {
          const root = await mkdtemp(join(tmpdir(), `memfiles-bench-${layout}-${count}-`));
          try {
            if (layout === "subject") await generateFolder(root, count);
            else await generateFactFolder(root, count);
            const rounds = ROUNDS[count] ?? 1;
            const previous = lastFull.get(layout);
            const predicted =
              previous === undefined ? 0 : (previous.cpuMs * count) / previous.files;
            const ratios: number[] = [];
            const cpu0: number[] = [];
            const cpu20: number[] = [];
            let counted: PassFigures | undefined;
            let writeChars = 0;
            if (predicted > MAX_PREDICTED_CPU_MS) {
              const none = await onePass(server, root, layout, 0, "skip");
              writeChars = none.requestChars;
              const noneReads = none.counts.reads + none.counts.listedRows;
              log(
                `| ${layout} | ${count.toLocaleString("en")} | 0 | ${none.cpuMs.toFixed(0)} ms | not run: ~${(predicted / 1000).toFixed(0)} s predicted | - | 0-proposal pass: ${none.counts.reads.toLocaleString("en")} read() + ${none.counts.lists} list() = ${noneReads.toLocaleString("en")} | NOT met (predicted) / - |`,
              );
            } else {
              for (let round = 0; round < rounds; round++) {
                const pair: Record<number, PassFigures> = {};
                const order = round % 2 === 0 ? [0, PROPOSALS] : [PROPOSALS, 0];
                for (const proposals of order) {
                  pair[proposals] = await onePass(
                    server,
                    root,
                    layout,
                    proposals,
                    `r${round}p${proposals}`,
                  );
                }
                const none = pair[0] as PassFigures;
                const full = pair[PROPOSALS] as PassFigures;
                cpu0.push(none.cpuMs);
                cpu20.push(full.cpuMs);
                ratios.push(full.cpuMs / none.cpuMs);
                counted = full;
                writeChars = full.requestChars;
              }
              lastFull.set(layout, { cpuMs: median(cpu20), files: count });
              const counts = counted?.counts ?? { reads: 0, lists: 0, listedRows: 0 };
              const filesRead = counts.reads + counts.listedRows;
              log(
                `| ${layout} | ${count.toLocaleString("en")} | ${rounds} | ${median(cpu0).toFixed(0)} ms | ${median(cpu20).toFixed(0)} ms | ${median(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}) | ${counts.reads.toLocaleString("en")} read() + ${counts.lists} list() = ${filesRead.toLocaleString("en")} (${(filesRead / count).toFixed(2)} per file) | ${median(ratios) <= 2 ? "met" : "NOT met"} / ${filesRead <= count + 100 ? "met" : "NOT met"} |`,
              );
            }
            const consolidate = await consolidateChars(server, root, layout);
            const store = new MemoryStore({ root, layout });
            const sideQuery = await requestChars(server, () =>
              selectMemories({
                store,
                client: testClient(),
                query: "Which tool do I use for project 12?",
              }),
            );
            sizes.push(
              `| ${layout} | ${count.toLocaleString("en")} | ${tokens(writeChars)} | ${tokens(consolidate)} | ${tokens(sideQuery)} |`,
            );
          } finally {
            await rm(root, { recursive: true, force: true });
          }
        }
      }
    } finally {
      server.close();
    }
    log("");
    log(
      `Rounds: ${Object.entries(ROUNDS)
        .filter(([size]) => SIZES.includes(Number(size)))
        .map(([size, rounds]) => `${Number(size).toLocaleString("en")} files ${rounds}`)
        .join(", ")} (fewer where one pass takes seconds). A list() call reads every file of a`,
    );
    log(
      `fresh store once, so it counts as one read per listed file. A ${PROPOSALS}-proposal pass predicted`,
    );
    log(
      `(from the size below, scaled by files) to need over ${MAX_PREDICTED_CPU_MS / 1000} s of CPU is not run.`,
    );
    log("");
    log("### Request sizes (the JSON body sent; tokens estimated as ceil(chars / 4))");
    log("");
    log("| layout | files | write request | consolidate request | side query request |");
    log("|---|---:|---:|---:|---:|");
    for (const row of sizes) log(row);
    log("");
    log(
      "consolidate: subject, one file's rewrite (consolidate); fact, consolidateAll, or the fact",
    );
    log("merge over the catalog (consolidateFacts) while consolidateAll does not reach it.");
  },
};
export default section;
