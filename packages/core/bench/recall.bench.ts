/**
 * Benchmark of recall: `buildSystem` over generated memory folders of 60, 600 and 6,000 files.
 * Prints, per folder size, the median time of a cold call (fresh `MemoryStore`, every file read)
 * and of a warm call (same store: rows cached by file stat), and the memory block's size in chars
 * and estimated tokens (`estimateTokens` with the newer tokenizer: ceil(chars x 13 / 40)), with and without the pre-filter.
 *
 * Run: `pnpm --filter @memfiles/core bench -- recall` (part of `pnpm bench`).
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { estimateTokens } from "../src/cost/cache-minimum.js";
import { buildSystem } from "../src/recall/build-system.js";
import { MemoryStore } from "../src/store/memory-store.js";
import { type BenchSection, median, ms, timeIt } from "./section.js";

const SIZES = [60, 600, 6000] as const;
const RUNS = 7;
const QUERY = "How should I deploy the new billing service?";
const FOLDERS = ["topics", "projects", "people"] as const;
const SUBJECTS = [
  "hosting",
  "editor",
  "database",
  "testing",
  "travel",
  "cooking",
  "garden",
  "music",
  "finance",
  "health-insurance",
  "reading",
  "languages",
  "cycling",
  "photography",
  "home-network",
  "backups",
];

function fileText(index: number): { path: string; text: string } {
  const folder = FOLDERS[index % FOLDERS.length] as string;
  const subject = SUBJECTS[index % SUBJECTS.length] as string;
  const name = `${subject}-${index}`;
  // A description of ~80 chars, as the seed design's ~20-token index lines.
  const description = `Notes on ${subject.replace("-", " ")} #${index}: what the user uses and prefers. Read for ${subject} questions.`;
  const facts = Array.from(
    { length: 6 },
    (_, line) =>
      `[stated 2026/0${1 + (line % 9)}/1${line}] fact ${line} about ${subject} number ${index}`,
  );
  return {
    path: `${folder}/${name}.md`,
    text: `---\nname: ${name}\ndescription: ${description}\nupdated: 2026/09/26\n---\n${facts.join("\n")}\n`,
  };
}

const PROFILE = `---\nname: profile\ndescription: Who the user is: work, location, family. Read for personal context.\nupdated: 2026/09/26\n---\n${Array.from({ length: 12 }, (_, line) => `[stated 2026/09/1${line % 10}] profile fact ${line}: a sentence of about sixty characters here`).join("\n")}\n`;
const PREFERENCES = `---\nname: preferences\ndescription: How the user wants answers: tone, length, formats. Read before answering.\nupdated: 2026/09/26\n---\n${Array.from({ length: 12 }, (_, line) => `[stated 2026/09/1${line % 10}] preference ${line}: a sentence of about sixty characters too`).join("\n")}\n`;

async function generate(count: number): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), `memfiles-bench-${count}-`));
  const files = [
    { path: "profile.md", text: PROFILE },
    { path: "preferences.md", text: PREFERENCES },
  ];
  for (let index = 0; index < count - 2; index++) files.push(fileText(index));
  // Written directly, not through store.write, which rebuilds MEMORY.md on every write.
  for (const file of files) {
    await mkdir(dirname(join(root, file.path)), { recursive: true });
    await writeFile(join(root, file.path), file.text);
  }
  return root;
}

async function run({ log }: { log: (line: string) => void }): Promise<void> {
  log(
    `buildSystem, median of ${RUNS} runs. cold = a new MemoryStore each call (every file read); warm = one store (rows cached by file stat).`,
  );
  log(
    "Tokens estimated as ceil(chars x 13 / 40) (newer tokenizer). Past 300 files the pre-filter keeps 30 index lines + profile + preferences.",
  );
  log("");
  log(
    "| files | cold | warm | index lines | memory block chars | block tokens (est.) | without pre-filter (est.) |",
  );
  log("|---:|---:|---:|---:|---:|---:|---:|");
  for (const count of SIZES) {
    const root = await generate(count);
    try {
      const options = { basePrompt: "You are a helpful assistant.", rules: "RULES", query: QUERY };
      const cold: number[] = [];
      for (let round = 0; round < RUNS; round++) {
        cold.push(
          await timeIt(() => buildSystem({ ...options, store: new MemoryStore({ root }) })),
        );
      }
      const store = new MemoryStore({ root });
      await buildSystem({ ...options, store });
      const warm: number[] = [];
      for (let round = 0; round < RUNS; round++) {
        warm.push(await timeIt(() => buildSystem({ ...options, store })));
      }
      const block = (await buildSystem({ ...options, store }))[2]?.text ?? "";
      const full =
        (
          await buildSystem({
            ...options,
            store,
            prefilterAbove: Number.POSITIVE_INFINITY,
            prefilterAboveTokens: Number.POSITIVE_INFINITY,
          })
        )[2]?.text ?? "";
      const lines = block.split("\n").filter((line) => line.startsWith("- ")).length;
      log(
        `| ${count} | ${ms(median(cold))} | ${ms(median(warm))} | ${lines} | ${block.length} | ${estimateTokens(block)} | ${estimateTokens(full)} |`,
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }
}

const section: BenchSection = {
  name: "recall",
  title: "buildSystem on 60, 600 and 6,000 files: time and memory-block tokens",
  run,
};
export default section;
