// The one place the hooks call recall: the memory block for SessionStart, budgeted recall for
// UserPromptSubmit, both through core's recall entry (`@memfiles/core/recall`), which loads the
// store and recall only (no API client, no write pipeline) and reads the persistent recall index.
// What either prints passes core's secret scan first (the guard every write goes through): a
// memory file edited by hand may hold a key, and a hook's output goes into the model's context.
import type { MemoryStore } from "@memfiles/core";
import {
  findSecrets,
  findSecretsOfEach,
  memoryBlock,
  recallForPrompt as recallFromIndex,
} from "@memfiles/core/recall";
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
  /** How many matching units were left out because they hold what looks like a secret. */
  withheld: number;
};

/** Most recall rounds that each leave out units holding a secret before giving up on the note. */
const MAX_SECRET_ROUNDS = 4;

/**
 * Budgeted recall for one prompt (the best lines or fact bodies within the budget, fenced as
 * data), leaving out the units this session was shown already and every unit that holds what
 * core's secret scan takes for a secret (the budget is filled with the next best instead).
 *
 * @param options - `{ store, prompt, project?, maxTokens?, shown? }`: `store` the hook's (its
 *   layout detected, its folder listing shared), `project` the session's (core's scope rule:
 *   without it only global memories), `maxTokens` in estimated tokens (default 1,500), `shown`
 *   the keys of units shown earlier in the session.
 * @returns `{ note, keys, withheld }`.
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
  const exclude = new Set(options.shown ?? []);
  let withheld = 0;
  for (let round = 0; round < MAX_SECRET_ROUNDS; round++) {
    const result = await recallFromIndex({
      store: options.store,
      query: options.prompt,
      ...(options.project === undefined ? {} : { scope: options.project }),
      budgetTokens: options.maxTokens ?? DEFAULT_PROMPT_RECALL_TOKENS,
      exclude,
      readTool: CLAUDE_CODE_READ_TOOL,
    });
    if (result.units.length === 0) return { note: "", keys: [], withheld };
    // The note is what the hook prints: scanned once; its units only when it holds a secret.
    if ((await findSecrets(result.text)).findings.length === 0)
      return { note: result.text, keys: result.units.map((unit) => unit.key), withheld };
    const scans = await findSecretsOfEach(result.units.map((unit) => unit.text));
    const secret = result.units.filter((_, at) => (scans[at]?.findings.length ?? 0) > 0);
    // A secret in the note but in no unit alone (paths, one split over two units): unclear which
    // unit, so none.
    if (secret.length === 0)
      return { note: "", keys: [], withheld: withheld + result.units.length };
    for (const unit of secret) exclude.add(unit.key);
    withheld += secret.length;
  }
  return { note: "", keys: [], withheld };
}

/** Result of {@link memoryBlockForSession}. */
export type MemoryBlockForSessionResult = {
  /** The block, `""` for an empty folder or one that does not fit. */
  block: string;
  /** How many of its lines were left out because they hold what looks like a secret. */
  withheld: number;
};

/**
 * The memory block (index, `profile.md`, `preferences.md`, fenced as data) within a token budget:
 * past it, the index is pre-filtered to fewer lines. A line that core's secret scan flags is left
 * out; when the rest still holds one (a secret over several lines), the block is left out whole.
 *
 * @param options - `{ store, project?, maxTokens? }`: the hook's store (its layout detected, its
 *   folder listing shared), `project` as for {@link recallForPrompt}, `maxTokens` in estimated
 *   tokens (default 6,000).
 * @returns `{ block, withheld }`.
 * @throws File-system errors from reading the folder pass through.
 * @example const { block } = await memoryBlockForSession({ store: new MemoryStore({ root }) });
 */
export async function memoryBlockForSession(options: {
  store: MemoryStore;
  project?: string | undefined;
  maxTokens?: number;
}): Promise<MemoryBlockForSessionResult> {
  const { text } = await memoryBlock({
    store: options.store,
    ...(options.project === undefined ? {} : { scope: options.project }),
    budgetTokens: options.maxTokens ?? DEFAULT_SESSION_START_TOKENS,
    readTool: CLAUDE_CODE_READ_TOOL,
    // One directory walk and the shown files' stamps, not a stat of every file: a session starts
    // near the 200 ms issue 36 asks for at 10,000 files.
    checkShownOnly: true,
  });
  if (/<memory_index files="0"/.test(text)) return { block: "", withheld: 0 };
  if ((await findSecrets(text)).findings.length === 0) return { block: text, withheld: 0 };
  const lines = text.split("\n");
  const scans = await findSecretsOfEach(lines);
  const kept = lines.filter((_, at) => (scans[at]?.findings.length ?? 0) === 0);
  const block = kept.join("\n");
  if ((await findSecrets(block)).findings.length > 0) return { block: "", withheld: lines.length };
  return { block, withheld: lines.length - kept.length };
}
