import { mkdir, mkdtemp, readdir, readFile, rm, unlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatMemoryFile } from "../src/format/index.js";
import type { MemoryRow } from "../src/store/index.js";
import { formatMemoryIndex, MemoryStore, rowFromText } from "../src/store/index.js";
import { type BenchSection, median, ms, timeIt } from "./section.js";

const FILES = 10_000;
const ROUNDS = 9;
const FOLDERS = ["topics", "projects", "people", "notes"] as const;

function fileText(index: number): string {
  const day = String(1 + (index % 28)).padStart(2, "0");
  return formatMemoryFile({
    header: {
      name: `subject-${index}`,
      description: `Subject ${index}: what the user said about it and when to read it (${index % 97}).`,
      updated: `2026/09/${day}`,
    },
    lines: Array.from({ length: 4 + (index % 8) }, (_, line) => ({
      kind: "dated" as const,
      stated: `2026/${String(1 + (line % 12)).padStart(2, "0")}/${day}`,
      text: `fact ${line} about subject ${index}: prefers option ${(index * 7 + line) % 13} for task ${line * 3}`,
    })),
  });
}

function pathOf(index: number): string {
  return `${FOLDERS[index % FOLDERS.length]}/subject-${String(index).padStart(5, "0")}.md`;
}

/** The seed article's scan: walk the folder, read and parse every file on every call. */
async function naiveIndex(root: string): Promise<string> {
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
  const rows: MemoryRow[] = await Promise.all(
    paths.map(async (path) => rowFromText(path, await readFile(join(root, path), "utf8"))),
  );
  rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return formatMemoryIndex(rows);
}

async function cachedIndex(store: MemoryStore): Promise<string> {
  return formatMemoryIndex(await store.list());
}

async function cpuOf(run: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

async function makeFolder(root: string, files: number): Promise<void> {
  for (const folder of FOLDERS) await mkdir(join(root, folder), { recursive: true });
  // Files are dated a day back, like a folder written over past sessions (the store re-reads a
  // file changed within the last 2 s on every call, in case the clock is coarse).
  const dayAgo = new Date(Date.now() - 86_400_000);
  for (let start = 0; start < files; start += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, files - start) }, async (_, offset) => {
        const path = join(root, pathOf(start + offset));
        await writeFile(path, fileText(start + offset));
        await utimes(path, dayAgo, dayAgo);
      }),
    );
  }
}

const RECORD = join(".memfiles", "memory-index.json");

// One write by a new store (a one-shot process: CLI remember, a hook), CPU time: with the record
// of MEMORY.md a new store patches its line; without it (the record removed first, as before
// docs/decisions/0080) the same write walks the folder. Paired per round, the order alternating.
async function oneShotRows(
  root: string,
  files: number,
): Promise<{ patched: number[]; rebuilt: number[]; patchedFaster: number }> {
  // A new store leaves a MEMORY.md past the too-large limit (16 x the cap) as it is unless a record
  // names it, so the index is written afresh (with its record) before each patched write.
  const freshIndex = async () => {
    await unlink(join(root, "MEMORY.md")).catch(() => undefined);
    await new MemoryStore({ root }).rebuildIndex();
  };
  await freshIndex();
  const patched: number[] = [];
  const rebuilt: number[] = [];
  const oneShot = async (round: number, withRecord: boolean) => {
    if (!withRecord) await unlink(join(root, RECORD)).catch(() => undefined);
    const store = new MemoryStore({ root });
    const path = pathOf((round * 1_117 + (withRecord ? 0 : 555)) % files);
    const current = await store.read(path);
    const text = fileText(files + round);
    return cpuOf(() => store.write(path, text, current.version));
  };
  for (let round = 0; round < ROUNDS; round++) {
    // The write without a record is followed by a fresh index (and record), so the next patched
    // write starts from an index memfiles wrote.
    const rebuiltFirst = round % 2 === 1;
    if (rebuiltFirst) {
      rebuilt.push(await oneShot(round, false));
      await freshIndex();
    }
    patched.push(await oneShot(round, true));
    if (!rebuiltFirst) {
      rebuilt.push(await oneShot(round, false));
      await freshIndex();
    }
  }
  const patchedFaster = patched.filter((cpu, at) => cpu < (rebuilt[at] ?? 0)).length;
  return { patched, rebuilt, patchedFaster };
}

const section: BenchSection = {
  name: "store",
  title: `list() + render MEMORY.md over ${FILES.toLocaleString("en")} files: cached store vs the naive scan`,
  async run({ log }) {
    const sandbox = await mkdtemp(join(tmpdir(), "memfiles-bench-"));
    try {
      const root = join(sandbox, "memory");
      await makeFolder(root, FILES);
      const store = new MemoryStore({ root });
      const cold = await timeIt(() => cachedIndex(store));
      const reference = await naiveIndex(root);
      if ((await cachedIndex(store)) !== reference)
        throw new Error("cached and naive indexes differ");
      if (reference.includes("(no description)")) throw new Error("generated files do not parse");

      const naive: number[] = [];
      const cached: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        naive.push(await timeIt(() => naiveIndex(root)));
        cached.push(await timeIt(() => cachedIndex(store)));
      }

      // A person edits one file by hand (same size, new description): the next call must show it.
      const edited = pathOf(4_242);
      const before = await readFile(join(root, edited), "utf8");
      const after = before.replace("Subject 4242:", "SUBJECT 4242:");
      await writeFile(join(root, edited), after);
      const afterEdit = await timeIt(async () => {
        const index = await cachedIndex(store);
        if (!index.includes("SUBJECT 4242:")) throw new Error("the cached list missed a hand edit");
      });

      // One store.write, CPU time, paired per round with the whole rebuild every write ran before
      // (a walk and stat of every file and the index rendered again); the write patches one line.
      const writeCpu: number[] = [];
      const rebuildCpu: number[] = [];
      await store.rebuildIndex();
      for (let round = 0; round < ROUNDS; round++) {
        const path = pathOf((round * 1_117) % FILES);
        const current = await store.read(path);
        const text = fileText(FILES + round);
        writeCpu.push(await cpuOf(() => store.write(path, text, current.version)));
        rebuildCpu.push(await cpuOf(() => store.rebuildIndex()));
      }

      const naiveMedian = median(naive);
      const cachedMedian = median(cached);
      log(`files                      ${FILES}`);
      log(`naive scan, median of ${ROUNDS}    ${ms(naiveMedian)}`);
      log(`cached list, median of ${ROUNDS}   ${ms(cachedMedian)}`);
      log(`ratio (naive / cached)     ${(naiveMedian / cachedMedian).toFixed(1)}x`);
      log(`cached list, first call    ${ms(cold)} (cold cache: reads and parses every file)`);
      log(`cached list after a hand edit of ${edited}   ${ms(afterEdit)} (edit picked up)`);
      log(
        `one store.write, CPU, median of ${ROUNDS}       ${ms(median(writeCpu))} (MEMORY.md: its line patched)`,
      );
      log(
        `whole MEMORY.md rebuild, CPU, median of ${ROUNDS} ${ms(median(rebuildCpu))} (what each write added before)`,
      );

      const small = join(sandbox, "memory-1k");
      await makeFolder(small, 1_000);
      for (const [files, folder] of [
        [1_000, small],
        [FILES, root],
      ] as const) {
        const { patched, rebuilt, patchedFaster } = await oneShotRows(folder, files);
        log(
          `one-shot write at ${files.toLocaleString("en")} files, CPU, median of ${ROUNDS}: ${ms(median(patched))} with the record (line patched), ${ms(median(rebuilt))} without (folder walked); record faster in ${patchedFaster} of ${ROUNDS} pairs`,
        );
      }
    } finally {
      await rm(sandbox, { recursive: true, force: true });
    }
  },
};

export default section;
