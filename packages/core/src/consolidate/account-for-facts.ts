import { type FactLine, formatFactLine, parseFactLine } from "../format/fact-line.js";
import { type LocatedFact, safeParseMemoryFile } from "../format/memory-file.js";
import { normalizeFactText } from "../text/index.js";
import { contentStems, type RewriteProblem } from "./check-rewrite.js";
import type { DroppedLine } from "./save-tool.js";

/**
 * Share of an input line's content words one output line must hold for the input line to count as
 * kept (merged or combined): all of them up to three content words, all but one from four.
 */
export const MIN_KEPT_WORD_SHARE = 0.75;

/** Options of {@link accountForFacts}. */
export type AccountForFactsOptions = {
  /** Memory path, for messages. */
  path: string;
  /** The file text the model was given. */
  before: string;
  /** The file text the model returned. */
  after: string;
  /**
   * The model's list of input lines it left out (`consolidation@2`); `undefined` when the reply has
   * none (`consolidation@1`, a plain-text reply): then every input fact must be kept.
   */
  dropped?: readonly DroppedLine[] | undefined;
};

/** Result of {@link accountForFacts}. */
export type AccountForFactsResult = {
  /**
   * Input lines the rewrite leaves out with an accepted reason, in input order: `line` as in the
   * input, `by` the output line that holds the fact now (`null` for expired).
   */
  dropped: DroppedLine[];
  /** `dropped_fact` and `unknown_dropped_line` problems; empty when every input fact is accounted for. */
  problems: RewriteProblem[];
};

function matchesLine(written: string, fact: FactLine): boolean {
  const parsed = parseFactLine(written);
  if (parsed !== undefined) {
    return (
      parsed.stated === fact.stated &&
      normalizeFactText(parsed.text) === normalizeFactText(fact.text)
    );
  }
  return normalizeFactText(written) === normalizeFactText(fact.text);
}

function isKept(fact: LocatedFact, output: readonly LocatedFact[]): boolean {
  const words = contentStems(fact.text);
  const text = normalizeFactText(fact.text);
  return output.some((candidate) => {
    if (candidate.stated < fact.stated) return false;
    if (words.size === 0) return normalizeFactText(candidate.text).includes(text);
    const held = contentStems(candidate.text);
    const shared = [...words].filter((word) => held.has(word)).length;
    return shared / words.size >= MIN_KEPT_WORD_SHARE;
  });
}

const quote = (line: string) => JSON.stringify(line);

/**
 * Checks that a consolidation accounts for every input fact line (seed design, consolidate: merge
 * duplicates, resolve contradictions to the newest dated line, combine related lines, drop what has
 * expired, keep the newest date on merge). An input line is accounted for when either
 * - it is kept: one output line dated the same or later holds at least
 *   {@link MIN_KEPT_WORD_SHARE} of its content words (folded, Porter-stemmed, as `checkRewrite`
 *   compares them); or
 * - `dropped` lists it (its text copied with its date tag; without a tag, every input line with that
 *   text) with a reason: `duplicate` or `superseded` need `by`, an output line dated the same or
 *   later than the dropped line; `expired` is accepted as stated and reported.
 *
 * Problems: `dropped_fact` for each entry whose `by` is missing, not an output line, or older than
 * the line it replaces, and one naming every input line neither kept nor listed;
 * `unknown_dropped_line` for an entry that names no input line (a report the user reads must be
 * true). A file that does not parse yields no problems here (`checkRewrite` reports it).
 *
 * @param options - `{ path, before, after, dropped? }`: file texts before and after, and the model's
 *   `dropped` list (`undefined` when it gave none: every fact must then be kept).
 * @returns `{ dropped, problems }`: the accepted drops (input line, reason, output line) and the
 *   problems; `problems` is `[]` when every input fact is accounted for.
 * @example
 * accountForFacts({ path: "topics/tools.md", before, after: headerAndNewestLine }).problems[0]?.code // "dropped_fact"
 */
export function accountForFacts(options: AccountForFactsOptions): AccountForFactsResult {
  const { path } = options;
  const before = safeParseMemoryFile(options.before, { path });
  const after = safeParseMemoryFile(options.after, { path });
  if (!before.success || !after.success) return { dropped: [], problems: [] };
  const input = before.value.facts;
  const output = after.value.facts;
  const problems: RewriteProblem[] = [];
  const accepted = new Map<LocatedFact, DroppedLine>();
  const named = new Set<LocatedFact>();

  for (const [index, entry] of (options.dropped ?? []).entries()) {
    const matched = input.filter((fact) => matchesLine(entry.line, fact));
    if (matched.length === 0) {
      problems.push({
        code: "unknown_dropped_line",
        message: `Entry ${index + 1} of dropped names ${quote(entry.line)}, which is no fact line of ${path}. List input lines copied exactly, date tag included.`,
      });
      continue;
    }
    for (const fact of matched) named.add(fact);
    const facts = matched.map(formatFactLine);
    if (entry.reason === "expired") {
      for (const fact of matched) {
        accepted.set(fact, { line: formatFactLine(fact), reason: "expired", by: null });
      }
      continue;
    }
    if (entry.by === null) {
      problems.push({
        code: "dropped_fact",
        facts,
        message: `The rewrite of ${path} drops ${facts.map(quote).join(", ")} as ${entry.reason} but names no line that holds it (by is null). Name the output line in by, or keep the line.`,
      });
      continue;
    }
    const by = entry.by;
    const holder = output
      .filter((fact) => matchesLine(by, fact))
      .sort((a, b) => (a.stated < b.stated ? 1 : a.stated > b.stated ? -1 : 0))[0];
    if (holder === undefined) {
      problems.push({
        code: "dropped_fact",
        facts,
        message: `The rewrite of ${path} drops ${facts.map(quote).join(", ")} as ${entry.reason} by ${quote(by)}, which is no line of the rewrite. Copy by from the output exactly, or keep the line.`,
      });
      continue;
    }
    const newer = matched.filter((fact) => fact.stated > holder.stated);
    if (newer.length > 0) {
      problems.push({
        code: "dropped_fact",
        facts: newer.map(formatFactLine),
        message: `The rewrite of ${path} drops ${newer.map(formatFactLine).map(quote).join(", ")} as ${entry.reason} by ${quote(formatFactLine(holder))}, an older line. Only a line dated the same or later can replace it; the newest fact wins.`,
      });
      continue;
    }
    for (const fact of matched) {
      accepted.set(fact, {
        line: formatFactLine(fact),
        reason: entry.reason,
        by: formatFactLine(holder),
      });
    }
  }

  const lost = input.filter(
    (fact) => !named.has(fact) && !accepted.has(fact) && !isKept(fact, output),
  );
  if (lost.length > 0) {
    const facts = lost.map(formatFactLine);
    problems.push({
      code: "dropped_fact",
      facts,
      message: `The rewrite of ${path} loses ${lost.length} input fact line${lost.length === 1 ? "" : "s"} without a reason: ${facts.map(quote).join(", ")}. Keep ${lost.length === 1 ? "it" : "them"}, or list ${lost.length === 1 ? "it" : "each"} in dropped as duplicate, superseded (with the output line in by) or expired.`,
    });
  }
  const dropped = input.flatMap((fact) => {
    const entry = accepted.get(fact);
    return entry === undefined ? [] : [entry];
  });
  return { dropped, problems };
}
