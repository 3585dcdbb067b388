import { findSecretsOfEach, redactRanges, type SecretFinding } from "./secret-guard.js";

// Joined with nothing ("AKIA" + "2E4..." is one key), a space, or a line break (".env" lines).
const SEPARATORS = ["", " ", "\n"];

// Label words said between a secret's halves ("first part", "second half:", "…continued", "the
// rest is", "AWS key", "I"): a plain word or a short acronym, with punctuation around it. No digit: a
// card's or an IBAN's half starts with a group as short as "4". Dropped from the end of one text
// and the start of the next, up to MAX_LABEL_WORDS on each side, the halves meet as they do when
// said together.
const LABEL_WORD = /^[…:;,.!?'"()[\]]*(?:\p{Lu}?\p{Ll}+|\p{Lu}{1,3})?[…:;,.!?'"()[\]]*$/u;
const MAX_LABEL_WORDS = 8;
// Punctuation glued to a half ("AKIA2E4K…", "…7XY5"): not part of any key.
const GLUED_END = /(?:[…:;,!?'"()[\]]|\.{2,})+$/u;
const GLUED_START = /^(?:[…:;,!?'"()[\]]|\.{2,})+/u;

// The text's last word that is not a label word, when at most MAX_LABEL_WORDS follow it; the text
// read backwards for its first one. Prose (more label words than that) has none.
function keyWord(text: string, from: "end" | "start"): RegExpExecArray | undefined {
  const words = [...text.matchAll(/\S+/g)];
  if (from === "end") words.reverse();
  const at = words.findIndex((word) => !LABEL_WORD.test(word[0]));
  return at === -1 || at > MAX_LABEL_WORDS ? undefined : words[at];
}

// Where a secret's first half in a text ends: after its last key word, the label words and
// punctuation after it dropped; undefined when it ends in prose.
function headEnd(text: string): number | undefined {
  const word = keyWord(text, "end");
  if (word === undefined) return undefined;
  const end = word.index + word[0].length - (GLUED_END.exec(word[0])?.[0].length ?? 0);
  return end > word.index ? end : undefined;
}

// Where a secret's second half in a text starts: at its first key word, the label words and
// punctuation before it dropped; undefined when it starts with prose.
function tailStart(text: string): number | undefined {
  const word = keyWord(text, "start");
  if (word === undefined) return undefined;
  const start = word.index + (GLUED_START.exec(word[0])?.[0].length ?? 0);
  return start < word.index + word[0].length ? start : undefined;
}

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
  // Each piece of a join: which text, and where its first character sits in the join (`base`,
  // negative when the join starts past the text's start).
  type Piece = { index: number; start: number; end: number; base: number };
  const join = (
    parts: ReadonlyArray<{ index: number; from: number; to: number }>,
    separator: string,
  ) => {
    const pieces: Piece[] = [];
    let offset = 0;
    for (const { index, from, to } of parts) {
      pieces.push({ index, start: offset, end: offset + to - from, base: offset - from });
      offset += to - from + separator.length;
    }
    const joined = parts.map(({ index, from, to }) => (texts[index] as string).slice(from, to));
    return { pieces, joined: joined.join(separator), labelled: false };
  };
  const whole = (index: number) => ({ index, from: 0, to: (texts[index] as string).length });
  const heads = texts.map(headEnd);
  const tails = texts.map(tailStart);
  const jobs = groups.flatMap((group) => {
    if (group.length !== 2) return [join(group.map(whole), "\n")];
    const [first, second] = group as [number, number];
    const plain = SEPARATORS.map((separator) => join([whole(first), whole(second)], separator));
    // The key words at the end of one and the start of the other, the label words between them
    // dropped; only when there were some (else the plain joins are the same).
    const head = heads[first];
    const tail = tails[second];
    if (head === undefined || tail === undefined) return plain;
    const firstText = texts[first] as string;
    const secondText = texts[second] as string;
    if (
      head === firstText.trimEnd().length &&
      tail === secondText.length - secondText.trimStart().length
    ) {
      return plain;
    }
    const parts = [
      { index: first, from: 0, to: head },
      { index: second, from: tail, to: secondText.length },
    ];
    const labelled = SEPARATORS.map((separator) => ({ ...join(parts, separator), labelled: true }));
    return [...plain, ...labelled];
  });
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
  for (const [job, { pieces, labelled }] of jobs.entries()) {
    for (const finding of scanned[job] ?? []) {
      const spanned = pieces.filter(({ start, end }) => finding.start < end && finding.end > start);
      if (spanned.length === 0) continue;
      if (spanned.length === 1) {
        // Inside one text, but found only with its neighbour: "my password is" + "hunter2", or
        // "redis://:pw" + "@host". That text alone held nothing, so the words of the other made
        // it a secret: it is refused.
        const [only] = spanned as [Piece];
        const heldAlone = (alone[only.index] ?? []).some(
          (own) => finding.start < only.base + own.end && finding.end > only.base + own.start,
        );
        if (heldAlone) continue;
      }
      const ownedAlone = spanned.some(({ index, base }) =>
        (alone[index] ?? []).some(
          (own) => finding.start < base + own.end && finding.end > base + own.start,
        ),
      );
      const plainWords = spanned.every(({ index, start, end, base }) => {
        const part = (texts[index] as string).slice(
          Math.max(finding.start, start) - base,
          Math.min(finding.end, end) - base,
        );
        // A sentence's first word (a fact file's body) is a plain word too: "Keeps".
        return (alone[index] ?? []).length > 0 || /^[A-Z]?[a-z]+$/.test(part);
      });
      // Without the label words, a key one text holds alone runs into whatever word comes next
      // ("…Op" + "1Password"): a join without them is for secrets no text holds alone.
      if (ownedAlone && (plainWords || labelled)) continue;
      for (const { index, start, end, base } of spanned) {
        const entry = found.get(index) ?? { kinds: new Set<string>(), ranges: [] };
        entry.kinds.add(finding.kind);
        entry.ranges.push({
          ...finding,
          start: Math.max(finding.start, start) - base,
          end: Math.min(finding.end, end) - base,
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
