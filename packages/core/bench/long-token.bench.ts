/**
 * A memory folder with one hand-written line that is a single token of 45,000 chars (no space),
 * recalled as a prompt hook recalls (`recallForPrompt`, the recall index built from the folder
 * first), and the file shown as `memfiles show` and the memory tool's `view` show it
 * (`maskSecrets`). The secret patterns once read such a token from each of its starts to its end:
 * work quadratic in its length, minutes of CPU for one recall (decision 0125).
 *
 * CPU time is `process.cpuUsage()` (user + system) around each call, the median of the rounds;
 * each round a new folder and a new index, so nothing is answered from memory. Run:
 * `pnpm bench -- long-token`; `MEMFILES_BENCH_LONG_TOKEN_CHARS=20000` for another length. Paired
 * figures against an older build come from running this file in both trees, alternating.
 */
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { recallForPrompt } from "../src/boundary/recall-for-prompt.js";
import { maskSecrets } from "../src/guards/mask-secrets.js";
import { forgetOpenRecallIndexes } from "../src/recall/recall-index.js";
import { MemoryStore } from "../src/store/index.js";
import { type BenchSection, median, ms } from "./section.js";

const CHARS = Number(process.env.MEMFILES_BENCH_LONG_TOKEN_CHARS ?? 45_000);
const ROUNDS = Number(process.env.MEMFILES_BENCH_ROUNDS ?? 3);

async function cpuOf(run: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

// A subject folder: a profile, and a topic file whose second line is the token, as pasted.
async function folder(round: number): Promise<{ root: string; text: string }> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-bench-long-token-")), "memory");
  await mkdir(join(root, "topics"), { recursive: true });
  await writeFile(
    join(root, "profile.md"),
    "---\nname: profile\ndescription: Who the user is.\nupdated: 2026/12/01\n---\n[stated 2026/12/01] lives in Lyon\n",
  );
  const text = `---\nname: backup\ndescription: The backup blob.\nupdated: 2026/12/01\n---\n[stated 2026/12/01] keeps the backup blob below (round ${round})\n${"a".repeat(CHARS)}\n`;
  await writeFile(join(root, "topics", "backup.md"), text);
  return { root, text };
}

const section: BenchSection = {
  name: "long-token",
  title: `one line of a ${CHARS.toLocaleString("en")}-char token: recall and show (CPU)`,
  async run({ log }) {
    const recall: number[] = [];
    const shown: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { root, text } = await folder(round);
      forgetOpenRecallIndexes();
      const store = new MemoryStore({ root, layout: "subject" });
      recall.push(await cpuOf(() => recallForPrompt({ store, query: "where is the backup blob" })));
      shown.push(await cpuOf(() => maskSecrets(text)));
    }
    log("| case | CPU, median | rounds |");
    log("| --- | --- | --- |");
    log(`| recallForPrompt, cold index | ${ms(median(recall))} | ${ROUNDS} |`);
    log(`| maskSecrets of the file (show, view) | ${ms(median(shown))} | ${ROUNDS} |`);
  },
};

export default section;
