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
  const key = factKey(text);
  let found = false;
  const skeleton = key.replace(NUMBER, (_number, unit: string | undefined) => {
    found = true;
    return unit === undefined ? "#" : `# ${unit}`;
  });
  return found ? skeleton.replace(/\s+/g, " ") : undefined;
}

/**
 * Whether a new fact updates a stored line rather than standing beside it (the write pipeline's
 * rule, on every surface and layout): the same words with other numbers ({@link valueSkeleton}),
 * or the other polarity (`reversesFact`). A date tag is ignored.
 *
 * @example updatesLine("takes 100 mg of sertraline", "takes 50 mg of sertraline") // true
 */
export function updatesLine(fact: string, line: string): boolean {
  if (factKey(fact) === factKey(line)) return false;
  if (valueUpdateOf(fact)?.(line) === true) return true;
  return reversesFact(fact, line);
}

/**
 * The by-value half of {@link updatesLine}, made once for a fact and asked of many lines;
 * `undefined` when the fact holds no number.
 *
 * @example valueUpdateOf("takes 100 mg of sertraline")?.("takes 50mg of sertraline") // true
 */
export function valueUpdateOf(fact: string): ((line: string) => boolean) | undefined {
  const skeleton = valueSkeleton(fact);
  if (skeleton === undefined) return undefined;
  const key = factKey(fact);
  return (line) => valueSkeleton(line) === skeleton && factKey(line) !== key;
}
