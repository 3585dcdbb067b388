export { getPrompt, listPrompts, PROMPTS_FOLDER } from "./get-prompt.js";
export {
  type CheckLockResult,
  checkLock,
  type EditedPrompt,
  LOCK_FILE,
  type PromptLock,
  PromptLockSchema,
  readLock,
  type UpdateLockResult,
  updateLock,
} from "./lock.js";
export {
  type Prompt,
  type PromptFrontMatter,
  PromptFrontMatterSchema,
  type PromptInfo,
  parsePromptFile,
  sha256Hex,
} from "./prompt-file.js";
export { PromptFileError } from "./prompt-file-error.js";
export { PromptNotFoundError } from "./prompt-not-found-error.js";
