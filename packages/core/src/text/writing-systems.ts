// Han, kana and Hangul are grouped as the writing systems of Chinese, Japanese and Korean: a
// Japanese fact in kana backs onto kanji evidence, so they count as one for "shares a script".
const SYSTEMS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ["latin", /\p{Script=Latin}/u],
  ["cjk", /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u],
  ["cyrillic", /\p{Script=Cyrillic}/u],
  ["greek", /\p{Script=Greek}/u],
  ["arabic", /\p{Script=Arabic}/u],
  ["hebrew", /\p{Script=Hebrew}/u],
  ["devanagari", /\p{Script=Devanagari}/u],
  ["thai", /\p{Script=Thai}/u],
];

/**
 * The writing systems of a text's letters (Unicode `Script`; Han, kana and Hangul are one,
 * `cjk`; unlisted scripts `other`); digits and punctuation have none.
 *
 * @example writingSystems("我用 Neovim") // Set { "cjk", "latin" }
 */
export function writingSystems(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(/\p{L}/gu)) {
    const letter = match[0];
    const system = SYSTEMS.find(([, pattern]) => pattern.test(letter));
    found.add(system ? system[0] : "other");
  }
  return found;
}

/** Whether two texts share a writing system ({@link writingSystems}), or either has no letter. */
export function shareWritingSystem(a: string, b: string): boolean {
  const left = writingSystems(a);
  const right = writingSystems(b);
  if (left.size === 0 || right.size === 0) return true;
  return [...left].some((system) => right.has(system));
}
