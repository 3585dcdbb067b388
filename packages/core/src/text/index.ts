export { isCalendarDay } from "./calendar-day.js";
export { compareCodeUnits } from "./compare-code-units.js";
export { type ContentWordsOptions, contentWordList, contentWords } from "./content-words.js";
export { countGraphemes } from "./count-graphemes.js";
export { headOfText, tailOfText } from "./cut-text.js";
export { ENDED_PHRASES } from "./ended-words.js";
export { factKey, normalizeFactText, STATED_TAG } from "./fact-key.js";
export { factSlug, MAX_SLUG_CODE_POINTS, uniqueFactPath } from "./fact-slug.js";
export { type FactValues, factValues, valueTokens } from "./fact-values.js";
export { foldText } from "./fold.js";
export { foldAccents, foldSearchText } from "./fold-accents.js";
export { foldFileName } from "./fold-file-name.js";
export { hashText, sha1Hex } from "./hash-text.js";
export { DEFAULT_TIME_ZONE, isTimeZone, localDay } from "./local-day.js";
export { MONTH_NAMES } from "./month-names.js";
export { oneLineFieldProblem } from "./one-line-field.js";
export { isPlaceholder } from "./placeholder.js";
export { MAX_QUOTED_CHARS, quoteText } from "./quote-text.js";
export {
  type ResolvedDate,
  type ResolveRelativeDatesResult,
  resolveRelativeDates,
} from "./resolve-relative-dates.js";
export { restatesFact, reversesFact, statedFactWords } from "./restates-fact.js";
export { sameFactOtherLanguage } from "./same-fact-other-language.js";
export { sameWord } from "./same-word.js";
export {
  isPrefixSearchTerm,
  isSymbolTerm,
  splitSearchTerms,
  stemmedSearchTerm,
} from "./search-terms.js";
export { splitWords } from "./split-words.js";
export { stemWord } from "./stem-word.js";
export { MERGE_WORDS, NEGATION_WORDS, QUERY_STOP_WORDS, STOP_WORDS } from "./stop-words.js";
export { applyTextLayout, readTextLayout, type TextLayout } from "./text-layout.js";
export { type TimeZoneFromEnv, timeZoneFromEnv } from "./time-zone-from-env.js";
export { updatesLine, valueSkeleton, valueUpdateOf } from "./value-skeleton.js";
export { shareWritingSystem, writingSystems } from "./writing-systems.js";
