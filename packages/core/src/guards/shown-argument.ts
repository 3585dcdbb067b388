import { shownText } from "../text/index.js";
import { findSecrets } from "./secret-guard.js";

/**
 * A word the user typed as an argument error shows it: what core's secret guard (`findSecrets`)
 * flags in it replaced by `[redacted]`, then cut by core's one cap (`shownText`, 160 chars).
 *
 * @param word - One argument as typed, e.g. `-----BEGIN OPENSSH PRIVATE KEY-----…`.
 * @returns The word as shown, e.g. `[redacted]`, or a long word's head, `…` and its length in chars.
 */
export async function shownArgument(word: string): Promise<string> {
  return shownText((await findSecrets(word)).redacted);
}

/**
 * An argument error of `memfiles hook` (which runs without the CLI's output) as it is printed: the
 * parser quotes the word it refused, so each typed word in it is shown by {@link shownArgument},
 * and whatever else the guard flags in it is redacted. A pasted key or a 200,000-char paste never
 * comes back on stderr.
 *
 * @param message - The error line, e.g. `error: unknown option '-x'`.
 * @param argv - The words typed after the program name.
 * @returns The message to print, without its newline.
 */
export async function argumentErrorText(message: string, argv: readonly string[]): Promise<string> {
  let text = message;
  // Longest first, so a word inside a longer one is not replaced in it first.
  const typed = [...new Set(argv)]
    .filter((word) => word.length > 0 && text.includes(word))
    .sort((a, b) => b.length - a.length);
  for (const word of typed) {
    const shown = await shownArgument(word);
    if (shown !== word) text = text.split(word).join(shown);
  }
  return (await findSecrets(text)).redacted;
}
