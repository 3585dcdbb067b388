import {
  mayMatchBodyLines,
  memoryBodyLines,
  memoryFileLines,
  type SearchMatch,
  searchMemoryLines,
} from "../format/index.js";
import {
  type ForgottenCheck,
  forgottenRow,
  type ShownLayout,
  shownWithoutForgotten,
} from "./forgotten-shown.js";
import { maskPathsOfEach } from "./mask-paths.js";
import { type MaskedText, maskSecretsOfEach } from "./mask-secrets.js";

/** A memory file as a search reads it: its path, its `list()` description and its text. */
export type SearchedFile = { path: string; description: string; content: string };

/** One line search shows: where it is (path masked), the masked text, and what was masked in it. */
export type ShownSearchMatch = SearchMatch & {
  /** The file's memory path as shown (a secret in its name is `[redacted]`, see `maskPathsOfEach`). */
  path: string;
  /** snake_case kinds of the secrets masked in this line's text; empty when it is shown as written. */
  kinds: string[];
};

/**
 * Search as every surface shows it (MCP `search`, `memfiles search`): search's one rule
 * (`searchMemoryLines`: the description at its line, body lines holding every word) over each file,
 * then, for a file that matched, the same rule on its text and description masked
 * (`maskSecrets`: a secret written into a file by hand is `[redacted]`), so a search for a
 * secret's own characters finds nothing and a matched line shows no secret. The file's path is
 * masked as every printed path is. A file no word matched is neither screened nor masked.
 *
 * @param files - The files to search, in the order matches are wanted.
 * @param words - The words to look for (each may hold several, separated by spaces).
 * @param forgotten - The store's tombstone check and layout (`forgottenShownCheck`): a line or
 *   description a tombstone matches is neither searched nor shown.
 * @returns The matches in file order, then line order; `kinds` empty for a line shown as written.
 * @example await searchShown([{ path: "profile.md", description: "Who", content: "---\nname: profile\n---\nmy token is ghp_…\n" }], ["token"]) // [{ path: "profile.md", line: 4, text: "my token is [redacted]", kinds: ["github_token"] }]
 */
export async function searchShown(
  files: readonly SearchedFile[],
  words: readonly string[],
  forgotten?: { forgotten: ForgottenCheck | undefined; layout: ShownLayout },
): Promise<ShownSearchMatch[]> {
  const hit = files.flatMap((given) => {
    // A file whose description and text do not hold every word has no line to match: not parsed.
    if (
      !mayMatchBodyLines(given.content, words) &&
      searchMemoryLines({ description: given.description, lines: [] }, words).length === 0
    ) {
      return [];
    }
    // Searched as shown: a line a tombstone matches is no line of the file, a description no
    // description (`shownWithoutForgotten`, `forgottenRow`).
    const file =
      forgotten?.forgotten === undefined
        ? given
        : {
            ...given,
            description: forgottenRow(
              { name: "", description: given.description },
              forgotten.forgotten,
            )
              ? ""
              : given.description,
            content: shownWithoutForgotten(given.content, forgotten.layout, forgotten.forgotten, {
              lineLeftOut: "",
            }).content,
          };
    const { lines, descriptionLine } = memoryFileLines(file.content, file.path);
    return searchMemoryLines({ description: file.description, lines }, words).length === 0
      ? []
      : [{ file, lines, descriptionLine }];
  });
  // One screen over every matched text: the screen searches them joined, a few ms for 100 files
  // where one call a text cost ~0.8 ms each.
  const masked = await maskSecretsOfEach(
    hit.flatMap(({ file }) => [file.description, file.content]),
  );
  const found: Array<{ file: SearchedFile; matches: Array<SearchMatch & { kinds: string[] }> }> =
    [];
  for (const [at, { file, lines, descriptionLine }] of hit.entries()) {
    const description = masked[2 * at] as MaskedText;
    const content = masked[2 * at + 1] as MaskedText;
    const written = new Map(lines.map((line) => [line.line, line.written]));
    const shown = {
      description: description.text,
      descriptionLine,
      lines: content.kinds.length === 0 ? lines : memoryBodyLines(content.text, file.path),
    };
    // A body line is never on the description's line (front matter is no body line).
    const matches = searchMemoryLines(shown, words).map((match) => ({
      ...match,
      kinds:
        match.line === descriptionLine && match.text.startsWith("description: ")
          ? description.kinds
          : match.text !== written.get(match.line)
            ? content.kinds
            : [],
    }));
    if (matches.length > 0) found.push({ file, matches });
  }
  const paths = await maskPathsOfEach(found.map(({ file }) => file.path));
  return found.flatMap(({ matches }, at) =>
    matches.map((match) => ({
      path: paths[at]?.path ?? "",
      line: match.line,
      text: match.text,
      kinds: match.kinds,
    })),
  );
}
