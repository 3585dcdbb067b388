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
