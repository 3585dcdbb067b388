/** Token budget of the memory block SessionStart adds (index, profile, preferences). */
export const DEFAULT_SESSION_START_TOKENS = 6_000;
/** Token budget of the recall note UserPromptSubmit adds to each prompt. */
export const DEFAULT_PROMPT_RECALL_TOKENS = 1_500;
