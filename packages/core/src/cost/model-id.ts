import { UnknownModelError } from "./unknown-model-error.js";

/** The key of `keys` a model id names, a dated suffix (`-YYYYMMDD`) accepted; else `undefined`. */
export function resolveModelKey(model: string, keys: readonly string[]): string | undefined {
  if (keys.includes(model)) return model;
  const undated = model.replace(/-\d{8}$/, "");
  return keys.includes(undated) ? undated : undefined;
}

/**
 * The entry of a per-model table for a model id (dated suffix accepted).
 *
 * @throws {UnknownModelError} naming the table (`what`) and how to add the model (`hint`).
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
