export { BENCH_LOCOMO_USAGE, runBenchLocomo } from "./bench-locomo-cli.js";
export { formatLocomoReport } from "./format-locomo.js";
export {
  importSpeaker,
  parseDiaIds,
  parseSessionDate,
  type SpeakerConversation,
  type SpeakerSession,
} from "./import-sample.js";
export {
  DEFAULT_LOCOMO_RELATIVE_PATH,
  defaultLocomoPath,
  type LocomoSample,
  loadLocomo,
} from "./load-locomo.js";
export { LocomoDataError, type LocomoDataErrorCode } from "./locomo-data-error.js";
export {
  type DescriptionMode,
  oracleFactProposal,
  oracleProposals,
  runOracle,
} from "./oracle-write.js";
export {
  BENCH_LOCOMO_QA_USAGE,
  formatQaReport,
  J_SCORE_SOURCE,
  type QaReport,
  runBenchLocomoQa,
  summarizeQa,
} from "./qa-cli.js";
export { prepareQaQuestions, type QaQuestion } from "./qa-questions.js";
export {
  type QaRecordingFile,
  QaRecordingFileSchema,
  qaRecordingPath,
  readQaRecording,
} from "./qa-recording.js";
export { qaAnswerRequest, qaJudgeRequest } from "./qa-requests.js";
export { estimateQaCost, type QaResult, runQaQuestions } from "./qa-run.js";
export { bm25TurnRecall, memoryRecall, wholeConversationTokens } from "./recall-at-k.js";
export { type LocomoReport, runLocomo, runLocomoLayouts } from "./run-locomo.js";
export { chooseSubjectFile } from "./subject-rule.js";
