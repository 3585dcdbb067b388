// The public API of @memfiles/prompts, by name. The lock (prompts.lock.json) is kept by this
// package's own `lock` script and test, not by other packages.

export { getPrompt, listPrompts } from "./get-prompt.js";
export type { Prompt, PromptFrontMatter, PromptInfo } from "./prompt-file.js";
export { PromptFileError } from "./prompt-file-error.js";
export { PromptNotFoundError } from "./prompt-not-found-error.js";
export { PROMPT_REF, parsePromptRef } from "./prompt-ref.js";
