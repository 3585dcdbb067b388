import { contentWordList, factKey, sameWord } from "../../text/index.js";

/** One fact of a fact file's body: its text (list marker dropped) and its body lines (0-based). */
export type BodyFact = { text: string; lines: number[] };

// A bullet or numbered list marker, kept out of the fact's text.
const LIST_MARKER = /^\s*(?:[-*+]|\d+[.)])\s+/;
// `**Why:** …` and `**How to apply:** …` (Claude Code's feedback and project files) and indented
// lines say more about the fact above them, so they go with it.
const CONTINUATION = /^(?:\s+\S|\s*\*\*[^*\n]+:\*\*)/;

/**
 * The facts of a fact file's body (decision 0059): each line of text (a bullet, a line `remember`
 * added), with the lines that continue it; blank lines and headings are no fact.
 *
 * @param body - The body as parsed (`FactFile.body`), any line breaks.
 * @returns The facts in order; `lines` are 0-based lines of `body`.
 * @example bodyFacts("Edits in Helix.\n- Vim keys\n  everywhere\n") // [{ text: "Edits in Helix.", lines: [0] }, { text: "Vim keys everywhere", lines: [1, 2] }]
 */
export function bodyFacts(body: string): BodyFact[] {
  const facts: BodyFact[] = [];
  body.split(/\r?\n/).forEach((line, at) => {
    if (line.trim() === "" || /^\s*#/.test(line)) return;
    const last = facts[facts.length - 1];
    if (last !== undefined && CONTINUATION.test(line) && last.lines.at(-1) === at - 1) {
      last.lines.push(at);
      last.text += ` ${line.trim()}`;
    } else {
      facts.push({ text: line.replace(LIST_MARKER, "").trim(), lines: [at] });
    }
  });
  return facts;
}

/**
 * How a saved fact changes a body of several facts (decision 0068): `replace` the lines of the one
 * fact it updates with `text`, `add` `text` as the last lines (it restates every other fact),
 * `restated` (it says nothing new), or `unclear` (no one fact it updates; nothing may be written).
 */
export type BodyUpdate =
  | { kind: "replace"; lines: readonly number[]; replaced: string; text: string }
  | { kind: "add"; text: string }
  | { kind: "restated"; as: string }
  | { kind: "unclear"; reason: string };

/**
 * Which fact of a stored body a saved fact updates (decision 0068). A body of one fact is the
 * fact, replaced whole (`undefined`). In a body of several, each fact of the new text that states
 * a stored fact again (`factKey`) leaves that one as it is; the rest of the new text replaces the
 * one other stored fact whose content words it shares most, when they share at least half of the
 * shorter one's (forget's word rule, `sameWord`) and no other fact shares as many; else `unclear`.
 *
 * @param body - The stored body (`FactFile.body`).
 * @param text - The saved fact (the proposal's body), one or more lines.
 * @returns The change, or `undefined` for a body of fewer than two facts.
 * @example updateOfBody("The user edits code in Helix.\nThe user prefers Vim keys.\n", "The user edits code in Zed.") // { kind: "replace", lines: [0], replaced: "The user edits code in Helix.", text: "The user edits code in Zed." }
 */
export function updateOfBody(body: string, text: string): BodyUpdate | undefined {
  const stored = bodyFacts(body);
  if (stored.length < 2) return undefined;
  const storedKeys = new Set(stored.map((fact) => factKey(fact.text)));
  const given = bodyFacts(text);
  const fresh = given.filter((fact) => !storedKeys.has(factKey(fact.text)));
  const restated = new Set(
    given.filter((fact) => !fresh.includes(fact)).map((fact) => factKey(fact.text)),
  );
  if (fresh.length === 0) return { kind: "restated", as: given[0]?.text ?? "" };
  const lines = text.split(/\r?\n/);
  const written = fresh.flatMap((fact) => fact.lines.map((at) => lines[at] ?? "")).join("\n");
  const others = stored.filter((fact) => !restated.has(factKey(fact.text)));
  if (others.length === 0) return { kind: "add", text: written };
  const words = [...new Set(contentWordList(written))];
  const scored = others.map((fact) => {
    const have = [...new Set(contentWordList(fact.text))];
    const shared = words.filter((word) => have.some((other) => sameWord(word, other))).length;
    const shorter = Math.min(words.length, have.length);
    return { fact, share: shorter === 0 ? 0 : shared / shorter };
  });
  const best = Math.max(...scored.map((item) => item.share));
  const top = scored.filter((item) => item.share === best);
  const shown = (fact: BodyFact) => JSON.stringify(fact.text);
  if (best < 0.5) {
    return {
      kind: "unclear",
      reason: `it holds ${stored.length} facts and this one shares too few words with any of them to tell which it updates`,
    };
  }
  if (top.length > 1) {
    return {
      kind: "unclear",
      reason: `it holds ${stored.length} facts and this one could update any of ${top.map((item) => shown(item.fact)).join(", ")}`,
    };
  }
  const fact = (top[0] as (typeof scored)[number]).fact;
  const first = body.split(/\r?\n/)[fact.lines[0] ?? 0] ?? "";
  return {
    kind: "replace",
    lines: fact.lines,
    replaced: fact.text,
    text: inPlaceOf(first, written),
  };
}

/**
 * The text to write in place of a body line: with that line's list marker and indent when the
 * text has no marker of its own, so a bullet stays a bullet.
 *
 * @example inPlaceOf("  - Takes 50 mg", "Takes 100 mg") // "  - Takes 100 mg"
 */
export function inPlaceOf(line: string, text: string): string {
  const marker = LIST_MARKER.exec(line)?.[0];
  return marker !== undefined && !LIST_MARKER.test(text) ? marker + text : text;
}
