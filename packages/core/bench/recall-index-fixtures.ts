// Generated memory folders for the recall-index benchmark, kept under the OS temp folder keyed by
// layout, size and generator version, so the slow sizes (50,000 files) are written once per
// machine, not once per run. Files are dated a day back, outside the store's 2 s re-read window.
// A run that writes works in a fresh copy ({@link workingCopy}), so every run starts from the
// same files, whatever earlier runs wrote.
import { cpSync, existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatFactFile } from "../src/format/index.js";
import type { StoreLayout } from "../src/store/index.js";
import { generateFolder } from "./corpus.js";

// Bump when the generated text changes, so a cached folder of the old text is not reused. (2:
// folders of 1 had the bench's writes of every earlier run in them.)
const GENERATOR_VERSION = 2;
const COMPLETE = ".bench-complete";

const SUBJECTS = [
  "hosting",
  "editor",
  "database",
  "travel",
  "cooking",
  "garden",
  "music",
  "finance",
];
const VERBS = [
  "prefers",
  "switched to",
  "stopped using",
  "recommends",
  "is evaluating",
  "pays for",
];
const THINGS = [
  "Fly.io",
  "Neovim",
  "PostgreSQL",
  "a rail pass",
  "sourdough",
  "tomatoes",
  "the cello",
  "index funds",
  "Hetzner",
  "Helix",
  "SQLite",
  "window seats",
  "ramen",
  "basil",
  "jazz records",
  "a credit union",
];

function factText(index: number): string {
  const subject = SUBJECTS[index % SUBJECTS.length] as string;
  const month = String(1 + (index % 12)).padStart(2, "0");
  const day = String(1 + (index % 28)).padStart(2, "0");
  const thing = THINGS[(index * 7) % THINGS.length] as string;
  const verb = VERBS[index % VERBS.length] as string;
  return formatFactFile({
    name: `${subject} ${index}`,
    description: `The user's ${subject} choice #${index}: what and why.`,
    type: index % 5 === 0 ? "project" : "user",
    updated: `2025/${month}/${day}`,
    body: `The user ${verb} ${thing} for ${subject} (note ${index}); asked again in ${month}/2025 and confirmed it still holds.`,
  });
}

function generateFactFolder(root: string, count: number): void {
  const dayAgo = new Date(Date.now() - 86_400_000);
  mkdirSync(root, { recursive: true });
  for (let index = 0; index < count; index++) {
    const path = join(root, `fact-${index}.md`);
    writeFileSync(path, factText(index));
    utimesSync(path, dayAgo, dayAgo);
  }
}

/**
 * A folder of `count` memory files in `layout`, generated on the first call on this machine and
 * reused after (its recall index under `.memfiles/` included, as a user's folder keeps it).
 *
 * @returns The folder's absolute path.
 */
export async function cachedFolder(layout: StoreLayout, count: number): Promise<string> {
  const root = join(tmpdir(), `memfiles-bench-${layout}-${count}-v${GENERATOR_VERSION}`);
  if (existsSync(join(root, COMPLETE))) return root;
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  if (layout === "subject") await generateFolder(root, count);
  else generateFactFolder(root, count);
  writeFileSync(join(root, COMPLETE), "");
  await settle();
  return root;
}

// `utimes` dates the files back, but their change time is now: a file changed in the last 2 s
// has no trusted stamp and is read on every request, which is not a warm memory.
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 2_500));
}

/**
 * A fresh copy of {@link cachedFolder}'s files (no `.memfiles/`: the copies' stamps differ, so
 * the first request builds its index), for a run that writes; settled when returned.
 *
 * @returns The copy's absolute path and a function that removes it.
 */
export async function workingCopy(
  layout: StoreLayout,
  count: number,
): Promise<{ root: string; remove: () => void }> {
  const source = await cachedFolder(layout, count);
  const root = join(tmpdir(), `memfiles-bench-run-${layout}-${count}-${process.pid}`);
  rmSync(root, { recursive: true, force: true });
  const internal = join(source, ".memfiles");
  cpSync(source, root, {
    recursive: true,
    preserveTimestamps: true,
    filter: (path) => path !== internal && path !== join(source, COMPLETE),
  });
  await settle();
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
