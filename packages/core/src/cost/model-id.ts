import { UnknownModelError } from "./unknown-model-error.js";

/**
 * Finds the table key for a model id, accepting a dated snapshot suffix (`-YYYYMMDD`).
 *
 * @param model - A model id such as `claude-haiku-4-5` or `claude-haiku-4-5-20251001`.
 * @param keys - The ids the table knows.
 * @returns The matching key, or `undefined` when none matches.
 * @example resolveModelKey("claude-haiku-4-5-20251001", ["claude-haiku-4-5"]) // "claude-haiku-4-5"
 */
export function resolveModelKey(model: string, keys: readonly string[]): string | undefined {
  if (keys.includes(model)) return model;
  const undated = model.replace(/-\d{8}$/, "");
  return keys.includes(undated) ? undated : undefined;
}

/**
 * The entry of a per-model table for a model id (dated suffix accepted).
 *
 * @param table - Entries by model id.
 * @param model - The model id asked for.
 * @param what - The table's name in the error, e.g. `price`.
 * @param hint - How to add the model, for the error.
 * @throws {UnknownModelError} when the table has no entry for the model.
 */
export function modelEntry<T>(
  table: Readonly<Record<string, T>>,
  model: string,
  what: string,
  hint: string,
): T {
  const key = resolveModelKey(model, Object.keys(table));
  const entry = key === undefined ? undefined : table[key];
  if (entry === undefined) {
    throw new UnknownModelError({ model, knownModels: Object.keys(table), table: what, hint });
  }
  return entry;
}
