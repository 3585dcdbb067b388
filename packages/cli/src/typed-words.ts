import { maskSecretsOfEach, shownArgument, shownText } from "@memfiles/core/internal";

/**
 * How `memfiles` shows what the user typed in whatever it prints: each typed word that core's
 * `shownArgument` would not echo (a secret the guard flags, or a word over core's cap of 160
 * chars) is replaced by its shown form wherever it appears, also JSON-escaped (a value quoted with
 * `JSON.stringify`). A word is each argument, the value of each `--option=value`, and each part of
 * a path between `/` (a message may name a folder as a resolved path, not as typed). `runMemfiles`
 * passes every line it and its commands print through this, so no message need do it itself.
 * Words the secret screen clears cost no secret check (`maskSecretsOfEach` loads it only for the
 * others).
 *
 * @param argv - The words typed after the program name, e.g. `["ls", "ghp_…"]`.
 * @returns A function from a text to print to that text as shown, e.g. `No memory folder at /x/[redacted].`.
 */
export async function typedWordsShown(argv: readonly string[]): Promise<(text: string) => string> {
  const words = [
    ...new Set(
      argv.flatMap((word) => {
        const value = /^--?[^=\s]+=(.*)$/s.exec(word)?.[1];
        const whole = value === undefined ? [word] : [word, value];
        return [...whole, ...whole.flatMap((part) => part.split("/"))];
      }),
    ),
  ].filter((word) => word.length > 0);
  const masked = await maskSecretsOfEach(words);
  const suspects = words.filter(
    (word, at) => masked[at]?.text !== word || shownText(word) !== word,
  );
  const replacements = new Map<string, string>();
  for (const word of suspects) {
    const shown = await shownArgument(word);
    if (shown === word) continue;
    replacements.set(word, shown);
    replacements.set(JSON.stringify(word).slice(1, -1), JSON.stringify(shown).slice(1, -1));
  }
  if (replacements.size === 0) return (text) => text;
  // Longest first, so a word inside a longer one is not replaced in it first.
  const ordered = [...replacements].sort(([a], [b]) => b.length - a.length);
  return (text) => {
    let shown = text;
    for (const [word, replacement] of ordered) {
      if (shown.includes(word)) shown = shown.split(word).join(replacement);
    }
    return shown;
  };
}
