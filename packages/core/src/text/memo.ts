/**
 * Memoizes a pure function of one string, keeping at most `maxEntries` results. Used where the
 * write pass compares each proposal with every stored line: the lines' words are worked out once
 * a pass, not once a proposal. When full it keeps what it holds and computes new texts without
 * storing them: a pass sweeping more lines than `maxEntries` (50,000 subject files) still finds
 * `maxEntries` of them on every later sweep, where emptying the memo when full found almost none.
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
    if (results.size < maxEntries) results.set(text, result);
    return result;
  };
}
