// The one place the hooks call recall: the memory block for SessionStart, budgeted recall for
// UserPromptSubmit, both through core's recall entry (`@memfiles/core/recall`), which loads the
// store and recall only (no API client, no write pipeline) and reads the persistent recall index.
import type { StoreLayout } from "@memfiles/core";
import { memoryBlock, recallForPrompt as recallFromIndex } from "@memfiles/core/recall";
import { DEFAULT_PROMPT_RECALL_TOKENS, DEFAULT_SESSION_START_TOKENS } from "./recall-constants.js";

/** Result of {@link recallForPrompt}. */
export type RecallForPromptResult = {
  /** The fenced note (`<recalled_memory>`), `""` when nothing new matched. */
  note: string;
  /** Keys of the units in the note (to leave out of the session's later prompts). */
  keys: string[];
};

/**
 * Budgeted recall for one prompt (the best lines or fact bodies within the budget, fenced as
 * data), leaving out the units this session was shown already.
 *
 * @param options - `{ root, layout, prompt, maxTokens?, shown? }`: `maxTokens` in estimated tokens
 *   (default 1,500), `shown` the keys of units shown earlier in the session.
 * @returns `{ note, keys }`.
 * @throws File-system errors from reading the folder pass through.
 * @example const { note } = await recallForPrompt({ root, layout: "fact", prompt: "Where do I deploy?" });
 */
export async function recallForPrompt(options: {
  root: string;
  layout: StoreLayout;
  prompt: string;
  maxTokens?: number;
  shown?: ReadonlySet<string>;
}): Promise<RecallForPromptResult> {
  const result = await recallFromIndex({
    root: options.root,
    layout: options.layout,
    query: options.prompt,
    budgetTokens: options.maxTokens ?? DEFAULT_PROMPT_RECALL_TOKENS,
    ...(options.shown === undefined ? {} : { exclude: options.shown }),
  });
  return { note: result.text, keys: result.units.map((unit) => unit.key) };
}

/**
 * The memory block (index, `profile.md`, `preferences.md`, fenced as data) within a token budget:
 * past it, the index is pre-filtered to fewer lines.
 *
 * @param options - `{ root, layout, maxTokens? }`: `maxTokens` in estimated tokens (default 6,000).
 * @returns The block, or `""` for an empty folder or one that does not fit.
 * @throws File-system errors from reading the folder pass through.
 * @example const block = await memoryBlockForSession({ root, layout: "subject" });
 */
export async function memoryBlockForSession(options: {
  root: string;
  layout: StoreLayout;
  maxTokens?: number;
}): Promise<string> {
  const { text } = await memoryBlock({
    root: options.root,
    layout: options.layout,
    budgetTokens: options.maxTokens ?? DEFAULT_SESSION_START_TOKENS,
  });
  return /<memory_index files="0"/.test(text) ? "" : text;
}
