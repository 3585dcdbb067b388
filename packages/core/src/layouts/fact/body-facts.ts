import {
  type BodyFact,
  bodyFacts,
  contentWordList,
  factKey,
  factValues,
  HEADING,
  LIST_MARKER,
  sameRelations,
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
  const updated = factUpdatedBy(others, written);
  if (updated === undefined) {
    return {
      kind: "unclear",
      reason: `it holds ${stored.length} facts and this one shares too few words with any of them to tell which it updates`,
    };
  }
  if (updated.kind === "unclear") {
    const shown = updated.facts.map((fact) => JSON.stringify(fact.text)).join(", ");
    return {
      kind: "unclear",
      reason: `it holds ${stored.length} facts and this one could update any of ${shown}`,
    };
  }
  const { fact } = updated;
  return {
    kind: "replace",
    lines: fact.lines,
    replaced: fact.text,
    text: inPlaceOf(like(fact.lines[0]), written),
  };
}

/** What {@link factUpdatedBy} finds: the one stored fact updated, or the facts tied for it. */
export type FactUpdated =
  | { kind: "replace"; fact: BodyFact }
  | { kind: "unclear"; facts: BodyFact[] };

/**
 * Which of the stored facts `stored` a new fact `written` updates, by the fact layout's one rule
 * for an updated fact (decision 0068; used by the write pass's `updateOfBody`, by `remember` into
 * a named file and by the new-file same-subject rule, decision 0126): the stored fact of which the
 * new text holds half or more of the content words besides its values (`factValues`; forget's word
 * rule, `sameWord`; the stop words of the fact's language left out), the one sharing most with it
 * (the product of both shares), of the facts that name the same relations of a named person
 * (`sameRelations`, decision 0118). "my dog is named Bruno" updates "my dog is named Rex" (it holds
 * "dog" and "named", the words besides the name); "Rex sleeps in the hall" updates neither.
 *
 * A caller that adds a fact unless it updates one (`remember`, decision 0025: "remember adds")
 * asks for `least: 2` shared words besides the values, so "uses tmux" stands beside "uses Neovim"
 * (one word, "uses") while "my dog is named Bruno" (two, "dog" and "named") replaces its line.
 *
 * @param stored - The stored facts (`bodyFacts` of a body), none restating the new text.
 * @param written - The new fact, one or more lines.
 * @param options - `least`: the fewest of a stored fact's words besides its values the new text
 *   must hold (default 1).
 * @returns `{ kind: "replace", fact }`, `{ kind: "unclear", facts }` when two or more share as
 *   much, or `undefined` when it updates none.
 * @example factUpdatedBy(bodyFacts("my dog is named Rex\n"), "my dog is named Bruno") // { kind: "replace", fact: { text: "my dog is named Rex", lines: [0] } }
 */
export function factUpdatedBy(
  stored: readonly BodyFact[],
  written: string,
  options: { least?: number } = {},
): FactUpdated | undefined {
  const least = options.least ?? 1;
  // Function words of the fact's own language tell no fact from another ("der", "de", "la").
  const words = [...new Set(contentWordList(written, { ownLanguage: true }))];
  // Another person's fact is not this one's to update (decision 0118: "Anna's sister lives in
  // Madrid" beside "Anna lives in Madrid").
  const scored = stored
    .filter((fact) => sameRelations(written, fact.text))
    .map((fact) => {
      const have = [...new Set(contentWordList(fact.text, { ownLanguage: true }))];
      const held = (word: string) => words.some((other) => sameWord(word, other));
      // An update takes the stored fact's place, so it must carry half of what that fact says
      // besides its values (names, numbers: what an update changes), else the rest is lost. Of
      // the facts it may replace, the one it is about holds most of the update's words too: a
      // fact holding only the new value ("- Zed" for "The user edits code in Zed.") is not it.
      const values = valueWords(fact.text);
      const rest = have.filter((word) => !values.has(word));
      const shared = rest.filter(held).length;
      const ofStored = rest.length === 0 || shared < least ? 0 : shared / rest.length;
      const ofUpdate = words.length === 0 ? 0 : have.filter(held).length / words.length;
      return { fact, ofStored, score: ofStored * ofUpdate };
    });
  const fit = scored.filter((item) => item.ofStored >= 0.5);
  if (fit.length === 0) return undefined;
  const best = Math.max(...fit.map((item) => item.score));
  const top = fit.filter((item) => item.score === best).map((item) => item.fact);
  const [only] = top;
  return top.length === 1 && only !== undefined
    ? { kind: "replace", fact: only }
    : { kind: "unclear", facts: top };
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
