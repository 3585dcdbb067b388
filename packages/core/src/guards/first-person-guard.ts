import { contentWords, foldText, headOfText } from "../text/index.js";

/** What {@link findThirdPersonStatement} found; the message is the `not_first_person` row of `WRITE_CHECKS`. */
export type FirstPersonRefusal = {
  code: "not_first_person";
  /** The start of the evidence that reports another person, at most 80 chars. */
  excerpt: string;
};

// "<someone> said (that) he ...": another person's words reported, in English, German, French,
// Spanish, Portuguese and Italian; the subject is checked apart, so "I told him he ..." is not one.
const REPORTED =
  /(?<subject>[\p{L}'’-]+(?: [\p{L}'’-]+){0,3}) (?:said|says|told (?:me|us)|tells (?:me|us)|thinks|thought|mentioned|claims|claimed|believes|feels|felt|admitted|complained|sagte|sagt|meinte|meint|a dit|dit|pense|dijo|dice|cree|disse|diz|acha|ha detto|pensa),? (?:that |dass |que |qu'|che )?(?<pronoun>he|she|they|er|sie|il|elle|ils|elles|él|ella|ellos|ele|ela|eles|lui|lei|loro)\b(?<rest>.*)$/isu;

const FIRST_PERSON_SUBJECT = /^(?:.* )?(?:i|we|ich|wir|je|nous|yo|nosotros|eu|nós|io|noi)$/iu;

/**
 * Finds a fact that the evidence shows is another person's statement about themselves ("my friend
 * said he didn't like football" is the friend's taste, not the user's): the evidence reports
 * someone else's words ("<someone> said (that) he/she/they ..."), the reporter is not the user,
 * and the fact's content words come from the reported part. The check pipeline asks it only for a
 * place that holds the user's own facts (the layout's `ownFacts` step: subject `profile.md` /
 * `preferences.md`, a fact file of type `user` / `feedback`); `people/<name>.md` may hold facts
 * about others.
 *
 * @param fact - The proposed fact.
 * @param evidence - The quote it rests on.
 * @returns `{ code: "not_first_person", excerpt }`, or `undefined` when the fact may be the user's.
 * @example findThirdPersonStatement("doesn't like football", "my friend said he didn't like football")?.code // "not_first_person"
 */
export function findThirdPersonStatement(
  fact: string,
  evidence: string,
): FirstPersonRefusal | undefined {
  const match = REPORTED.exec(foldText(evidence));
  const groups = match?.groups;
  if (groups === undefined) return undefined;
  if (FIRST_PERSON_SUBJECT.test(groups.subject ?? "")) return undefined;
  const words = contentWords(fact);
  const reported = new Set(contentWords(groups.rest ?? ""));
  const shared = words.filter((word) => reported.has(word)).length;
  if (words.length === 0 || shared * 2 < words.length) return undefined;
  return {
    code: "not_first_person",
    excerpt: headOfText(evidence.trim(), 80),
  };
}
