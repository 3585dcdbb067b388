import { findSecrets } from "@memfiles/core";
import { checkSecrets } from "@memfiles/core/internal";

/** One secret found in a memory file or a text to write: where it is and what kind, never the secret. */
export type SecretLine = {
  /** Path relative to the memory folder. */
  path: string;
  /** 1-based line number of the secret's first character. */
  line: number;
  /** snake_case kind from core's `findSecrets`, e.g. `github_token`, `card_number`, `password`. */
  kind: string;
};

/**
 * Finds secrets in a file's text with core's secret guard (`findSecrets`, the same scan `remember`
 * and the write pass run), by line, and secrets split across its lines (`checkSecrets`). The
 * secret itself is never returned.
 *
 * @param path - The file's path, copied into each result.
 * @param text - The file's text (or a text about to be written to it).
 * @returns One entry per finding, in text order; empty when the text is clean.
 * @example await findTextSecrets("profile.md", "a\nmy password is hunter2") // [{ path: "profile.md", line: 2, kind: "password" }]
 */
export async function findTextSecrets(path: string, text: string): Promise<SecretLine[]> {
  const { findings } = await findSecrets(text);
  if (findings.length > 0) {
    return findings.map((finding) => ({
      path,
      line: text.slice(0, finding.start).split("\n").length,
      kind: finding.kind,
    }));
  }
  // A secret split across lines (a key id on one, its secret on the next): core's one check
  // redacts the lines that spell it; those are the lines reported.
  const split = await checkSecrets({ texts: [text] });
  if (split.ok) return [];
  const redacted = (split.redacted[0] ?? "").split("\n");
  return text
    .split(/\r?\n/)
    .flatMap((line, index) =>
      line === redacted[index] ? [] : split.kinds.map((kind) => ({ path, line: index + 1, kind })),
    );
}

/**
 * The refusal message every entry point gives for a secret, worded as core's `remember` words it
 * (code `secret`).
 *
 * @param what - What was refused, e.g. `the description`, `the bundle`.
 * @param kinds - The kinds found.
 * @returns `Not saved: <what> holds a secret (<kinds>). Secrets never go into memory.`
 */
export function secretRefusalMessage(what: string, kinds: readonly string[]): string {
  return `Not saved: ${what} holds a secret (${[...new Set(kinds)].join(", ")}). Secrets never go into memory.`;
}
