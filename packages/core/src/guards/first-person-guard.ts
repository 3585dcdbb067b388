import { contentWords, foldText, headOfText, RELATION_WORDS } from "../text/index.js";

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

// Relatives, friends and colleagues (`RELATION_WORDS`) follow these: "my"/"our" and the
// possessives of the languages the reported-speech rule reads ("my sister Ana", "mein Bruder").
const POSSESSIVE =
  "my|our|mein|meine|meinem|meiner|unser|unsere|mon|ma|mes|notre|nos|mi|mis|nuestro|nuestra|meu|minha|meus|minhas|nosso|nossa|il mio|la mia|mio|mia";
// The clause is about the relative: it starts with "my sister (Ana)" or "my sister's".
const RELATIVE_SUBJECT = new RegExp(
  `^(?:${POSSESSIVE})\\s+(?:${RELATION_WORDS})(?!(?:\\s+\\p{Lu}[\\p{L}'’-]*)?\\s+(?:and|und|et|y|e)\\s+(?:i|me|ich|moi|yo|eu|io)(?![\\p{L}]))(?:\\s+\\p{Lu}[\\p{L}'’-]*)?(?:['’]s)?(?=\\s|$)`,
  "iu",
);
// "my sister" anywhere in the words before a quote that starts with "she".
const RELATIVE_MENTION = new RegExp(
  `(?<![\\p{L}])(?:${POSSESSIVE})\\s+(?:${RELATION_WORDS})(?![\\p{L}])`,
  "iu",
);
// "Python is my coworker's thing", "that's my dad's hobby": the fact is the relative's.
const RELATIVE_POSSESSION = new RegExp(
  `(?<![\\p{L}])(?:${POSSESSIVE})\\s+(?:${RELATION_WORDS})['’]s(?![\\p{L}])`,
  "iu",
);
// "<Name> has a cat", "Ana is allergic to shellfish": a capitalized name as the subject, then a verb
// that says something of it. "Python is my language" is kept apart: the name is in the fact.
const NAMED_SUBJECT =
  /^(?<name>\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?) (?:has|had|is (?:a|an|allergic|vegan|vegetarian)|was (?:a|an)|likes|loves|hates|works|lives|plays|prefers|wants|needs|takes|drinks|eats|doesn't|does not|isn't|can't|never|always|hat|ist|mag|a|est|aime|tiene|es|le gusta|tem|é|gosta|ha|è)(?![\p{L}])/u;
// A clause that starts with a third-person pronoun: who "he" is, the words before it say.
const PRONOUN_START =
  /^(?:he|she|they|er|sie|il|elle|ils|elles|él|ella|ellos|ellas|ele|ela|eles|elas|lui|lei|loro)(?![\p{L}])/iu;
const WORD_NOT_NAME = new Set([
  "i",
  "the",
  "my",
  "our",
  "this",
  "that",
  "it",
  "we",
  "there",
  "here",
]);

const sentences = new Intl.Segmenter(undefined, { granularity: "sentence" });
const CLAUSE_BREAK =
  /[,;:\u2013\u2014]|(?<![\p{L}\p{N}])(?:but|so|and then|because)(?![\p{L}\p{N}])/iu;

function clausesOf(text: string): string[] {
  return [...sentences.segment(text)]
    .flatMap((sentence) => sentence.segment.split(CLAUSE_BREAK))
    .map((clause) => clause.trim())
    .filter((clause) => clause !== "");
}

// The words of the user's turn before the quote, back to the start of their sentence.
function wordsBefore(evidence: string, turn: string | undefined): string {
  if (turn === undefined) return "";
  const quote = evidence.trim().replace(/^["'«»]+|["'«».!?]+$/g, "");
  const at = turn.toLowerCase().indexOf(quote.toLowerCase());
  if (at <= 0) return "";
  const before = turn.slice(0, at);
  const sentenceStart = Math.max(...[".", "!", "?", "\n"].map((end) => before.lastIndexOf(end)));
  return before.slice(sentenceStart + 1).trim();
}

// The words that name a relative: the relation ("sister") and a capitalized name after it ("Ana");
// the regexes match case-insensitively, so a word after the relation may be a verb ("es").
const RELATION_WORD = new RegExp(`(?<![\\p{L}])(?:${RELATION_WORDS})(?![\\p{L}])`, "iu");
function relativeWords(relative: string): string[] {
  const relation = RELATION_WORD.exec(relative);
  if (relation === null) return [];
  const after = relative
    .slice(relation.index + relation[0].length)
    .trim()
    .split(/\s+/);
  const name = after.filter((token) => /^\p{Lu}/u.test(token));
  return contentWords([relation[0], ...name].join(" "));
}

/**
 * Whose fact a clause states: another person's when it starts with "my <relative> (<Name>)", holds
 * "my <relative>'s", or starts with a name and a verb that says something of it ("Ana has").
 */
function otherSubject(clause: string, factWords: ReadonlySet<string>): boolean {
  // A fact that names the relative itself ("daughter's birthday is in May", "has a sister who is
  // allergic to shellfish") says whose it is: it does not make their fact the user's.
  const relative = RELATIVE_SUBJECT.exec(clause)?.[0] ?? RELATIVE_POSSESSION.exec(clause)?.[0];
  if (relative !== undefined) return !relativeWords(relative).some((word) => factWords.has(word));
  const named = NAMED_SUBJECT.exec(clause)?.groups?.name;
  if (named === undefined) return false;
  const words = contentWords(named);
  return (
    !WORD_NOT_NAME.has(foldText(named)) &&
    words.length > 0 &&
    !words.some((word) => factWords.has(word))
  );
}

/**
 * Finds a fact the evidence shows is another person's: reported words ("my friend said he ..."),
 * a clause with another subject ("My sister Ana is allergic to shellfish"), or another's thing
 * ("Python is my coworker's thing"); for a quote starting he / she / they, the words before it in
 * the user turn say who. Word lists in English, German, French, Spanish, Portuguese and Italian.
 * Asked only for a place of the user's own facts (the layout's `ownFacts` step).
 *
 * @param fact - The proposed fact.
 * @param evidence - The quote it rests on.
 * @param turn - The user turn the quote comes from, when known (see `checkEvidence`).
 * @returns `{ code: "not_first_person", excerpt }`, or `undefined` when the fact may be the user's.
 * @example findThirdPersonStatement("doesn't like football", "my friend said he didn't like football")?.code // "not_first_person"
 */
export function findThirdPersonStatement(
  fact: string,
  evidence: string,
  turn?: string,
): FirstPersonRefusal | undefined {
  const words = contentWords(fact);
  if (words.length === 0) return undefined;
  const factWords = new Set(words);
  const before = wordsBefore(evidence, turn);
  const refusal = { code: "not_first_person" as const, excerpt: headOfText(evidence.trim(), 80) };
  if (reportedSpeech(words, `${before} ${evidence}`.trim())) return refusal;
  const shares = (clause: string) =>
    contentWords(clause).filter((word) => factWords.has(word)).length;
  const clauses = clausesOf(evidence);
  const best = Math.max(0, ...clauses.map(shares));
  if (best * 2 < words.length) return undefined;
  for (const clause of clauses.filter((clause) => shares(clause) === best)) {
    if (otherSubject(clause, factWords)) return refusal;
    if (clause === clauses[0] && PRONOUN_START.test(clause)) {
      if (RELATIVE_MENTION.test(before) || otherSubject(before, factWords)) return refusal;
    }
  }
  return undefined;
}

// "<someone> said (that) he ...", the reporter not the user, the fact from the reported part.
function reportedSpeech(words: readonly string[], text: string): boolean {
  const groups = REPORTED.exec(foldText(text))?.groups;
  if (groups === undefined) return false;
  if (FIRST_PERSON_SUBJECT.test(groups.subject ?? "")) return false;
  const reported = new Set(contentWords(groups.rest ?? ""));
  const shared = words.filter((word) => reported.has(word)).length;
  return shared * 2 >= words.length;
}
