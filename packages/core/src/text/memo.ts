/**
 * Memoizes a pure function of one string, keeping at most `maxEntries` results (the whole memo is
 * dropped when full: simple, and a write pass re-fills it in one sweep). Used where the write pass
 * compares each proposal with every stored line: the lines' words are worked out once a pass, not
 * once a proposal (issue 19).
 *
 * @param fn - A pure function of its string argument.
 * @param maxEntries - Most results kept (default 100,000).
 * @returns The memoized function.
 * @example const key = memoizeText(factKey); key("uses Neovim") // computed once
 */
export function memoizeText<T>(fn: (text: string) => T, maxEntries = 100_000): (text: string) => T {
  const results = new Map<string, T>();
  return (text) => {
    const known = results.get(text);
    if (known !== undefined || results.has(text)) return known as T;
    const result = fn(text);
    if (results.size >= maxEntries) results.clear();
    results.set(text, result);
    return result;
  };
}
