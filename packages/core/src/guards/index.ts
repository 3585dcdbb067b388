export { type CheckEvidenceResult, checkEvidence, foldForQuote } from "./evidence-guard.js";
export {
  type FindSecretsResult,
  findSecrets,
  isLuhnValid,
  REDACTED,
  redactRanges,
  type SecretFinding,
} from "./secret-guard.js";
