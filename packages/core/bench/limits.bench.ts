import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { forget } from "../src/layouts/index.js";
import { createMemoryToolHandlers } from "../src/memory-tool/index.js";
import { MemoryStore } from "../src/store/index.js";
import { splitWords } from "../src/text/index.js";
import { type BenchSection, median, ms, timeIt } from "./section.js";

const ROUNDS = 3;
const WORDS = "alpha bravo charlie delta echo foxtrot golf hotel india ";
const text = (chars: number) => WORDS.repeat(Math.ceil(chars / WORDS.length)).slice(0, chars);

/**
 * Limits before work: the word split over one long line (every scan of tombstones, forget and the
 * evidence check goes through it), a memory-tool insert and a forget query by length. Per-char
 * figures that stay flat as the input grows show a linear cost.
 */
const section: BenchSection = {
  name: "limits",
  title: "word split, memory-tool insert and forget query by input length (median of 3 rounds)",
  async run({ log }) {
    log("| input | chars | median | µs per 1,000 chars |");
    log("| --- | ---: | ---: | ---: |");
    const row = (name: string, chars: number, samples: number[]) => {
      const value = median(samples);
      log(
        `| ${name} | ${chars} | ${ms(value)} | ${((value * 1000) / (chars / 1000)).toFixed(1)} |`,
      );
    };
    for (const chars of [10_000, 100_000, 1_000_000]) {
      const samples: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        samples.push(await timeIt(async () => splitWords(text(chars))));
      }
      row("splitWords, one line", chars, samples);
    }
    const base = await mkdtemp(join(tmpdir(), "memfiles-bench-limits-"));
    try {
      const root = join(base, "memory");
      await mkdir(join(root, "topics"), { recursive: true });
      const store = new MemoryStore({ root });
      const handlers = createMemoryToolHandlers({ store });
      for (const chars of [10_000, 10_000_000]) {
        const samples: number[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          await writeFile(join(root, "topics/notes.md"), "[stated 2026/11/01] notes\n");
          samples.push(
            await timeIt(() =>
              Promise.resolve()
                .then(() =>
                  handlers.insert({
                    command: "insert",
                    path: "/memories/topics/notes.md",
                    insert_line: 1,
                    insert_text: text(chars),
                  } as never),
                )
                .catch(() => undefined),
            ),
          );
        }
        row("memory-tool insert", chars, samples);
      }
      await writeFile(join(root, "topics/notes.md"), "[stated 2026/11/01] lives in Berlin\n");
      for (const chars of [1_000, 10_000, 50_000]) {
        const samples: number[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          samples.push(await timeIt(() => forget({ store, query: text(chars) })));
        }
        row("forget query", chars, samples);
      }
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  },
};

export default section;
