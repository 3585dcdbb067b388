import { estimateTokens } from "../cost/cache-minimum.js";
import {
  DEFAULT_RECALL_BUDGET_TOKENS,
  fillWithoutForgotten,
  maskRecalled,
  type RecallUnit,
  rankedRecallUnits,
} from "../recall/budgeted-recall.js";
import { renderMemoryBlock } from "../recall/memory-block.js";
import { compactRecallIndex } from "../recall/recall-index.js";
import type { RecallStore } from "../recall/recall-store.js";
import { scopeOf } from "../recall/scope.js";
import { renderCheckingShownFiles } from "../recall/shown-files-check.js";
import { MemoryStore } from "../store/memory-store.js";
import type { StoreLayout } from "../store/types.js";
import { hashText } from "../text/hash-text.js";
import { boundaryStore } from "./boundary-store.js";

/** Where the memory is: a folder path, or a store already open (a `MemoryStore`, any `RecallStore`). */
export type RecallSourceOptions =
  | {
      /** The memory folder (absolute or relative path). */
      root: string;
      /** The folder's layout; default `subject`. */
      layout?: StoreLayout;
      store?: undefined;
    }
  | {
      /** An open store (a `MemoryStore`, or any `{ list, read }`). */
      store: RecallStore;
      root?: undefined;
      layout?: undefined;
    };

/** Options of {@link recallForPrompt}. */
export type RecallForPromptOptions = RecallSourceOptions & {
  /** The prompt the user just typed (the latest user message). */
  query: string;
  /** Most estimated tokens of `text`, wrapper included (default 2,000). */
  budgetTokens?: number;
  /** The current project (see `inScope`); absent: global memories only. */
  scope?: string;
  /** Keys of units shown already (earlier prompts of the session); they are not shown again. */
  exclude?: ReadonlySet<string>;
  /**
   * The tool the note names for opening a whole file (default `memory_read`): the name the
   * reading model knows it by, such as Claude Code's `mcp__memfiles__read`.
   */
  readTool?: string;
};

/** One unit of a {@link recallForPrompt} result. */
export type RecalledUnit = {
  /** Stable while the unit's file path and text are unchanged: pass it back in `exclude`. */
  key: string;
  /** The memory file it sits in, e.g. `people/marta.md`. */
  path: string;
  /** The fact as shown in the note, one line, without its date tag. */
  text: string;
  /** `[stated YYYY/MM/DD]` of a line, or `updated:` of a fact file; absent when unknown. */
  date?: string;
  /** Estimated tokens of `text`. */
  tokens: number;
  /** `true` when the stored text holds what looks like a secret, shown as `[redacted]`. */
  masked?: true;
};

/** Result of {@link recallForPrompt}. */
export type RecallForPromptResult = {
  /** The `<recalled_memory>` note, fenced as data; `""` when nothing matched or fit. */
  text: string;
  /** The units in `text`, best first. */
  units: RecalledUnit[];
  /** Estimated tokens of `text` (never above `budgetTokens`). */
  tokens: number;
};

/** Options of {@link memoryBlock}. */
export type MemoryBlockOptions = RecallSourceOptions & {
  /** The current project; absent: global memories only. */
  scope?: string;
  /** The prompt, when there is one: it picks the index lines kept when the index is cut. */
  query?: string;
  /** Most estimated tokens of the block (default 12,000, the index budget of `buildSystem`). */
  budgetTokens?: number;
  /** The tool a cut file's note names for reading the rest (default `memory_read`). */
  readTool?: string;
  /**
   * `true`: check only the files the block shows, plus one directory walk, against the stored
   * recall index, instead of every file's stamp (`renderCheckingShownFiles`); a process that
   * starts often sets it.
   */
  checkShownOnly?: boolean;
};

/** Result of {@link memoryBlock}. */
export type MemoryBlockResult = {
  /** The `<memory>` block (index, profile, preferences) fenced as data; `""` when it cannot fit. */
  text: string;
  /** Estimated tokens of `text`. */
  tokens: number;
  /** How many texts of the block (descriptions, inlined files) hold a secret shown as `[redacted]`. */
  masked: number;
};

const DEFAULT_MEMORY_BLOCK_TOKENS = 12_000;

function openStore(options: RecallSourceOptions, scope: string | undefined) {
  const store =
    options.store ??
    new MemoryStore({
      root: options.root,
      ...(options.layout === undefined ? {} : { layout: options.layout }),
    });
  return boundaryStore(store, { project: scope });
}

/**
 * The key of a recalled unit: a hash of its path and text, so the same fact recalled by a later
 * prompt has the same key, and an edited one a new key.
 */
export function recallUnitKey(unit: Pick<RecallUnit, "path" | "text">): string {
  return hashText(`${unit.path}\u0000${unit.text}`).slice(0, 16);
}

/**
 * Budgeted recall for one prompt, the call a prompt hook makes: the lines (subject layout) or fact
 * bodies (fact layout) that best answer `query`, within `budgetTokens`, as a `<recalled_memory>`
 * note fenced as data. `profile.md` and `preferences.md` are left out ({@link memoryBlock} holds
 * them). Units whose keys are in `exclude` are not shown again, nor units a tombstone matches
 * (`forgottenUnitCheck`).
 *
 * @param options - `{ root, layout? } | { store }`, `query`, `budgetTokens?` (estimated tokens,
 *   default 2,000, wrapper included), `scope?` (project), `exclude?` (unit keys), `readTool?`.
 * @returns `{ text, units: [{ key, path, text, date?, tokens }], tokens }`.
 * @throws File-system errors from listing or reading the folder pass through.
 * @example const { text } = await recallForPrompt({ root: ".memory", query: "Where does Marta live?", budgetTokens: 1_000 });
 */
export async function recallForPrompt(
  options: RecallForPromptOptions,
): Promise<RecallForPromptResult> {
  const store = openStore(options, options.scope);
  const ranked = await rankedRecallUnits({ store, query: options.query });
  const exclude = options.exclude;
  const shown =
    exclude === undefined || exclude.size === 0
      ? undefined
      : (unit: RecallUnit) => exclude.has(recallUnitKey(unit));
  const budget = options.budgetTokens ?? DEFAULT_RECALL_BUDGET_TOKENS;
  const filled = await fillWithoutForgotten(ranked, budget, store, shown, options.readTool);
  const { shown: masked, stored } = await maskRecalled(filled, budget, options.readTool, store);
  return {
    text: masked.note,
    units: masked.units.map((unit, at) => ({
      // The stored text's key: it is what `exclude` is checked against on the next prompt.
      key: recallUnitKey(stored[at] as RecallUnit),
      path: unit.path,
      text: unit.text,
      ...(unit.date === undefined ? {} : { date: unit.date }),
      tokens: estimateTokens(unit.text),
      ...(unit.text === stored[at]?.text ? {} : { masked: true as const }),
    })),
    tokens: masked.tokens,
  };
}

/**
 * The memory block for the start of a session (what `buildSystem` puts after its cache
 * breakpoint): the index of the memory files, `profile.md` and `preferences.md`, fenced as data.
 * Over `budgetTokens` the index is pre-filtered by `query` to fewer lines (30, 10, then none);
 * when even that does not fit, the result is empty.
 *
 * @param options - `{ root, layout? } | { store }`, `scope?` (project), `query?`, `budgetTokens?`
 *   (estimated tokens, default 12,000).
 * @returns `{ text, tokens, masked }`.
 * @throws {MemoryPathError} when `profile.md` or `preferences.md` is a link out of the folder;
 *   file-system errors pass through.
 * @example const { text } = await memoryBlock({ root: ".memory", budgetTokens: 4_000 });
 */
export async function memoryBlock(options: MemoryBlockOptions): Promise<MemoryBlockResult> {
  const view = openStore(options, options.scope);
  const budget = options.budgetTokens ?? DEFAULT_MEMORY_BLOCK_TOKENS;
  const query = {
    ...(options.query === undefined ? {} : { query: options.query }),
    ...(options.readTool === undefined ? {} : { readTool: options.readTool }),
  };
  const attempts = [
    { prefilterAboveTokens: budget },
    { prefilterAbove: 0, prefilterKeep: 30 },
    { prefilterAbove: 0, prefilterKeep: 10 },
    { prefilterAbove: 0, prefilterKeep: 0 },
  ];
  const render = async (
    view: RecallStore,
    onShown?: (paths: readonly string[]) => void,
  ): Promise<MemoryBlockResult> => {
    for (const attempt of attempts) {
      let masked = 0;
      const text = await renderMemoryBlock({
        store: view,
        ...query,
        ...attempt,
        ...(onShown === undefined ? {} : { onShown }),
        onMasked: (count) => {
          masked = count;
        },
      });
      const tokens = estimateTokens(text);
      if (tokens <= budget) return { text, tokens, masked };
    }
    onShown?.([]);
    return { text: "", tokens: 0, masked: 0 };
  };
  // Before the request's view: opening it checks every file's stamp, which the quick path avoids.
  if (options.checkShownOnly === true) {
    const quick = await renderCheckingShownFiles(scopeOf(view).store, options.scope, render);
    if (quick !== undefined) return quick;
  }
  // Only the rows are listed: a stored recall index is read by its first line.
  const block = await render(await view.forRequest(undefined, { rowsOnly: true }));
  // A log the quick check cannot trust (a damaged line, a file twice) makes it fall back each time
  // until the log is folded in, so it is folded in now, once.
  if (options.checkShownOnly === true) await compactRecallIndex(scopeOf(view).store);
  return block;
}
