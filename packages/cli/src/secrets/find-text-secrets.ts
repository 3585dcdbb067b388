import { findSecrets } from "@memfiles/core";
import { checkSecretsOfEach } from "@memfiles/core/internal";

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
  const [found] = await findTextSecretsOfEach([{ path, text }]);
  return found ?? [];
}

/**
 * {@link findTextSecrets} of each file, all scanned in one `checkSecretsOfEach` (a folder's files
 * one call each spent most of the time building secretlint's rules).
 *
 * @param files - `{ path, text }` of each file.
 * @returns One list per file, in order, as {@link findTextSecrets} gives it.
 */
export async function findTextSecretsOfEach(
  files: readonly { path: string; text: string }[],
): Promise<SecretLine[][]> {
  const checks = await checkSecretsOfEach(files.map(({ text }) => [text]));
  // A secret a file holds alone is reported where each finding starts: those few files are
  // scanned again for the ranges.
  const held = files.flatMap((_, index) => {
    const check = checks[index];
    return check !== undefined && !check.ok && !check.split ? [index] : [];
  });
  const scanOf = new Map<number, Awaited<ReturnType<typeof findSecrets>>>();
  for (const index of held) {
    scanOf.set(index, await findSecrets((files[index] as (typeof files)[number]).text));
  }
  return files.map(({ path, text }, index) => {
    const check = checks[index];
    if (check === undefined || check.ok) return [];
    const scan = scanOf.get(index);
    if (scan !== undefined) {
      return oncePerLineAndKind(
        scan.findings.map((finding) => ({
          path,
          line: text.slice(0, finding.start).split("\n").length,
          kind: finding.kind,
        })),
      );
    }
    // A secret split across lines (a key id on one, its secret on the next): core's one check
    // redacts the lines that spell it; those are the lines reported.
    const redacted = (check.redacted[0] ?? "").split("\n");
    return oncePerLineAndKind(
      text
        .split(/\r?\n/)
        .flatMap((line, at) =>
          line === redacted[at] ? [] : check.kinds.map((kind) => ({ path, line: at + 1, kind })),
        ),
    );
  });
}

// Two finders (or one kind found twice) on one line are one thing for a person to remove.
function oncePerLineAndKind(found: SecretLine[]): SecretLine[] {
  const seen = new Set<string>();
  return found.filter(({ line, kind }) => {
    const key = `${line}\u0000${kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
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
