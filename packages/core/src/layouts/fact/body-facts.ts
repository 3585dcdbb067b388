import {
  type BodyFact,
  bodyFacts,
  contentWordList,
  factKey,
  factValues,
  HEADING,
  LIST_MARKER,
  sameWord,
} from "../../text/index.js";

export { type BodyFact, bodyFacts };

// A fact's values, folded, with the parts of "fly.io" or "eu-west-3" (as `contentWordList` splits).
function valueWords(text: string): Set<string> {
  const { exact, names } = factValues(text);
  return new Set([...exact, ...names].flatMap((value) => [value, ...value.split(/[-._/:+]/)]));
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
 * Which fact of a stored body a saved fact updates (decision 0068). A body that is one fact and
 * nothing else is the fact, replaced whole (`undefined`); one fact under a heading is replaced,
 * the heading kept. In a body of several, each fact of the new text that states a stored fact
 * again (`factKey`) leaves that one as it is; the rest of the new text replaces the one other
 * stored fact when it holds half or more of that fact's content words besides its values
 * (`factValues`; forget's word rule, `sameWord`; the stop words of the fact's language left out,
 * `otherLanguageStopWords`), the fact sharing most with it (the product of
 * both shares); two such facts sharing as much, or none, are `unclear`.
 *
 * @param body - The stored body (`FactFile.body`).
 * @param text - The saved fact (the proposal's body), one or more lines.
 * @returns The change, or `undefined` for a body that is one fact and nothing else.
 * @example updateOfBody("The user edits code in Helix.\nThe user prefers Vim keys.\n", "The user edits code in Zed.") // { kind: "replace", lines: [0], replaced: "The user edits code in Helix.", text: "The user edits code in Zed." }
 */
export function updateOfBody(body: string, text: string): BodyUpdate | undefined {
  const stored = bodyFacts(body);
  const bodyLines = body.split(/\r?\n/);
  // A heading a person wrote is no fact, so no update may drop it.
  if (stored.length < 2 && !bodyLines.some((line) => HEADING.test(line))) return undefined;
  const like = (at: number | undefined) => bodyLines[at ?? 0] ?? "";
  const lines = text.split(/\r?\n/);
  const given = bodyFacts(text);
  const storedKeys = new Set(stored.map((fact) => factKey(fact.text)));
  const fresh = given.filter((fact) => !storedKeys.has(factKey(fact.text)));
  const restated = new Set(
    given.filter((fact) => !fresh.includes(fact)).map((fact) => factKey(fact.text)),
  );
  if (fresh.length === 0) return { kind: "restated", as: given[0]?.text ?? "" };
  const written = fresh.flatMap((fact) => fact.lines.map((at) => lines[at] ?? "")).join("\n");
  const [only] = stored;
  if (only === undefined) return { kind: "add", text: written };
  if (stored.length === 1) {
    const replaced = { lines: only.lines, replaced: only.text };
    return { kind: "replace", ...replaced, text: inPlaceOf(like(only.lines[0]), written) };
  }
  const others = stored.filter((fact) => !restated.has(factKey(fact.text)));
  if (others.length === 0) {
    return { kind: "add", text: inPlaceOf(like(stored.at(-1)?.lines[0]), written) };
  }
  // Function words of the fact's own language tell no fact from another ("der", "de", "la").
  const words = [...new Set(contentWordList(written, { ownLanguage: true }))];
  const scored = others.map((fact) => {
    const have = [...new Set(contentWordList(fact.text, { ownLanguage: true }))];
    const held = (word: string) => words.some((other) => sameWord(word, other));
    // An update takes the stored fact's place, so it must carry half of what that fact says
    // besides its values (names, numbers: what an update changes), else the rest is lost. Of
    // the facts it may replace, the one it is about holds most of the update's words too: a
    // fact holding only the new value ("- Zed" for "The user edits code in Zed.") is not it.
    const values = valueWords(fact.text);
    const rest = have.filter((word) => !values.has(word));
    const ofStored = rest.length === 0 ? 0 : rest.filter(held).length / rest.length;
    const ofUpdate = words.length === 0 ? 0 : have.filter(held).length / words.length;
    return { fact, ofStored, score: ofStored * ofUpdate };
  });
  const fit = scored.filter((item) => item.ofStored >= 0.5);
  const best = Math.max(...fit.map((item) => item.score));
  const top = fit.filter((item) => item.score === best);
  const shown = (fact: BodyFact) => JSON.stringify(fact.text);
  if (fit.length === 0) {
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
  return {
    kind: "replace",
    lines: fact.lines,
    replaced: fact.text,
    text: inPlaceOf(like(fact.lines[0]), written),
  };
}

/**
 * The text to write in place of a body line: each line of the text that starts a fact takes
 * that line's list marker and indent when it has no marker of its own, so bullets stay bullets.
 *
 * @example inPlaceOf("  - Takes 50 mg", "Takes 100 mg\nWith food") // "  - Takes 100 mg\n  - With food"
 */
export function inPlaceOf(line: string, text: string): string {
  const marker = LIST_MARKER.exec(line)?.[0];
  if (marker === undefined) return text;
  const starts = new Set(bodyFacts(text).map((fact) => fact.lines[0]));
  return text
    .split(/(?<=\n)/)
    .map((part, at) => (starts.has(at) && !LIST_MARKER.test(part) ? marker + part : part))
    .join("");
}
