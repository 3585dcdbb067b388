import { describe, expect, it } from "vitest";
import { estimateTokens } from "../cost/index.js";
import type { MemoryRow, MemoryStore, ReadResult, StoreLayout } from "../store/index.js";
import { LAYOUT_NAMES } from "../store/index.js";
import { WRITE_REQUEST_MAX_TOKENS } from "../write/index.js";
import { buildWriteRequest } from "./index.js";

// The write request of either layout at 50,000 files stays within WRITE_REQUEST_MAX_TOKENS (the
// user message, with a one-turn transcript, whose own budget is maxTranscriptTokens): the index
// fills its 20,000 tokens and the memory lines get what it leaves.
const FILES = 50_000;
const SUBJECTS = ["hosting", "editor", "database", "travel", "cooking", "music", "backups"];

function description(index: number): string {
  const subject = SUBJECTS[index % SUBJECTS.length] as string;
  const clauses = index % 10 === 9 ? "decisions so far and why; who owns what; open questions" : "";
  return `Notes on ${subject} #${index}: what the user uses and prefers${clauses ? `; ${clauses}` : ""}. Read for ${subject} questions.`;
}

// The files' text without front matter (the rows below carry name and description): the builder
// reads every line of every file, and a header's YAML would make most of this test's time.
function subjectFile(index: number): [string, string] {
  const subject = SUBJECTS[index % SUBJECTS.length] as string;
  const lines = Array.from(
    { length: 4 + (index % 8) },
    (_, line) =>
      `[stated 2026/09/01] fact ${line} about ${subject} number ${index}: prefers option ${(index * 7 + line) % 13}`,
  );
  return [`topics/${subject}-${index}.md`, `${lines.join("\n")}\n`];
}

function factFile(index: number): [string, string] {
  return [`fact-${index}.md`, `Uses tool ${index} for project ${index % 97}.\n`];
}

// The folder in memory, with the store calls the request builder makes (no disk: 50,000 files).
function memoryStore(layout: StoreLayout): MemoryStore {
  const files = new Map(
    Array.from({ length: FILES }, (_, index) =>
      layout === "subject" ? subjectFile(index) : factFile(index),
    ),
  );
  const read = (path: string): ReadResult => {
    const content = files.get(path);
    return content === undefined
      ? { path, exists: false, version: "new" }
      : { path, exists: true, version: "v1", content };
  };
  // The rows as the store lists them (what the index shows), made without parsing every file.
  const rows: MemoryRow[] = Array.from({ length: FILES }, (_, index) => {
    const [path, text] = layout === "subject" ? subjectFile(index) : factFile(index);
    const name = layout === "subject" ? path.replace(/^.*\/|\.md$/g, "") : `fact ${index}`;
    return {
      path,
      name,
      description: description(index),
      chars: text.length,
      updated: "2026/09/01",
      ...(layout === "fact" ? { type: "project" as const } : {}),
    };
  });
  const store = {
    root: "/memory",
    layout,
    list: async () => rows,
    read: async (path: string) => read(path),
    readAll: async () => ({ rows, files: new Map(rows.map((row) => [row.path, read(row.path)])) }),
    withLock: <T>(fn: () => Promise<T>) => fn(),
    readInternal: async () => undefined,
  };
  return store as unknown as MemoryStore;
}

// Building the request reads all 50,000 files (a few seconds alone, far more while the whole of
// `pnpm test` shares 2 cores): the limit guards against a hang, it is not a speed check.
const READ_ALL_FILES_LIMIT_MS = 120_000;

describe.each(LAYOUT_NAMES)("the %s layout's write request", (layout) => {
  const store = memoryStore(layout);

  // The newer tokenizer (~3.08 chars a token): 24,000 chars of lines would take 7,800 tokens
  // there, past the budget beside a full index (Claude Haiku 4.5's 4 chars a token stays within).
  it.each(["claude-haiku-5-5"])(
    `at ${FILES.toLocaleString("en")} files stays within WRITE_REQUEST_MAX_TOKENS on %s`,
    async (model) => {
      const params = await buildWriteRequest({
        store,
        transcript: {
          date: "2026-11-29",
          turns: [{ role: "user", content: "I now use tool x1 for project 1." }],
        },
        client: undefined as never,
        model,
        now: new Date("2026-11-29T12:00:00Z"),
      });
      const message = params.messages[0]?.content as string;
      const tokens = estimateTokens(message, model);
      // Full (the index is partial and the lines fill what it leaves), and within the budget.
      expect({
        partial: /Partial index|of the 50000 memory files/.test(message),
        full: tokens > WRITE_REQUEST_MAX_TOKENS * 0.9,
        within: tokens <= WRITE_REQUEST_MAX_TOKENS,
      }).toEqual({ partial: true, full: true, within: true });
    },
    READ_ALL_FILES_LIMIT_MS,
  );
});
