// The one place the hooks call recall: the memory block for SessionStart, budgeted recall for
// UserPromptSubmit, both through core's recall entry (`@memfiles/core/recall`), which loads the
// store and recall only (no API client, no write pipeline) and reads the persistent recall index.
// Core shows a secret a person wrote into a memory file by hand as `[redacted]`, each unit as it
// reads in its file masked whole (a key split over two lines included): the hooks print what core
// shows, and leave nothing out on their own.
import type { MemoryStore } from "@memfiles/core";
import { memoryBlock, recallForPrompt as recallFromIndex } from "@memfiles/core/recall";
import {
  CLAUDE_CODE_READ_TOOL,
  DEFAULT_PROMPT_RECALL_TOKENS,
  DEFAULT_SESSION_START_TOKENS,
} from "./recall-constants.js";

/** Result of {@link recallForPrompt}. */
export type RecallForPromptResult = {
  /** The fenced note (`<recalled_memory>`), `""` when nothing new matched. */
  note: string;
  /** Keys of the units in the note (to leave out of the session's later prompts). */
  keys: string[];
  /** How many units in the note hold what looks like a secret, shown as `[redacted]` (core's rule). */
  masked: number;
};

/**
 * Budgeted recall for one prompt (the best lines or fact bodies within the budget, fenced as
 * data), leaving out the units this session was shown already. Core shows a secret written into a
 * file by hand as `[redacted]` in each unit of it.
 *
 * @param options - `{ store, prompt, project?, maxTokens?, shown? }`: `store` the hook's (its
 *   layout detected, its folder listing shared), `project` the session's (core's scope rule:
 *   without it only global memories), `maxTokens` in estimated tokens (default 1,500), `shown`
 *   the keys of units shown earlier in the session.
 * @returns `{ note, keys, masked }`.
 * @throws File-system errors from reading the folder pass through.
 * @example const { note } = await recallForPrompt({ store: new MemoryStore({ root }), prompt: "Where do I deploy?" });
 */
export async function recallForPrompt(options: {
  store: MemoryStore;
  prompt: string;
  project?: string | undefined;
  maxTokens?: number;
  shown?: ReadonlySet<string>;
}): Promise<RecallForPromptResult> {
  const result = await recallFromIndex({
    store: options.store,
    query: options.prompt,
    ...(options.project === undefined ? {} : { scope: options.project }),
    budgetTokens: options.maxTokens ?? DEFAULT_PROMPT_RECALL_TOKENS,
    exclude: new Set(options.shown ?? []),
    readTool: CLAUDE_CODE_READ_TOOL,
  });
  if (result.units.length === 0) return { note: "", keys: [], masked: 0 };
  return {
    note: result.text,
    keys: result.units.map((unit) => unit.key),
    masked: result.units.filter((unit) => unit.masked === true).length,
  };
}

/** Result of {@link memoryBlockForSession}. */
export type MemoryBlockForSessionResult = {
  /** The block, `""` for an empty folder or one that does not fit. */
  block: string;
  /** How many of its texts hold what looks like a secret, shown as `[redacted]` (core's rule). */
  masked: number;
};

/**
 * The memory block (index, `profile.md`, `preferences.md`, fenced as data) within a token budget:
 * past it, the index is pre-filtered to fewer lines. Core shows a secret in a shown text (a
 * description, `profile.md`, `preferences.md`) as `[redacted]`.
 *
 * @param options - `{ store, project?, maxTokens? }`: the hook's store (its layout detected, its
 *   folder listing shared), `project` as for {@link recallForPrompt}, `maxTokens` in estimated
 *   tokens (default 6,000).
 * @returns `{ block, masked }`.
 * @throws File-system errors from reading the folder pass through.
 * @example const { block } = await memoryBlockForSession({ store: new MemoryStore({ root }) });
 */
export async function memoryBlockForSession(options: {
  store: MemoryStore;
  project?: string | undefined;
  maxTokens?: number;
}): Promise<MemoryBlockForSessionResult> {
  const { text, masked } = await memoryBlock({
    store: options.store,
    ...(options.project === undefined ? {} : { scope: options.project }),
    budgetTokens: options.maxTokens ?? DEFAULT_SESSION_START_TOKENS,
    readTool: CLAUDE_CODE_READ_TOOL,
    // One directory walk and the shown files' stamps, not a stat of every file: a session starts
    // near the 200 ms issue 36 asks for at 10,000 files.
    checkShownOnly: true,
  });
  if (/<memory_index files="0"/.test(text)) return { block: "", masked: 0 };
  return { block: text, masked };
}
