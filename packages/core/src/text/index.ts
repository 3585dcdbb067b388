export { compareCodeUnits } from "./compare-code-units.js";
export { type ContentWordsOptions, contentWordList, contentWords } from "./content-words.js";
export { factKey, normalizeFactText, STATED_TAG } from "./fact-key.js";
export { foldText } from "./fold.js";
export { hashText, sha1Hex } from "./hash-text.js";
export { splitWords } from "./split-words.js";
export { stemWord } from "./stem-word.js";
export { MERGE_WORDS, QUERY_STOP_WORDS, STOP_WORDS } from "./stop-words.js";
