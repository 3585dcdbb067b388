import { findSplitSecretsOfEach, type SplitSecrets } from "./find-split-secrets.js";
import { findSecretsOfEach, redactRanges, type SecretFinding } from "./secret-guard.js";
import { LINE_LEAD } from "./split-halves.js";

// How many earlier texts of a session a new one is scanned with. A key split in two arrives in
// two writes in a row; a few more cover a remark written in between.
const SESSION_TEXTS = 4;

/**
 * What one session has written so far (a conversation's `memory_write` calls and memory tool
 * edits, an MCP connection's `remember` calls), so a secret said in two writes, each harmless
 * alone, is refused: {@link checkSecrets} scans each new text joined to the last ones.
 *
 * @example
 * const session = new WriteSession();
 * await checkSecrets({ texts: ["aws key AKIA"], session }); // { ok: true, ... }
 * await checkSecrets({ texts: ["2E4KQ7XY5ZB3MN6P"], session }); // { ok: false, code: "secret", split: true, ... }
 */
export class WriteSession {
  readonly #texts: string[] = [];

  /**
   * @param texts - Texts the session wrote before this object existed (earlier turns of a
   *   conversation), oldest first.
   */
  constructor(texts: readonly string[] = []) {
    for (const text of texts) this.record(text);
  }

  /** The last texts written, oldest first. */
  get texts(): readonly string[] {
    return this.#texts;
  }

  /**
   * Adds a text the session wrote.
   *
   * @param text - The text as written (a fact, a memory tool edit).
   */
  record(text: string): void {
    if (text.trim() === "") return;
    this.#texts.push(text);
    if (this.#texts.length > SESSION_TEXTS) this.#texts.shift();
  }
}

/**
 * The facts of a file's lines stated on `day` (`YYYY/MM/DD`), oldest first: that day's writes, for
 * the {@link WriteSession} of a write that comes without one (a `memfiles remember` process).
 */
export function statedOn(content: string, day: string): string[] {
  const tag = `[stated ${day}]`;
  return content.split(/\r?\n/).flatMap((line) => {
    const at = line.indexOf(tag);
    return at === -1 ? [] : [line.slice(at + tag.length).trim()];
  });
}

/** Options of {@link checkSecrets}. */
export type CheckSecretsOptions = {
  /** Texts one write would put on disk (a fact and the line it replaces, a file's new text). */
  texts: readonly string[];
  /** The session the write belongs to; when given, a clean write is recorded in it. */
  session?: WriteSession;
};

/** Result of {@link checkSecrets}. */
export type CheckSecretsResult =
  | { ok: true; code: "clean" }
  | {
      ok: false;
      code: "secret";
      /** snake_case kinds found, e.g. `aws_access_key_id`, `password`. */
      kinds: string[];
      /** Each given text with the secret, or its part, replaced by `[redacted]`. */
      redacted: string[];
      /** `true` when no text holds the secret alone: it is spelled with another line or write. */
      split: boolean;
    };

/**
 * The secret check every write runs before anything reaches disk: each text alone
 * (`findSecrets`), then the lines of the texts and the session's last writes joined
 * (`findSplitSecrets`), so a key or password split across lines or writes is refused too. A clean
 * write is recorded in the session.
 *
 * @param options - `{ texts, session? }`: the texts of one write and its {@link WriteSession}.
 * @returns `{ ok: true, code: "clean" }`, or `{ ok: false, code: "secret", kinds, redacted,
 *   split }`, each text redacted: a result never holds a secret.
 * @example
 * await checkSecrets({ texts: ["my password is hunter2"] });
 * // { ok: false, code: "secret", kinds: ["password"], redacted: ["my password is [redacted]"], split: false }
 */
export async function checkSecrets(options: CheckSecretsOptions): Promise<CheckSecretsResult> {
  const [result] = await checkWrites([options]);
  return result as CheckSecretsResult;
}

/**
 * {@link checkSecrets} of many writes without a session (each file of a folder as its own
 * write), every text and join scanned in one `findSecretsOfEach`: secretlint builds its rules
 * anew on each call, most of a short text's cost. Each write gets what a call of its own gives.
 *
 * @param writes - The texts of each write.
 * @returns One result per write, in order.
 * @example await checkSecretsOfEach([["my password is hunter2"], ["likes tea"]]) // [{ ok: false, ... }, { ok: true, code: "clean" }]
 */
export async function checkSecretsOfEach(
  writes: readonly (readonly string[])[],
): Promise<CheckSecretsResult[]> {
  return checkWrites(writes.map((texts) => ({ texts })));
}

// Sessions are read before any write of the call is recorded: each write its own session. A write
// a text of which holds a secret alone is refused for it; its lines are joined all the same, as
// to mask it: what is shown must lose every part, a key's other half on the next line too.
async function checkWrites(writes: readonly CheckSecretsOptions[]): Promise<CheckSecretsResult[]> {
  const scans = await findSecretsOfEach(writes.flatMap((write) => write.texts));
  let next = 0;
  const alone = writes.map((write) => {
    const own = scans.slice(next, next + write.texts.length);
    next += write.texts.length;
    return own;
  });
  // Every line of the new texts after the session's last writes, without its list marker and
  // date tag (they stand between the halves in a file): a split is found between any two
  // neighbours, and only the parts in the new texts are this write's to refuse.
  const joins = writes.map(({ texts, session }) => {
    const earlier = (session?.texts ?? []).map((text) => text.replace(LINE_LEAD, ""));
    const lines = texts.map((text) => text.split(/\r?\n/));
    const leads = lines.flat().map((line) => LINE_LEAD.exec(line)?.[0] ?? "");
    const parts = [
      ...earlier,
      ...lines.flat().map((line, index) => line.slice((leads[index] ?? "").length)),
    ];
    return { earlier, lines, leads, parts };
  });
  const held = alone.map(
    (scansOfWrite) =>
      new Set(scansOfWrite.flatMap((scan) => scan.findings.map((finding) => finding.kind))),
  );
  // Every write is joined: one that holds a secret alone is refused for it, and its refusal
  // quotes its texts redacted, so a part the joins find (a value's second half under the same
  // name on the next line) must be redacted there too (decision 0113).
  const splitAt = writes.map((_, index) => index);
  const splits = await findSplitSecretsOfEach(
    splitAt.map((index) => (joins[index] as (typeof joins)[number]).parts),
  );
  const splitOf = new Map(splitAt.map((index, at) => [index, splits[at] as SplitSecrets]));
  return writes.map(({ texts, session }, index): CheckSecretsResult => {
    const kinds = held[index] as Set<string>;
    const { earlier, lines, leads, parts } = joins[index] as (typeof joins)[number];
    const split = splitOf.get(index) ?? new Map();
    const owned = [...split].filter(([at]) => at >= earlier.length);
    if (kinds.size > 0) {
      const scans = alone[index] ?? [];
      return {
        ok: false,
        code: "secret",
        kinds: [...new Set([...kinds, ...owned.flatMap(([, part]) => part.kinds)])],
        redacted:
          owned.length === 0
            ? scans.map((scan) => scan.redacted)
            : withSplitParts(texts, scans, owned, earlier.length, leads),
        split: false,
      };
    }
    if (owned.length === 0) {
      for (const text of texts) session?.record(text);
      return { ok: true, code: "clean" };
    }
    const redactedParts = parts.map(
      (part, at) =>
        (at >= earlier.length ? (leads[at - earlier.length] ?? "") : "") +
        (split.get(at)?.redacted ?? part),
    );
    let from = earlier.length;
    const redacted = lines.map((textLines) => {
      const joined = redactedParts.slice(from, from + textLines.length).join("\n");
      from += textLines.length;
      return joined;
    });
    return {
      ok: false,
      code: "secret",
      kinds: [...new Set(owned.flatMap(([, part]) => part.kinds))],
      redacted,
      split: true,
    };
  });
}

// Each text redacted where it holds a secret alone and where it holds part of a split one: the
// split's ranges (in a line without its lead) moved to where the line sits in its text.
function withSplitParts(
  texts: readonly string[],
  scans: readonly { findings: readonly SecretFinding[] }[],
  owned: ReadonlyArray<[number, { ranges: readonly SecretFinding[] }]>,
  first: number,
  leads: readonly string[],
): string[] {
  const ranges = new Map(owned.map(([at, part]) => [at - first, part.ranges]));
  let line = 0;
  return texts.map((text, at) => {
    const found: SecretFinding[] = [...(scans[at]?.findings ?? [])];
    const breaks = /\r?\n/g;
    let start = 0;
    for (;;) {
      const shift = start + (leads[line]?.length ?? 0);
      for (const range of ranges.get(line) ?? []) {
        found.push({ ...range, start: range.start + shift, end: range.end + shift });
      }
      line += 1;
      const next = breaks.exec(text);
      if (next === null) break;
      start = next.index + next[0].length;
    }
    return redactRanges(text, found);
  });
}
