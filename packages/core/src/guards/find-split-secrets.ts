import { findSecretsOfEach, redactRanges, type SecretFinding } from "./secret-guard.js";

// Joined with nothing ("AKIA" + "2E4..." is one key), a space, or a line break (".env" lines).
const SEPARATORS = ["", " ", "\n"];

/**
 * Most texts `join: "every"` pairs each with each other one (a proposal has at most five fields);
 * more texts, a memory-tool edit's lines, are joined as neighbours: every ordered pair of a hundred
 * lines is 30,000 joins, seconds of scanning for one edit.
 */
export const MAX_EVERY_JOIN_TEXTS = 8;

/** Options of {@link findSplitSecrets}. */
export type FindSplitSecretsOptions = {
  /**
   * Which texts are joined: `neighbours` (default), each text with the next and all of them one a
   * line (a pass's facts, in order); `every`, each text before each other one, with each
   * separator (the fields of one proposal: a key's halves may sit in any two, in either order),
   * up to {@link MAX_EVERY_JOIN_TEXTS} texts that are not blank, as neighbours past that.
   */
  join?: "neighbours" | "every";
  /** What `findSecrets` found in each text alone, when the caller has scanned them already. */
  alone?: readonly (readonly SecretFinding[])[];
};

/**
 * Finds secrets that no single text holds but that their concatenation does: a key split across
 * two facts of one write pass, or across the fields of one proposal. Each text a finding spans,
 * with others, is reported with the part of the secret it holds redacted.
 *
 * @param texts - The texts in order (a write pass's facts, or a proposal's fields).
 * @param options - `{ join?, alone? }`: which texts are joined, each text's own findings (see
 *   {@link FindSplitSecretsOptions}).
 * @returns A map from the index of each text that holds part of a split secret to
 *   `{ kinds, redacted }`; empty when none.
 * @example
 * await findSplitSecrets(["aws key AKIA", "2E4KQ7XY5ZB3MN6P"]) // Map { 0 => ..., 1 => ... }
 * await findSplitSecrets(["2E4KQ7XY5ZB3MN6P", "aws key AKIA"], { join: "every" }) // Map { 0 => ..., 1 => ... }
 */
export async function findSplitSecrets(
  texts: readonly string[],
  options: FindSplitSecretsOptions = {},
): Promise<Map<number, { kinds: string[]; redacted: string }>> {
  const found = new Map<number, { kinds: Set<string>; ranges: SecretFinding[] }>();
  if (texts.length < 2) return new Map();
  // Each pair of neighbours (a third text glued on could hide the end of a secret from the
  // scanner), and all of them one a line; or each ordered pair of texts that are not blank.
  const groups: number[][] = [];
  const filled = texts.flatMap((text, index) => (text.trim() === "" ? [] : [index]));
  if (options.join === "every" && filled.length <= MAX_EVERY_JOIN_TEXTS) {
    for (const first of filled) {
      for (const second of filled) {
        if (first !== second && texts[first] !== texts[second]) groups.push([first, second]);
      }
    }
  } else {
    groups.push(...texts.slice(1).map((_, index) => [index, index + 1]));
    groups.push(texts.map((_, index) => index));
  }
  const jobs = groups.flatMap((group) =>
    (group.length === 2 ? SEPARATORS : ["\n"]).map((separator) => {
      const starts: number[] = [];
      let offset = 0;
      for (const index of group) {
        starts.push(offset);
        offset += (texts[index] as string).length + separator.length;
      }
      return { group, starts, joined: group.map((index) => texts[index]).join(separator) };
    }),
  );
  // The texts alone (unless given) and every join, scanned in one go.
  const scans = await findSecretsOfEach([
    ...(options.alone === undefined ? texts : []),
    ...jobs.map((job) => job.joined),
  ]);
  // A secret one text holds alone is refused with that text. A joined match that runs on from it
  // into a neighbour (texts joined with nothing glue "...kS" + "keeps") blames the neighbour only
  // when its part looks like more of a token (a digit, an inner capital or a symbol), not a plain
  // word: a key's second half is refused, the next fact "keeps keys in 1Password" is not.
  const alone = options.alone ?? scans.slice(0, texts.length).map((scan) => scan.findings);
  const scanned = scans.slice(scans.length - jobs.length).map((scan) => scan.findings);
  for (const [job, { group, starts }] of jobs.entries()) {
    for (const finding of scanned[job] ?? []) {
      const spanned = group
        .map((index, at) => {
          const start = starts[at] as number;
          return { index, start, end: start + (texts[index] as string).length };
        })
        .filter(({ start, end }) => finding.start < end && finding.end > start);
      if (spanned.length === 0) continue;
      if (spanned.length === 1) {
        // Inside one text, but found only with its neighbour: "my password is" + "hunter2", or
        // "redis://:pw" + "@host". That text alone held nothing, so the words of the other made
        // it a secret: it is refused.
        const [only] = spanned as [{ index: number; start: number; end: number }];
        const heldAlone = (alone[only.index] ?? []).some(
          (own) => finding.start < only.start + own.end && finding.end > only.start + own.start,
        );
        if (heldAlone) continue;
      }
      const ownedAlone = spanned.some(({ index, start }) =>
        (alone[index] ?? []).some(
          (own) => finding.start < start + own.end && finding.end > start + own.start,
        ),
      );
      const plainWords = spanned.every(({ index, start, end }) => {
        const part = (texts[index] as string).slice(
          Math.max(finding.start, start) - start,
          Math.min(finding.end, end) - start,
        );
        // A sentence's first word (a fact file's body) is a plain word too: "Keeps".
        return (alone[index] ?? []).length > 0 || /^[A-Z]?[a-z]+$/.test(part);
      });
      if (ownedAlone && plainWords) continue;
      for (const { index, start, end } of spanned) {
        const entry = found.get(index) ?? { kinds: new Set<string>(), ranges: [] };
        entry.kinds.add(finding.kind);
        entry.ranges.push({
          ...finding,
          start: Math.max(finding.start, start) - start,
          end: Math.min(finding.end, end) - start,
        });
        found.set(index, entry);
      }
    }
  }
  return new Map(
    [...found].map(([index, entry]) => [
      index,
      { kinds: [...entry.kinds], redacted: redactRanges(texts[index] as string, entry.ranges) },
    ]),
  );
}
