/**
 * False positives of the secret guard on ordinary facts: the LoCoMo conversations' observations
 * (Maharana et al., ACL 2024; CC BY-NC 4.0, kept outside the repository) and the 1,000 everyday
 * sentences of `test/fixtures/everyday-sentences.txt`. Each fact is scanned alone (`findSecrets`)
 * and each speaker's facts of a session in order as a write pass's facts (`findSplitSecrets`,
 * neighbours joined, label words between them dropped). A refused fact is a lost fact: the goal
 * is 0 of each, printed, not asserted (the everyday figures are asserted by a test).
 *
 * Run: `pnpm bench -- secret-false-positives`; `--locomo=<path>` (or `MEMFILES_LOCOMO`) for a file
 * in the shape of `locomo10.json`, default `../shared/data/locomo/locomo7.json` from the
 * repository root; without it the LoCoMo rows say so.
 */
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { findSplitSecrets } from "../src/guards/find-split-secrets.js";
import { findSecretsOfEach } from "../src/guards/secret-guard.js";
import type { BenchSection } from "./section.js";

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const LOCOMO =
  process.argv.find((argument) => argument.startsWith("--locomo="))?.slice("--locomo=".length) ??
  process.env.MEMFILES_LOCOMO ??
  resolve(REPO_ROOT, "../shared/data/locomo/locomo7.json");

type Sample = { observation?: Record<string, Record<string, Array<[string, unknown]>>> };

// Each speaker's facts of each session, in order: the facts one write pass would propose.
async function locomoPasses(): Promise<string[][] | undefined> {
  const text = await readFile(LOCOMO, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  const samples = JSON.parse(text) as Sample[];
  return samples.flatMap((sample) =>
    Object.values(sample.observation ?? {}).flatMap((bySpeaker) =>
      Object.values(bySpeaker).map((facts) => facts.map(([fact]) => fact)),
    ),
  );
}

async function everydayPasses(): Promise<string[][]> {
  const url = new URL("../test/fixtures/everyday-sentences.txt", import.meta.url);
  const sentences = (await readFile(url, "utf8")).split("\n").filter((line) => line !== "");
  return [sentences];
}

async function flagged(passes: readonly string[][]) {
  const facts = passes.flat();
  const scans = await findSecretsOfEach(facts);
  const alone = facts.filter((_, index) => (scans[index]?.findings.length ?? 0) > 0);
  const split: string[] = [];
  for (const pass of passes) {
    for (const index of (await findSplitSecrets(pass)).keys()) split.push(pass[index] as string);
  }
  return { facts: facts.length, alone, split };
}

const section: BenchSection = {
  name: "secret-false-positives",
  title: "ordinary facts read as secrets: alone and as neighbours in a write pass",
  async run({ log }) {
    log("| corpus | facts | passes | read as a secret alone | read as half a split secret |");
    log("|---|---:|---:|---:|---:|");
    const corpora: Array<[string, string[][] | undefined]> = [
      ["LoCoMo observations", await locomoPasses()],
      ["everyday sentences", await everydayPasses()],
    ];
    const examples: string[] = [];
    for (const [name, passes] of corpora) {
      if (passes === undefined) {
        log(`| ${name} | no file at ${LOCOMO} | | | |`);
        continue;
      }
      const { facts, alone, split } = await flagged(passes);
      log(`| ${name} | ${facts} | ${passes.length} | ${alone.length} | ${split.length} |`);
      examples.push(...alone.slice(0, 5), ...split.slice(0, 5));
    }
    if (examples.length > 0) {
      log("");
      for (const example of examples) log(`- ${example}`);
    }
  },
};

export default section;
