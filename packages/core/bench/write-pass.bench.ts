/**
 * The write pass on both layouts at 1,000 / 10,000 / 50,000 files: CPU time of a pass with 20
 * proposals against the same pass with none (paired, several rounds), the store reads a pass
 * makes, and the size of every model request kind (write, consolidate, side query) at that size,
 * each against its stated token budget.
 *
 * CPU time is `process.cpuUsage()` (user + system) around one `writePass` on a fresh
 * `MemoryStore`; the Messages API is mocked with msw in the same process, as the tests do, so the
 * mock's JSON parse of each request counts too. Each round runs the 0- and the 20-proposal pass
 * back to back (the order alternates between rounds) and the ratio is taken within the round, so
 * a busy machine slows both sides of a pair alike. One folder is generated per layout and size
 * (files written directly) and every round runs on it (each 20-proposal pass adds its 20 facts).
 * The goals (issue "one core"): 20 / 0 within 2x, store reads per pass at most the files plus a
 * constant, every request within its budget.
 *
 * Run: `pnpm bench -- write-pass`; `-- write-pass --quick` (or `MEMFILES_BENCH_QUICK=1`) stops at
 * 10,000 files; `MEMFILES_BENCH_WRITE_SIZES=1000,5000` picks the sizes,
 * `MEMFILES_BENCH_WRITE_ROUNDS=2` the rounds of every size.
 */
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { getPrompt } from "@memfiles/prompts";
import { setupServer } from "msw/node";
import { estimateTokens } from "../src/cost/index.js";
import { DEFAULT_FACT_CONSOLIDATION_MAX_TOKENS } from "../src/layouts/fact/consolidate-facts.js";
import { consolidateAll, writePass } from "../src/layouts/index.js";
import * as consolidation from "../src/layouts/subject/consolidate/index.js";
import { selectMemories } from "../src/recall/index.js";
import { DEFAULT_SIDE_QUERY_MAX_TOKENS } from "../src/recall/side-query-budget.js";
import {
  DEFAULT_MAX_CHARS,
  LAYOUT_NAMES,
  MemoryStore,
  type StoreLayout,
} from "../src/store/index.js";
import { DEFAULT_MAX_INDEX_TOKENS } from "../src/write/write-index-budget.js";
import {
  DEFAULT_MAX_MEMORY_CHARS,
  WRITE_REQUEST_FRAME_TOKENS,
  WRITE_REQUEST_MAX_TOKENS,
} from "../src/write/write-request-budget.js";
import { mockMessages, testClient, toolUseBlock } from "../test/messages-api.js";
import { description, generateFolder, memoryPath } from "./corpus.js";
import { type BenchSection, median } from "./section.js";

const QUICK = process.env.MEMFILES_BENCH_QUICK === "1" || process.argv.includes("--quick");
const SIZES =
  process.env.MEMFILES_BENCH_WRITE_SIZES?.split(",").map(Number) ??
  (QUICK ? [1_000, 10_000] : [1_000, 10_000, 50_000]);
// Fewer rounds where one pass takes many seconds: the table says how many rounds each row had.
const ROUNDS: Record<number, number> = { 1000: 5, 10000: 3, 50000: 2 };
const ROUNDS_GIVEN = Number(process.env.MEMFILES_BENCH_WRITE_ROUNDS ?? Number.NaN);
const roundsAt = (files: number) =>
  Number.isInteger(ROUNDS_GIVEN) && ROUNDS_GIVEN > 0 ? ROUNDS_GIVEN : (ROUNDS[files] ?? 2);
// Store reads a pass may make beyond one per file (the goal: files + a constant).
const READS_OVER_FILES = 100;
const PROPOSALS = 20;
const LAYOUTS = LAYOUT_NAMES;
const MODEL = "claude-haiku-4-5";

/** A fact-layout folder of `count` top-level fact files (Claude Code's `.memory/` shape). */
function generateFactFolder(root: string, count: number): void {
  const dayAgo = new Date(Date.now() - 86_400_000);
  mkdirSync(root, { recursive: true });
  for (let index = 0; index < count; index++) {
    const path = join(root, factPath(index));
    // A JSON string is a YAML double-quoted scalar: the description's `#` and `:` stay text.
    writeFileSync(
      path,
      `---\nname: fact ${index}\ndescription: ${JSON.stringify(description(index))}\ntype: project\nupdated: 2026/09/${String(1 + (index % 28)).padStart(2, "0")}\n---\nUses tool ${index} for project ${index % 97}.\n`,
    );
    utimesSync(path, dayAgo, dayAgo);
  }
}

function factPath(index: number): string {
  return `fact-${index}.md`;
}

// `files`: the rows of the pass's first listing (the folder grows by each 20-proposal pass).
type Counts = { reads: number; lists: number; listedRows: number; files?: number };

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
          counts.files ??= all.rows.length;
          return all;
        };
      }
      if (property === "list") {
        return async () => {
          counts.lists++;
          const rows = await target.list();
          counts.listedRows += rows.length;
          counts.files ??= rows.length;
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

/** One request as sent: the whole JSON body, and its user message (what the budgets bound). */
type RequestSize = { bodyChars: number; messageTokens: number };

function sizeOf(body: Anthropic.MessageCreateParams | undefined): RequestSize | undefined {
  if (body === undefined) return undefined;
  const content = body.messages[0]?.content ?? "";
  const text =
    typeof content === "string"
      ? content
      : content.map((block) => ("text" in block ? block.text : "")).join("\n");
  return { bodyChars: JSON.stringify(body).length, messageTokens: estimateTokens(text, MODEL) };
}

type PassFigures = { cpuMs: number; counts: Counts; request: RequestSize | undefined };

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
  return { cpuMs: (used.user + used.system) / 1000, counts, request: sizeOf(requests[0]) };
}

/** The one request a call sends (undefined when it sends none), the reply being a refusal. */
async function requestOf(
  server: ReturnType<typeof setupServer>,
  call: () => Promise<unknown>,
): Promise<RequestSize | undefined> {
  const requests = mockMessages(server, [
    { content: [{ type: "text", text: "no", citations: null }] },
  ]);
  await call().catch(() => undefined);
  server.resetHandlers();
  return sizeOf(requests[0]);
}

async function consolidateRequest(
  server: ReturnType<typeof setupServer>,
  root: string,
  layout: StoreLayout,
): Promise<RequestSize | undefined> {
  const store = new MemoryStore({ root, layout });
  const client = testClient();
  if (layout === "subject") {
    // One file's rewrite: consolidateAll sends one such request per file over 6,000 chars.
    return requestOf(server, () =>
      consolidation.consolidate({ store, path: memoryPath(0), client, model: MODEL }),
    );
  }
  // consolidateAll, the one entry point: the fact layout's merge past its file count.
  return requestOf(server, () => consolidateAll({ store, client, model: MODEL }));
}

// The stated budget of each request's user message, in estimated tokens. The write request:
// WRITE_REQUEST_MAX_TOKENS, the index budget, the memory lines' char budget and the frame (the
// session header, the section tags and, here, this bench's one-turn transcript; a real
// transcript has its own budget, maxTranscriptTokens).
const CHARS_PER_TOKEN = 4; // claude-haiku-4-5's tokenizer (see estimateTokens)
const BUDGETS = {
  write: {
    tokens: WRITE_REQUEST_MAX_TOKENS,
    rule: `WRITE_REQUEST_MAX_TOKENS: index ${DEFAULT_MAX_INDEX_TOKENS.toLocaleString("en")} + memory lines ${DEFAULT_MAX_MEMORY_CHARS.toLocaleString("en")} chars + ${WRITE_REQUEST_FRAME_TOKENS.toLocaleString("en")}`,
  },
  consolidate: {
    subject: {
      tokens: Math.ceil(DEFAULT_MAX_CHARS / CHARS_PER_TOKEN) + 1_000,
      rule: `one file, at most the ${DEFAULT_MAX_CHARS.toLocaleString("en")}-char cap, + 1,000`,
    },
    fact: {
      tokens: DEFAULT_FACT_CONSOLIDATION_MAX_TOKENS,
      rule: `DEFAULT_FACT_CONSOLIDATION_MAX_TOKENS ${DEFAULT_FACT_CONSOLIDATION_MAX_TOKENS.toLocaleString("en")}`,
    },
  },
  sideQuery: {
    tokens: DEFAULT_SIDE_QUERY_MAX_TOKENS,
    rule: `DEFAULT_SIDE_QUERY_MAX_TOKENS ${DEFAULT_SIDE_QUERY_MAX_TOKENS.toLocaleString("en")}`,
  },
} as const;

function sizeCell(size: RequestSize | undefined, budget: number): string {
  if (size === undefined) return "none sent";
  const within = size.messageTokens <= budget ? "within" : "OVER";
  return `~${Math.ceil(size.bodyChars / CHARS_PER_TOKEN).toLocaleString("en")} (message ${size.messageTokens.toLocaleString("en")}, ${within})`;
}

const section: BenchSection = {
  name: "write-pass",
  title: `the write pass on both layouts: ${SIZES.join(" / ")} files, ${PROPOSALS} vs 0 proposals, CPU time`,
  async run({ log }) {
    log(`### writePass: ${PROPOSALS} proposals vs 0, CPU time, paired within each round`);
    log("");
    log(
      `| layout | files | rounds | CPU, 0 proposals (median) | CPU, ${PROPOSALS} proposals (median) | ${PROPOSALS} / 0 (median, range) | store reads in the ${PROPOSALS}-proposal pass | goals: ratio <= 2x / reads <= files + ${READS_OVER_FILES} |`,
    );
    log("|---|---:|---:|---:|---:|---:|---|---|");
    const server = setupServer();
    server.listen({ onUnhandledRequest: "error" });
    const sizes: string[] = [];
    try {
      for (const layout of LAYOUTS) {
        for (const count of SIZES) {
          const root = await mkdtemp(join(tmpdir(), `memfiles-bench-${layout}-${count}-`));
          try {
            if (layout === "subject") await generateFolder(root, count);
            else generateFactFolder(root, count);
            const rounds = roundsAt(count);
            const ratios: number[] = [];
            const cpu0: number[] = [];
            const cpu20: number[] = [];
            let counted: PassFigures | undefined;
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
            }
            const counts = counted?.counts ?? { reads: 0, lists: 0, listedRows: 0 };
            const filesRead = counts.reads + counts.listedRows;
            const files = counts.files ?? count;
            log(
              `| ${layout} | ${count.toLocaleString("en")} | ${rounds} | ${median(cpu0).toFixed(0)} ms | ${median(cpu20).toFixed(0)} ms | ${median(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}) | ${counts.reads.toLocaleString("en")} read() + ${counts.lists} list/readAll() = ${filesRead.toLocaleString("en")} for ${files.toLocaleString("en")} files | ${median(ratios) <= 2 ? "met" : "NOT met"} / ${filesRead <= files + READS_OVER_FILES ? "met" : "NOT met"} |`,
            );
            const consolidate = await consolidateRequest(server, root, layout);
            const store = new MemoryStore({ root, layout });
            const sideQuery = await requestOf(server, () =>
              selectMemories({
                store,
                client: testClient(),
                model: MODEL,
                query: "Which tool do I use for project 12?",
              }),
            );
            sizes.push(
              `| ${layout} | ${count.toLocaleString("en")} | ${sizeCell(counted?.request, BUDGETS.write.tokens)} | ${sizeCell(consolidate, BUDGETS.consolidate[layout].tokens)} | ${sizeCell(sideQuery, BUDGETS.sideQuery.tokens)} |`,
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
      `Rounds per size: ${SIZES.map((size) => `${size.toLocaleString("en")} files ${roundsAt(size)}`).join(", ")}. A list() or readAll() call reads every`,
    );
    log("file of a fresh store once, so it counts as one read per listed file; read() counts one.");
    log("");
    log(
      "### Request sizes: estimated tokens of the JSON body (chars / 4), and of its user message against the message's budget",
    );
    log("");
    log("| layout | files | write request | consolidate request | side query request |");
    log("|---|---:|---:|---:|---:|");
    for (const row of sizes) log(row);
    log("");
    log(
      `Budgets of the user message (estimated tokens): write ${BUDGETS.write.tokens.toLocaleString("en")} (${BUDGETS.write.rule});`,
    );
    log(
      `consolidate: subject ${BUDGETS.consolidate.subject.tokens.toLocaleString("en")} (${BUDGETS.consolidate.subject.rule}; consolidate rewrites one file per request),`,
    );
    log(
      `fact ${BUDGETS.consolidate.fact.tokens.toLocaleString("en")} (${BUDGETS.consolidate.fact.rule}; consolidateAll's merge); side query ${BUDGETS.sideQuery.tokens.toLocaleString("en")} (${BUDGETS.sideQuery.rule}).`,
    );
    log("The rest of each body is the fixed prompt and tool schema.");
  },
};
export default section;
