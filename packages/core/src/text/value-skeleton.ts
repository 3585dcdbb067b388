import { factKey } from "./fact-key.js";
import { reversesFact } from "./restates-fact.js";

// A number as people write one: "50", "95,000", "16.2", "$110,000" (the currency sign stays), and
// one with its unit written on ("50mg", "80kg"): the unit is kept apart, so "50mg" and "100 mg"
// share a skeleton.
const NUMBER = /(?<![\p{L}\p{N}])\d+(?:[.,]\d+)*(?!\p{N})(\p{L})?/gu;

/**
 * A fact's key with every number replaced by `#` (units kept: "50 mg" and "50 mcg" differ), so
 * facts that differ only in numbers share it; `undefined` for a text without a number.
 *
 * @example valueSkeleton("earns $95,000 a year") // "earns $# a year"
 */
export function valueSkeleton(text: string): string | undefined {
  return skeletonOfKey(factKey(text)).skeleton;
}

// One pass over the key: its skeleton, and its numbers without a unit written on ("50mg" keeps
// "50 mg"'s number).
function skeletonOfKey(key: string): { skeleton: string | undefined; numbers: string[] } {
  const numbers: string[] = [];
  const skeleton = key.replace(NUMBER, (number, unit: string | undefined) => {
    numbers.push(unit === undefined ? number : number.slice(0, -unit.length));
    return unit === undefined ? "#" : `# ${unit}`;
  });
  return {
    skeleton: numbers.length > 0 ? skeleton.replace(/\s+/g, " ") : undefined,
    numbers,
  };
}

/**
 * Whether a new fact updates a stored line rather than standing beside it (the write pipeline's
 * rule, on every surface and layout): the same words with other numbers ({@link valueSkeleton}),
 * one of them kept when there are two or more, or the other polarity (`reversesFact`). A date
 * tag is ignored.
 *
 * @example updatesLine("takes 100 mg of sertraline", "takes 50 mg of sertraline") // true
 */
export function updatesLine(fact: string, line: string): boolean {
  return updatesByTraits(updateTraits(fact), updateTraits(line));
}

/** What {@link updatesLine} reads of one text: made once for a text compared with many. */
export type UpdateTraits = {
  text: string;
  key: string;
  skeleton: string | undefined;
  /** The numbers of `key`, in order, as written, without a unit written on. */
  numbers: string[];
};

/**
 * The traits {@link updatesByTraits} compares.
 *
 * @example updateTraits("takes 50 mg") // { text: "takes 50 mg", key: "takes 50 mg", skeleton: "takes # mg", numbers: ["50"] }
 */
export function updateTraits(text: string): UpdateTraits {
  const key = factKey(text);
  return { text, key, ...skeletonOfKey(key) };
}

/**
 * {@link updatesLine} on traits made once per text (`check()` compares every line of a file with
 * every other).
 *
 * @example updatesByTraits(updateTraits("takes 100 mg"), updateTraits("takes 50 mg")) // true
 */
export function updatesByTraits(fact: UpdateTraits, line: UpdateTraits): boolean {
  if (fact.key === line.key) return false;
  return updatesByValue(fact, line) || reversesFact(fact.text, line.text);
}

// The same words with other numbers: the by-value half, for both entries. With two numbers or
// more, one must stay: when every one differs, a number names what the line is about ("kid 1 is
// in grade 2" beside "kid 3 is in grade 6"), and replacing it would delete a true fact; kept
// beside it, a real update of every number is at worst one line too many, which check() shows.
function updatesByValue(fact: UpdateTraits, line: UpdateTraits): boolean {
  if (fact.skeleton === undefined || fact.skeleton !== line.skeleton || fact.key === line.key) {
    return false;
  }
  return fact.numbers.length < 2 || fact.numbers.some((number, at) => number === line.numbers[at]);
}

/**
 * The by-value half of {@link updatesLine}, made once for a fact and asked of many lines;
 * `undefined` when the fact holds no number.
 *
 * @example valueUpdateOf("takes 100 mg of sertraline")?.("takes 50mg of sertraline") // true
 */
export function valueUpdateOf(fact: string): ((line: string) => boolean) | undefined {
  const traits = updateTraits(fact);
  if (traits.skeleton === undefined) return undefined;
  return (line) => updatesByValue(traits, updateTraits(line));
}
