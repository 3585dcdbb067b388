import { factKey } from "./fact-key.js";

// A number as people write one: "50", "95,000", "16.2", "$110,000" (the currency sign stays).
const NUMBER = /(?<![\p{L}\p{N}])\d+(?:[.,]\d+)*(?![\p{L}\p{N}])/gu;

/**
 * A fact's key with every number replaced by `#`, so two facts that differ only in their numbers
 * have the same skeleton: "takes 50 mg of sertraline" and "takes 100 mg of sertraline" both give
 * "takes # mg of sertraline". Units stay: "50 mg" and "50 mcg" differ, and so do "has 2 kids" and
 * "has 3 cats". A fact without a number has none.
 *
 * @param text - A fact's text or line (a date tag is ignored; see `factKey`).
 * @returns The skeleton, or `undefined` when the text holds no number.
 * @example valueSkeleton("earns $95,000 a year") // "earns $# a year"
 */
export function valueSkeleton(text: string): string | undefined {
  const key = factKey(text);
  const skeleton = key.replace(NUMBER, "#");
  return skeleton === key ? undefined : skeleton;
}
