// The one place the hooks call recall: the memory block for SessionStart, budgeted recall for
// UserPromptSubmit. A faster recall (a persistent index) is switched in here and nowhere else.
import type { MemoryStore } from "@memfiles/core";
import {
  estimateTokens,
  fillRecallBudget,
  hashText,
  rankRecallUnits,
  renderMemoryBlock,
} from "@memfiles/core/internal";

import { DEFAULT_PROMPT_RECALL_TOKENS, DEFAULT_SESSION_START_TOKENS } from "./recall-constants.js";

/** Result of {@link recallForPrompt}. */
export type RecallForPromptResult = {
  /** The fenced note (`<recalled_memory>`), `""` when nothing new matched. */
  note: string;
  /** Keys of the units in the note (to leave out of the session's later prompts). */
  keys: string[];
};

/** A recall unit's key: its file and text, hashed (the state file holds no memory text). */
function unitKey(unit: { path: string; text: string }): string {
  return hashText(`${unit.path}\n${unit.text}`).slice(0, 16);
}

/**
 * Budgeted recall for one prompt (core's `rankRecallUnits` + `fillRecallBudget`: the best lines or
 * fact bodies within the budget, fenced as data), leaving out the units this session was shown
 * already.
 *
 * @param options - `{ store, prompt, maxTokens?, shown?, skipPaths? }`: `maxTokens` in estimated
 *   tokens (default 1,500), `shown` the keys of units shown earlier in the session, `skipPaths`
 *   files not ranked (default `profile.md` and `preferences.md`, which the memory block holds).
 * @returns `{ note, keys }`.
 * @throws File-system errors from reading the folder pass through.
 * @example const { note } = await recallForPrompt({ store, prompt: "Where do I deploy?" });
 */
export async function recallForPrompt(options: {
  store: MemoryStore;
  prompt: string;
  maxTokens?: number;
  shown?: ReadonlySet<string>;
  skipPaths?: readonly string[];
}): Promise<RecallForPromptResult> {
  const shown = options.shown ?? new Set<string>();
  const units = (
    await rankRecallUnits({
      store: options.store,
      query: options.prompt,
      ...(options.skipPaths === undefined ? {} : { skipPaths: options.skipPaths }),
    })
  ).filter((unit) => !shown.has(unitKey(unit)));
  const result = fillRecallBudget(units, options.maxTokens ?? DEFAULT_PROMPT_RECALL_TOKENS);
  return { note: result.note, keys: result.units.map(unitKey) };
}

/**
 * The memory block (core's `renderMemoryBlock`: index, `profile.md`, `preferences.md`, fenced as
 * data) within a token budget: past it, the index is pre-filtered to fewer lines.
 *
 * @param options - `{ store, maxTokens? }`: `maxTokens` in estimated tokens (default 6,000).
 * @returns The block, or `""` for an empty folder.
 * @throws File-system errors from reading the folder pass through.
 * @example const block = await memoryBlockForSession({ store });
 */
export async function memoryBlockForSession(options: {
  store: MemoryStore;
  maxTokens?: number;
}): Promise<string> {
  const maxTokens = options.maxTokens ?? DEFAULT_SESSION_START_TOKENS;
  if ((await options.store.list()).length === 0) return "";
  let block = await renderMemoryBlock({
    store: options.store,
    prefilterAboveTokens: Math.floor(maxTokens / 2),
  });
  for (const keep of [30, 10, 0]) {
    if (estimateTokens(block) <= maxTokens) return block;
    block = await renderMemoryBlock({
      store: options.store,
      prefilterAbove: 0,
      prefilterKeep: keep,
    });
  }
  return estimateTokens(block) <= maxTokens ? block : "";
}
