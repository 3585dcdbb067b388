import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { remember } from "../layouts/index.js";
import { capChars } from "../recall/fence.js";
import { MemoryStore } from "../store/index.js";
import { fitTranscript } from "../write/transcript-budget.js";
import { headOfText, tailOfText } from "./cut-text.js";
import { factSlug } from "./fact-slug.js";

const graphemes = new Intl.Segmenter("und", { granularity: "grapheme" });
const split = (text: string) => [...graphemes.segment(text)].map((part) => part.segment);

// Each is one grapheme of several code units; nothing else is in the texts cut below, so every
// grapheme of a cut text must be one of these whole.
const HARD = {
  "ZWJ family": "👨‍👩‍👧‍👦",
  flag: "🇯🇵",
  "skin tone": "👍🏽",
  "combining marks": "e\u0301\u0323",
  "CJK outside the BMP": "𠮷",
};
const KINDS = Object.entries(HARD);
const MIXED = Object.values(HARD).join("");

// JSON.stringify writes a lone surrogate as a \ud8xx-\udfff escape and a whole pair as itself.
function hasLoneSurrogate(value: unknown): boolean {
  return /\\ud[89a-f][0-9a-f]{2}/i.test(JSON.stringify(value));
}

function wholeGraphemes(text: string): boolean {
  const allowed = new Set(Object.values(HARD));
  return split(text).every((part) => allowed.has(part));
}

describe("headOfText and tailOfText cut only between graphemes", () => {
  it.each(KINDS)("%s, at every length", (_kind, grapheme) => {
    const text = `${grapheme}${MIXED}${grapheme}`;
    for (let max = 0; max <= text.length; max++) {
      for (const cut of [headOfText(text, max), tailOfText(text, max)]) {
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(wholeGraphemes(cut)).toBe(true);
        expect(hasLoneSurrogate(cut)).toBe(false);
      }
      expect(text.startsWith(headOfText(text, max))).toBe(true);
      expect(text.endsWith(tailOfText(text, max))).toBe(true);
    }
  });

  it.each([
    ["fits", "ab👍🏽", 6, "ab👍🏽", "ab👍🏽"],
    ["inside the skin tone", "ab👍🏽", 3, "ab", ""],
    ["nothing", "ab", 0, "", ""],
    ["plain text", "abcdef", 3, "abc", "def"],
  ])("%s", (_name, text, max, head, tail) => {
    expect([headOfText(text, max), tailOfText(text, max)]).toEqual([head, tail]);
  });
});

describe("every cut of user text keeps graphemes whole", () => {
  it.each(KINDS)("the transcript budget on a long turn of %s", (_kind, grapheme) => {
    for (let offset = 0; offset < 12; offset++) {
      const content = `${"é".repeat(offset)}${grapheme.repeat(2_000)}${MIXED.repeat(500)}`;
      const { transcript, trimmedTurns } = fitTranscript(
        { date: "2026-11-29", turns: [{ role: "user", content }] },
        1_000 + offset,
      );
      expect(trimmedTurns).toBe(1);
      const sent = transcript.turns[0]?.content ?? "";
      expect(hasLoneSurrogate(transcript)).toBe(false);
      const [head = "", tail = ""] = sent.split(/\n\[… \d+ chars trimmed by memfiles[^\]]*\]\n/);
      expect(wholeGraphemes(head.replaceAll("é", ""))).toBe(true);
      expect(wholeGraphemes(tail)).toBe(true);
    }
  });

  it.each(KINDS)("recall's description cap on %s", (_kind, grapheme) => {
    const text = MIXED + grapheme.repeat(20);
    for (let max = 1; max < text.length; max++) {
      const capped = capChars(text, max);
      expect(hasLoneSurrogate(capped)).toBe(false);
      expect(wholeGraphemes(capped.replace(/…$/, ""))).toBe(true);
    }
  });

  it.each(KINDS)("a fact file's slug of %s", (_kind, grapheme) => {
    const slug = factSlug(`note ${grapheme.repeat(80)}`);
    expect(hasLoneSurrogate(slug)).toBe(false);
    // Emoji are not letters, so they leave the slug; letters with marks and ideographs stay whole.
    const kept = grapheme.normalize("NFKC").toLowerCase();
    expect(split(slug.replace(/^note-?/, "")).every((part) => part === kept)).toBe(true);
  });

  // Around the limit: a slug of at most 60 UTF-16 units is whole (no segmenter), a longer one is
  // cut to 60 code points of whole graphemes, its trailing hyphen dropped.
  it.each([
    { name: "a".repeat(60), slug: "a".repeat(60) },
    { name: "a".repeat(61), slug: "a".repeat(60) },
    { name: `${"a".repeat(59)} b`, slug: "a".repeat(59) },
    { name: `${"a".repeat(58)} b`, slug: `${"a".repeat(58)}-b` },
    { name: `${"é".repeat(30)}`, slug: "é".repeat(30) },
    { name: `${"a\u0332".repeat(30)}b`, slug: "a\u0332".repeat(30) },
    { name: `b${"a\u0332".repeat(30)}`, slug: `b${"a\u0332".repeat(29)}` },
    { name: "!!!", slug: "memory" },
  ])("a fact file's slug at the limit: $slug", ({ name, slug }) => {
    expect(factSlug(name)).toBe(slug);
  });

  it.each(KINDS)("remember's generated description and name of %s", async (_kind, grapheme) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-cut-")), "memory");
    const store = new MemoryStore({ root, layout: "fact" });
    const fact = `likes ${grapheme.repeat(Math.ceil(200 / grapheme.length))}`;
    const result = await remember({
      store,
      path: "likes.md",
      fact,
      now: new Date("2026-11-29T12:00:00Z"),
    });
    expect(result.ok).toBe(true);
    const text = await readFile(join(root, "likes.md"), "utf8");
    const description = /^description: (.*)$/m.exec(text)?.[1] ?? "";
    expect(hasLoneSurrogate(text)).toBe(false);
    const cut = description
      .replace(/^"|"$/g, "")
      .replace(/^likes /, "")
      .replace(/… Read when this matters to the answer\.$/, "");
    expect(cut).not.toBe(description);
    expect(wholeGraphemes(cut)).toBe(true);
  });
});
