export {
  type CheckSecretsOptions,
  checkSecrets,
  checkSecretsOfEach,
  statedOn,
  WriteSession,
} from "./check-secrets.js";
export { type CheckEvidenceResult, checkEvidence } from "./evidence-guard.js";
export { type CheckEvidenceSupportResult, checkEvidenceSupport } from "./evidence-support.js";
export { findSplitSecrets } from "./find-split-secrets.js";
export { findThirdPersonStatement } from "./first-person-guard.js";
export { type ForgetLine, forgetLinesShown } from "./forget-shown.js";
export { findInstruction } from "./instruction-guard.js";
export {
  type MaskedPath,
  maskPath,
  maskPathsOfEach,
  maskRows,
  withMaskedPaths,
} from "./mask-paths.js";
export { type MaskedText, maskSecrets, maskSecretsOfEach } from "./mask-secrets.js";
export {
  type SearchedFile,
  type ShownSearchMatch,
  searchShown,
} from "./search-shown.js";
export { findSecrets, REDACTED } from "./secret-guard.js";
export { argumentErrorText, shownArgument } from "./shown-argument.js";
export { forgottenOn } from "./tombstone-day.js";
export { TOMBSTONE_FIX } from "./tombstone-file-error.js";
export { formatTombstones, mergeTombstones, parseTombstones } from "./tombstones.js";
