/**
 * Memoizes a pure function of one string, keeping at most `maxEntries` results (default 100,000):
 * the write pass compares each proposal with every stored line. When full it keeps what it holds
 * and computes new texts without storing them, so a sweep over more lines still hits on
 * `maxEntries` of them every time.
 *
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
