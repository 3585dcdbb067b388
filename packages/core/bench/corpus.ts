// Generated memory folders for the benchmarks: realistic descriptions (80 to ~400 chars, with `#`,
// colons and commas, written through formatMemoryFile so YAML keeps them whole), dated a day back
// so no file is inside the store's 2 s re-read window.
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { formatMemoryFile } from "../src/format/index.js";
import type { MemoryRow } from "../src/store/index.js";
import { rowFromText } from "../src/store/index.js";

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
  "health insurance",
  "reading",
  "languages",
  "cycling",
  "photography",
  "home network",
  "backups",
];
const DETAILS = [
  "what the user uses and prefers",
  "tools and vendors, names only",
  "decisions so far and why",
  "who owns what and who to ask",
  "open questions and deadlines",
  "budget and what was paid",
];

/**
 * The description of file `index`: mostly one or two clauses (~80 to ~110 chars), every tenth a
 * long one (~200 chars), so index lines average the ~28 tokens measured on real folders.
 */
export function description(index: number): string {
  const subject = SUBJECTS[index % SUBJECTS.length] as string;
  const clauses = index % 10 === 9 ? 5 : 1 + (index % 2);
  const parts = Array.from(
    { length: clauses },
    (_, part) => DETAILS[(index + part) % DETAILS.length],
  );
  return `Notes on ${subject} #${index}: ${parts.join("; ")}. Read for ${subject} questions.`;
}

export function memoryPath(index: number): string {
  const subject = (SUBJECTS[index % SUBJECTS.length] as string).replace(" ", "-");
  return `${FOLDERS[index % FOLDERS.length]}/${subject}-${index}.md`;
}

function fileText(index: number): string {
  const subject = SUBJECTS[index % SUBJECTS.length] as string;
  const day = String(1 + (index % 28)).padStart(2, "0");
  return formatMemoryFile({
    header: {
      name: memoryPath(index).replace(/^.*\//, "").replace(/\.md$/, ""),
      description: description(index),
      updated: `2026/09/${day}`,
    },
    lines: Array.from({ length: 4 + (index % 8) }, (_, line) => ({
      kind: "dated" as const,
      stated: `2026/${String(1 + (line % 9)).padStart(2, "0")}/${day}`,
      text: `fact ${line} about ${subject} number ${index}: prefers option ${(index * 7 + line) % 13}`,
    })),
  });
}

const PROFILE = formatMemoryFile({
  header: { name: "profile", description: "Who the user is: work, location, family." },
  lines: Array.from({ length: 12 }, (_, line) => ({
    kind: "dated" as const,
    stated: "2026/09/12",
    text: `profile fact ${line}: a sentence of about sixty characters here`,
  })),
});

/**
 * Writes `count` memory files (profile.md among them) under `root`, dated a day back. Written with
 * synchronous calls, one after another: at 50,000 files several times faster than batches of
 * promises through the thread pool.
 */
export async function generateFolder(root: string, count: number): Promise<void> {
  const dayAgo = new Date(Date.now() - 86_400_000);
  for (const folder of FOLDERS) mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, "profile.md"), PROFILE);
  utimesSync(join(root, "profile.md"), dayAgo, dayAgo);
  for (let index = 0; index < count - 1; index++) {
    const path = join(root, memoryPath(index));
    writeFileSync(path, fileText(index));
    utimesSync(path, dayAgo, dayAgo);
  }
}

/**
 * The seed article's scan, made fair: walk the folder, read and parse every file on every call,
 * 64 reads in flight (the reference, and what the store now uses).
 */
export async function naiveList(root: string): Promise<MemoryRow[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(root.length + 1)
        .split("\\")
        .join("/"),
    )
    .filter((path) => path !== "MEMORY.md" && !path.startsWith("."));
  const rows: MemoryRow[] = new Array(paths.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < paths.length) {
        const index = next++;
        const path = paths[index] as string;
        rows[index] = rowFromText(path, await readFile(join(root, path), "utf8"));
      }
    }),
  );
  return rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
