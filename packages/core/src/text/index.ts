export { type BodyFact, bodyFacts, HEADING } from "./body-facts.js";
export { isCalendarDay } from "./calendar-day.js";
export { compareCodeUnits } from "./compare-code-units.js";
export { contentWordList, contentWords } from "./content-words.js";
export { countGraphemes } from "./count-graphemes.js";
export { headOfText, tailOfText } from "./cut-text.js";
export { endedPhrases } from "./ended-words.js";
export { factKey, normalizeFactText, STATED_TAG } from "./fact-key.js";
export { factSlug, uniqueFactPath } from "./fact-slug.js";
export { factValues, valueTokens } from "./fact-values.js";
export { fileStem } from "./file-stem.js";
export { foldText } from "./fold.js";
export { foldAccents, foldSearchText } from "./fold-accents.js";
export { foldFileName } from "./fold-file-name.js";
export {
  asksToForget,
  FORGET_REQUEST_VERBS,
  KEEP_REQUEST_VERBS,
  withoutKeepRequests,
} from "./forget-request-verbs.js";
export { hashText } from "./hash-text.js";
export { LINE_MARKER, LINE_MARKER_SOURCE, LIST_MARKER } from "./list-marker.js";
export { isTimeZone, localDay } from "./local-day.js";
export { loneSurrogateProblem } from "./lone-surrogate.js";
export { MONTH_NAMES } from "./month-names.js";
export { oneLineFieldProblem } from "./one-line-field.js";
export { isPlaceholder } from "./placeholder.js";
export { MAX_QUOTED_CHARS, quoteText, shownText } from "./quote-text.js";
export { namedRelations, RELATION_WORDS, sameRelations } from "./relation-words.js";
export { resolveRelativeDates } from "./resolve-relative-dates.js";
export { restatesFact, reversesFact, statedFactWords } from "./restates-fact.js";
export { sameWord } from "./same-word.js";
export {
  isPrefixSearchTerm,
  isTooShortTerm,
  splitSearchTerms,
  stemmedSearchTerm,
} from "./search-terms.js";
export { splitWords } from "./split-words.js";
export { stemWord } from "./stem-word.js";
export {
  endsSentence,
  MERGE_WORDS,
  otherLanguageStopWords,
  QUERY_STOP_WORDS,
  queryStopWords,
  STOP_WORDS,
  textLanguage,
} from "./stop-words.js";
export { applyTextLayout, readTextLayout, type TextLayout } from "./text-layout.js";
export { type TimeZoneFromEnv, timeZoneFromEnv } from "./time-zone-from-env.js";
export { updatesLine, valueSkeleton, valueUpdateOf } from "./value-skeleton.js";
export { shareWritingSystem } from "./writing-systems.js";
