import {
  contentWordList,
  endsSentence,
  factKey,
  factValues,
  foldSearchText,
  queryStopWords,
  sameWord,
  splitWords,
} from "../../text/index.js";

/** One fact of a fact file's body: its text (list marker dropped) and its body lines (0-based). */
export type BodyFact = { text: string; lines: number[] };

// A bullet or numbered list marker, kept out of the fact's text.
const LIST_MARKER = /^\s*(?:[-*+]|\d+[.)])\s+/;
// `**Why:** …` and `**How to apply:** …` (Claude Code's feedback and project files) and indented
// lines say more about the fact above them, so they go with it.
const CONTINUATION = /^(?:\s+\S|\s*\*\*[^*\n]+:\*\*)/;
const HEADING = /^\s*#/;

/**
 * The facts of a fact file's body (decisions 0059, 0068): each line of text (a bullet, a line
 * `remember` added), with the lines that continue it: indented lines, `**Why:**` lines, and the
 * lines of a hard-wrapped sentence (a line that ends no sentence, followed by lines up to one
 * that ends it; a line starting with a capital letter only after a function word or a comma).
 * Blank lines and headings are no fact.
 *
 * @param body - The body as parsed (`FactFile.body`), any line breaks.
 * @returns The facts in order; `lines` are 0-based lines of `body`.
 * @example bodyFacts("Edits in Helix.\n- Vim keys\n  everywhere\n") // [{ text: "Edits in Helix.", lines: [0] }, { text: "Vim keys everywhere", lines: [1, 2] }]
 */
export function bodyFacts(body: string): BodyFact[] {
  const facts: BodyFact[] = [];
  const lines = body.split(/\r?\n/);
  lines.forEach((line, at) => {
    if (!isFactLine(line)) return;
    const last = facts[facts.length - 1];
    const follows = last !== undefined && last.lines.at(-1) === at - 1;
    if (follows && (CONTINUATION.test(line) || wrapsSentence(lines, at))) {
      last.lines.push(at);
      last.text += ` ${line.trim()}`;
    } else {
      facts.push({ text: line.replace(LIST_MARKER, "").trim(), lines: [at] });
    }
  });
  return facts;
}

// A fact's values, folded, with the parts of "fly.io" or "eu-west-3" (as `contentWordList` splits).
function valueWords(text: string): Set<string> {
  const { exact, names } = factValues(text);
  return new Set([...exact, ...names].flatMap((value) => [value, ...value.split(/[-._/:+]/)]));
}

const isFactLine = (line: string) => line.trim() !== "" && !HEADING.test(line);

// The Unicode property Sentence_Terminal (. ! ? 。 ！ ？ । ...) and an ellipsis, then closing
// quotes and brackets: the end of a sentence in any script.
const SENTENCE_END = /[\p{Sentence_Terminal}…][\p{Pe}\p{Pf}\p{Pi}"']*$/u;
const STARTS_CAPITAL = /^\p{Lu}/u;
// A comma, semicolon, colon, dash or opening bracket or quote: a line ending so goes on.
const OPEN_END = /[,;:\-–—\p{Ps}\p{Pi}]$/u;

// Whether line `at` carries on the sentence the line before it began: that line ends no sentence,
// and from `at` on, lines that are no list item reach one that does. Lines that end no sentence at
// all stay apart: they are a list of facts without full stops (a shopping list, a name and an
// address).
function wrapsSentence(lines: readonly string[], at: number): boolean {
  if (SENTENCE_END.test((lines[at - 1] ?? "").trimEnd())) return false;
  for (let next = at; next < lines.length; next++) {
    const line = lines[next] ?? "";
    if (!isFactLine(line) || LIST_MARKER.test(line)) return false;
    if (STARTS_CAPITAL.test(line.trim()) && !goesOnAfter(lines[next - 1] ?? "", line)) return false;
    if (SENTENCE_END.test(line.trimEnd())) return true;
  }
  return false;
}

// Whether a line starting with a capital letter goes on from the open line above it. `remember`
// writes facts without full stops, so a capital after an open line is a new fact ("The user
// prefers Vim keybindings" / "The user writes Rust at work."), unless the line above cannot end
// there: it ends in a comma or the like, or in a function word of its language (the query's stop
// words, `queryStopWords`: "with" / "Marta", "mit dem" / "Fahrrad") that is no adverb a sentence
// can end in (`endsSentence`: "jazz too" / "Mondays ..."), and the line itself does not start with
// one ("... uses it" / "The user deploys ..."). A content word before the break ("their
// sister" / "Marta") cannot be told from a fact without a full stop: the lines stay apart.
function goesOnAfter(above: string, line: string): boolean {
  const [first] = wordsOf(line);
  const aboveWords = wordsOf(above);
  const stops = queryStopWords([...aboveWords, ...wordsOf(line)]);
  if (first === undefined || stops.has(first)) return false;
  if (OPEN_END.test(above.trimEnd())) return true;
  const last = aboveWords.at(-1);
  return last !== undefined && stops.has(last) && !endsSentence(last);
}

// A line's words as the stop-word lists hold them (apostrophes dropped, folded as search folds).
const wordsOf = (text: string) => splitWords(text).map(foldSearchText);

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
