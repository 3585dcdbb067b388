import { contentWords, foldText, MERGE_WORDS, STOP_WORDS, stemWord } from "../../../text/index.js";

// A token as `factValues` reads one: letters and digits, with `-._/:+` inside ("16.2", "eu-west-3").
const TOKEN = /[\p{L}\p{N}]+(?:[-._/:+][\p{L}\p{N}]+)*/gu;
// A clause of a merged line: "takes 50 mg of sertraline, and 50 mcg of levothyroxine" binds each
// dose to its own drug.
const CLAUSE_BREAK =
  /[,;()]|(?<![\p{L}\p{N}])(?:and|but|while|whereas|previously|then|plus)(?![\p{L}\p{N}])/iu;

/** A number, version or date in a clause, with the word after it when that reads as its unit. */
type BoundValue = { value: string; unit: string | undefined; written: string };

function boundValues(clause: string): BoundValue[] {
  const tokens = [...clause.normalize("NFKC").matchAll(TOKEN)].map((match) => match[0]);
  const values: BoundValue[] = [];
  tokens.forEach((token, at) => {
    if (!/\p{N}/u.test(token)) return;
    const next = tokens[at + 1];
    const unit =
      next !== undefined && !/\p{N}/u.test(next) && !STOP_WORDS.has(foldText(next))
        ? foldText(next)
        : undefined;
    values.push({
      value: foldText(token),
      unit,
      written: unit === undefined ? token : `${token} ${next}`,
    });
  });
  return values;
}

const clausesOf = (text: string) => text.split(CLAUSE_BREAK).filter((part) => part.trim() !== "");

/** A value of a rewrite's line found beside other words than every input line gave it. */
export type MovedValue = { written: string; input: string };

/**
 * The values of a rewritten line that moved away from the words they were said with: a number,
 * version or date (with its unit: "50 mg") must stand on an input line that holds one of the
 * clause's distinctive words (stemmed content words at most one input line has) with the same unit.
 * "takes 50 mg of levothyroxine" from "takes 50 mg of sertraline" and "takes 50 mcg of
 * levothyroxine" moved "mg": a 1,000x dose. A clause without such a word: see `value_changed`.
 *
 * @example movedValues("takes 50 mg of levothyroxine", ["takes 50 mg of sertraline", "takes 50 mcg of levothyroxine"]) // [{ written: "50 mg", input: "takes 50 mg of sertraline" }]
 */
export function movedValues(line: string, inputLines: readonly string[]): MovedValue[] {
  const inputs = inputLines.map((text) => {
    const values = boundValues(text);
    const valueWords = new Set(
      values.flatMap((value) => [
        value.value,
        value.unit === undefined ? "" : stemWord(value.unit),
      ]),
    );
    return {
      text,
      values,
      words: new Set(contentWords(text, { ignore: MERGE_WORDS }).filter((w) => !valueWords.has(w))),
    };
  });
  const holders = new Map<string, number>();
  for (const input of inputs) {
    for (const word of input.words) holders.set(word, (holders.get(word) ?? 0) + 1);
  }
  const moved: MovedValue[] = [];
  for (const clause of clausesOf(line)) {
    const values = boundValues(clause);
    if (values.length === 0) continue;
    const units = new Set(
      values.flatMap((value) => (value.unit === undefined ? [] : [stemWord(value.unit)])),
    );
    const anchors = contentWords(clause, { ignore: MERGE_WORDS }).filter(
      (word) => holders.get(word) === 1 && !units.has(word),
    );
    if (anchors.length === 0) continue;
    for (const value of values) {
      const same = (held: BoundValue) =>
        held.value === value.value && (value.unit === undefined || held.unit === value.unit);
      const holding = inputs.filter((input) => input.values.some(same));
      if (holding.length === 0) continue; // A value no input line has: `value_changed` says so.
      if (holding.some((input) => anchors.some((word) => input.words.has(word)))) continue;
      moved.push({ written: value.written, input: holding[0]?.text ?? "" });
    }
  }
  return moved;
}
