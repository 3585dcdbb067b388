// Test helpers for sibling packages' tests (`@memfiles/core/test`); never published.
export { type BatchAnswer, mockBatches, succeeded } from "./batches-api.js";
export {
  expectFactSubjectWrite,
  FACT_SUBJECT_CASES,
  type FactSubjectCase,
  type FactSubjectWrite,
} from "./fact-subject-writes.js";
export { FORGET_REQUEST_QUOTES } from "./forget-request-quotes.js";
export { killedAtFileWrite } from "./killed-store.js";
export {
  MESSAGES_URL,
  type MockReply,
  mockMessages,
  overloaded,
  testClient,
  textBlock,
  thinkingBlock,
  toolUseBlock,
  useMessagesApi,
} from "./messages-api.js";
export {
  expectNamedFileLanding,
  NAMED_FILE_CASES,
  type NamedFileCase,
  type NamedFileWrite,
} from "./named-file-writes.js";
export {
  expectNewFileWrite,
  NEW_FILE_CASES,
  type NewFileCase,
  type NewFileWrite,
  newFileRows,
  newFileSession,
} from "./new-file-writes.js";
export {
  OTHER_PERSON_FACTS,
  type OtherPersonFact,
  otherPersonFile,
  SAME_PERSON_FACT,
} from "./other-person-facts.js";
export {
  expectRecallAfterWrite,
  factFile,
  LIBRARY_WRITES,
  RECALL_CHANGES,
  RECALL_NOW,
  RECALL_QUERY,
  type RecallChanges,
  type RecallSurface,
  type RecallWrite,
  recallFolder,
  recallMemory,
  recallTruth,
  recallWriteRows,
  seenUnits,
  settleWrittenFiles,
  subjectFile,
} from "./recall-writes.js";
export {
  SAID_NO_SECRETS,
  SAID_SECRETS,
  type SaidNoSecret,
  type SaidSecret,
} from "./said-secrets.js";
export { SEARCH_CASES, type SearchCase } from "./search-cases.js";
export {
  SHOWN_SECRET_CASES,
  type ShownSecretCase,
  shownAfterHandEdit,
  shownSecretFolder,
  shownSecretLine,
  shownUnderClearedFlags,
} from "./shown-secret-cases.js";
export { tempStore } from "./temp-store.js";
export { expectWriteDuringWholeStoreSeen } from "./whole-store-race.js";
export {
  type WritePassSaveOptions,
  writePassSave,
  writePassSession,
} from "./write-pass-save.js";
