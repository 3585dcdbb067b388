// The built code a process loads carries only the `stopword` package's lists that core reads
// (STOP_WORD_LISTS, and the passphrase check's PASSWORD_LANGUAGE_STOP_WORD_LISTS), not all 62: the hook bundle and core's own bundled chunks. The count is over
// each list's ASCII words of four letters or more and its words of letters outside ASCII ("제",
// "también"), found as string literals as esbuild writes them (non-ASCII escaped); lists with
// fewer than 20 such words are not counted.

import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import {
  PASSWORD_LANGUAGE_STOP_WORD_LISTS,
  STOP_WORD_LISTS,
} from "../../core/src/text/stop-words.js";
import { expectBuilt } from "../../core/test/fixtures/built-dist.js";

const CORE = fileURLToPath(new URL("../../core/", import.meta.url));
const CLAUDE_CODE_DIST = fileURLToPath(new URL("../dist/", import.meta.url));

beforeAll(() => expectBuilt(["claude-code", "core"]));

// Every list core reads: recall's and the passphrase check's (decision 0124).
const READ_LISTS: Record<string, readonly string[]> = {
  ...STOP_WORD_LISTS,
  ...PASSWORD_LANGUAGE_STOP_WORD_LISTS,
};

const BUILT: ReadonlyArray<[name: string, text: () => Promise<string>]> = [
  ["the hook bundle", () => readFile(join(CLAUDE_CODE_DIST, "run-hook.bundle.cjs"), "utf8")],
  [
    "core's chunks",
    async () => {
      const names = (await readdir(join(CORE, "dist"))).filter((name) => name.startsWith("chunk-"));
      const texts = await Promise.all(
        names.map((name) => readFile(join(CORE, "dist", name), "utf8")),
      );
      return texts.join("\n");
    },
  ],
];

// A word as esbuild writes it in a string literal: each UTF-16 unit outside ASCII escaped, as
// `\xE9` below U+0100 and `\uC81C` above.
function literal(word: string): string {
  return JSON.stringify(word).replace(/[^\0-\x7f]/g, (unit) => {
    const code = unit.charCodeAt(0).toString(16).toUpperCase();
    return code.length <= 2 ? `\\x${code}` : `\\u${code.padStart(4, "0")}`;
  });
}

// Every stretch of the text from one double quote to the next, quotes kept: each literal a counted
// word can be written as (letters only, so no quote inside) is one of them, wherever the code around
// it puts other quotes. One pass over the bundle, then a set lookup per word, not a search of
// megabytes per word.
function quotedIn(text: string): Set<string> {
  const found = new Set<string>();
  for (let at = text.indexOf('"'); at !== -1; ) {
    const end = text.indexOf('"', at + 1);
    if (end === -1) break;
    found.add(text.slice(at, end + 1));
    at = end;
  }
  return found;
}

/** Per list of the package: the share of its counted words the text holds. */
function sharesIn(text: string): Record<string, number> {
  const quoted = quotedIn(text);
  const all = createRequire(join(CORE, "package.json"))("stopword") as Record<string, unknown>;
  const read = new Set<string>(Object.keys(READ_LISTS));
  const readWords = new Set(Object.values(READ_LISTS).flat());
  const shares: Record<string, number> = {};
  for (const [language, list] of Object.entries(all)) {
    if (!Array.isArray(list)) continue;
    const counted = (list as string[]).filter(
      (word) =>
        (/^[a-z]{4,}$/.test(word) || /^(?=.*[^\0-\x7f])\p{L}+$/u.test(word)) &&
        (read.has(language) || !readWords.has(word)),
    );
    if (counted.length < 20) continue;
    const held = counted.filter((word) => quoted.has(literal(word))).length;
    // Not rounded: one word missing of a read list's 598 is a share below 1.
    shares[language] = held / counted.length;
  }
  return shares;
}

describe.each(BUILT)("%s", (_name, text) => {
  it("holds every list core reads and almost nothing of the others", async () => {
    const shares = sharesIn(await text());
    const read = Object.entries(shares).filter(([language]) => language in READ_LISTS);
    const others = Object.entries(shares).filter(([language]) => !(language in READ_LISTS));
    // Every list core reads is counted: the 13 of STOP_WORD_LISTS and the passphrase check's 4.
    expect(read.map(([language]) => language).sort()).toEqual(Object.keys(READ_LISTS).sort());
    expect(others.length).toBeGreaterThan(20);
    // A word of another list can be a string of the code ("global", "unit"): a few per list.
    expect({
      read: read.filter(([, share]) => share < 1),
      others: others.filter(([, share]) => share > 0.1),
    }).toEqual({ read: [], others: [] });
  });
});
