import { createHash } from "node:crypto";
import { stemmer } from "stemmer";
import { normalizeFactText } from "../format/index.js";
import { foldForQuote } from "../guards/index.js";

/**
 * The key two fact texts are compared on (for `replaces`, duplicates and tombstones): a leading
 * `[stated …]` tag dropped, NFKC, case and white space folded (the seed design: "matched on the
 * fact text, date tag ignored"), curly quotes made straight and end punctuation dropped.
 *
 * @param text - A fact's text, or a whole fact line.
 * @returns The key; `""` for blank input.
 * @example factKey("[stated 2026/09/12]  Loves  Thai food.") // "loves thai food"
 */
export function factKey(text: string): string {
  return foldForQuote(normalizeFactText(text))
    .replace(/[.!;,]+$/, "")
    .trim();
}

// Function words, and the words people use to ask for a memory change ("please forget about my
// ..."); neither says what the fact is about. Negations are here too: "doesn't eat pork" and
// "does not eat pork" must match the same forget request.
const STOP_WORDS = new Set(
  (
    "a an the this that these those it its i me my mine myself we us our ours you your yours he him " +
    "his she her hers they them their theirs user users is am are was were be been being do does " +
    "did doing have has had having will would shall should can could may might must of to in on at " +
    "by for with from into onto about as than then so and or but if because while also too very " +
    "just now anymore still again not no never dont doesnt didnt isnt arent wasnt werent cant wont " +
    "what where when who whom whose which why how there here all any anything everything something " +
    "some stuff thing things info information fact facts detail details line lines memory memories " +
    "please forget remember delete remove erase drop note said say told tell mention mentioned know " +
    "regarding re"
  ).split(" "),
);

/**
 * The content words of a text, for tombstones and `forget`: the fact key split into words
 * (letters and digits; apostrophes dropped, so "don't" is "dont"), function words and request
 * words ("forget", "please", "my") removed, each word reduced to its Porter stem (the `stemmer`
 * package), so "deploys", "deployed" and "deploy" are one word.
 *
 * @param text - A fact or a forget query.
 * @returns The distinct stems, in order of first appearance.
 * @example contentWords("Please forget where I deploy") // ["deploi"]
 */
export function contentWords(text: string): string[] {
  const words = factKey(text)
    .replace(/'/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "" && !STOP_WORDS.has(word));
  return [...new Set(words.map((word) => stemmer(word)))];
}

/**
 * sha256 of a text as lowercase hex; tombstones store these instead of the forgotten words.
 *
 * @param text - Any text, hashed as UTF-8.
 * @returns 64 hex chars.
 * @example hashText("loves thai food")
 */
export function hashText(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
