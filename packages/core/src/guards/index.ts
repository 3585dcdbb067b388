export {
  type CheckSecretsOptions,
  type CheckSecretsResult,
  checkSecrets,
  statedOn,
  WriteSession,
} from "./check-secrets.js";
export { type CheckEvidenceResult, checkEvidence } from "./evidence-guard.js";
export {
  type CheckEvidenceSupportResult,
  checkEvidenceSupport,
  MIN_EVIDENCE_CHARS,
  MIN_EVIDENCE_WORDS,
} from "./evidence-support.js";
export { findSplitSecrets } from "./find-split-secrets.js";
export { type FirstPersonRefusal, findThirdPersonStatement } from "./first-person-guard.js";
export { findInstruction, type InstructionRefusal } from "./instruction-guard.js";
export {
  type FindSecretsResult,
  findSecrets,
  isLuhnValid,
  REDACTED,
  redactRanges,
  type SecretFinding,
} from "./secret-guard.js";
