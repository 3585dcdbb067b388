import { type DatedLine, formatDatedLine, parseDatedLine } from "../../../format/dated-line.js";
import { type LocatedLine, safeParseMemoryFile } from "../../../format/memory-file.js";
import {
  endedPhrases,
  factValues,
  normalizeFactText,
  reversesFact,
  valueTokens,
} from "../../../text/index.js";
import type { RewriteProblem } from "../../../write/consolidation-result.js";
import { contentStems } from "./check-rewrite.js";
import type { DroppedLine } from "./save-tool.js";

/**
 * Share of an input line's content words one output line must hold for the input line to count as
 * kept (merged or combined): all of them up to three content words, all but one from four.
 */
export const MIN_KEPT_WORD_SHARE = 0.75;

/** Options of {@link accountForLines}. */
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
  /** Today's date, `YYYY/MM/DD`, for `expired` drops; default today in UTC. */
  today?: string;
};

/** Result of {@link accountForLines}. */
export type AccountForFactsResult = {
  /**
   * Input lines the rewrite leaves out with an accepted reason, in input order: `line` as in the
   * input, `by` the output line that holds the fact now (`null` for expired).
   */
  dropped: DroppedLine[];
  /** `dropped_fact` and `unknown_dropped_line` problems; empty when every input fact is accounted for. */
  problems: RewriteProblem[];
};

function matchesLine(written: string, fact: DatedLine): boolean {
  const parsed = parseDatedLine(written);
  if (parsed !== undefined) {
    return (
      parsed.stated === fact.stated &&
      normalizeFactText(parsed.text) === normalizeFactText(fact.text)
    );
  }
  return normalizeFactText(written) === normalizeFactText(fact.text);
}

function isKept(fact: LocatedLine, output: readonly LocatedLine[]): boolean {
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

// The values of `fact` (numbers, identifiers, versions, dates, proper names) the line `by` lacks.
function valuesMissing(fact: DatedLine, by: DatedLine): string[] {
  const { exact, names } = factValues(fact.text);
  const held = valueTokens(by.text);
  return [...exact, ...names].filter((value) => !held.has(value));
}

// A superseded line is contradicted by a newer line about the same thing, so its values may
// differ; the two must still share a third of the dropped line's words.
function sameSubject(fact: DatedLine, by: DatedLine): boolean {
  const words = contentStems(fact.text);
  const held = contentStems(by.text);
  const shared = [...words].filter((word) => held.has(word)).length;
  return by.stated > fact.stated && shared * 3 >= words.size && shared > 0;
}

// Dates written in a fact's text (not its tag), as YYYY/MM/DD; a month alone is its last day.
function writtenDates(text: string): string[] {
  return factValues(text).exact.flatMap((token) => {
    const match = /^(\d{4})[-/.](\d{1,2})(?:[-/.](\d{1,2}))?$/.exec(token);
    if (match === null) return [];
    const [, year, month, day] = match as unknown as [string, string, string, string | undefined];
    return [`${year}/${month.padStart(2, "0")}/${(day ?? "31").padStart(2, "0")}`];
  });
}

const END_WORDS =
  /(?<![\p{L}\p{N}])(?:ended|expired|finished|cancell?ed|is over|was over|no longer valid)(?![\p{L}\p{N}])/iu;

// An `expired` drop needs something in the file that shows it: a date in the line before today, an
// end said in the line itself, or another line dated the same or later that reverses it.
function showsExpired(fact: LocatedLine, input: readonly LocatedLine[], today: string): boolean {
  if (writtenDates(fact.text).some((date) => date < today)) return true;
  if (END_WORDS.test(fact.text) || fact.text.replace(endedPhrases(), "") !== fact.text) return true;
  return input.some(
    (other) => other !== fact && other.stated >= fact.stated && reversesFact(other.text, fact.text),
  );
}

/**
 * Checks that a consolidation accounts for every input fact line (seed design, consolidate). A line
 * is accounted for when it is kept (an output line dated the same or later holds at least
 * {@link MIN_KEPT_WORD_SHARE} of its content words) or `dropped` lists it with a reason:
 * `duplicate` or `superseded` name `by`, an output line as new or newer holding the dropped line's
 * values (`factValues`; a `superseded` line may lose them to a later line on the same subject),
 * and `expired` needs the file to show it (a past date, an end in its words, or a later input line
 * that reverses it, `reversesFact`).
 *
 * Problems: `dropped_fact` for a bad `by` and for every line neither kept nor listed;
 * `unknown_dropped_line` for an entry naming no input line. A file that does not parse yields none
 * here (`checkRewrite` reports it).
 *
 * @param options - `{ path, before, after, dropped?, today? }`: `dropped` the model's list
 *   (`undefined`: every fact must be kept), `today` as `YYYY/MM/DD` (default today in UTC).
 * @returns `{ dropped, problems }`: the accepted drops, and `[]` problems when all is accounted.
 * @example
 * accountForLines({ path: "topics/tools.md", before, after: headerAndNewestLine }).problems[0]?.code // "dropped_fact"
 */
export function accountForLines(options: AccountForFactsOptions): AccountForFactsResult {
  const { path } = options;
  const before = safeParseMemoryFile(options.before, { path });
  const after = safeParseMemoryFile(options.after, { path });
  if (!before.success || !after.success) return { dropped: [], problems: [] };
  const input = before.value.facts;
  const today = options.today ?? new Date().toISOString().slice(0, 10).replace(/-/g, "/");
  const output = after.value.facts;
  const problems: RewriteProblem[] = [];
  const accepted = new Map<LocatedLine, DroppedLine>();
  const named = new Set<LocatedLine>();

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
    const facts = matched.map(formatDatedLine);
    if (entry.reason === "expired") {
      const unshown = matched.filter((fact) => !showsExpired(fact, input, today));
      if (unshown.length > 0) {
        const lines = unshown.map(formatDatedLine);
        problems.push({
          code: "dropped_fact",
          facts: lines,
          message: `The rewrite of ${path} drops ${lines.map(quote).join(", ")} as expired, but nothing in the file shows it ended: no date in the line before ${today}, no end in its words ("ended", "no longer", "until" a past date) and no later line that reverses it. Keep the line.`,
        });
        continue;
      }
      for (const fact of matched) {
        accepted.set(fact, { line: formatDatedLine(fact), reason: "expired", by: null });
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
        facts: newer.map(formatDatedLine),
        message: `The rewrite of ${path} drops ${newer.map(formatDatedLine).map(quote).join(", ")} as ${entry.reason} by ${quote(formatDatedLine(holder))}, an older line. Only a line dated the same or later can replace it; the newest fact wins.`,
      });
      continue;
    }
    const lossy = matched.filter(
      (fact) =>
        valuesMissing(fact, holder).length > 0 &&
        !(entry.reason === "superseded" && sameSubject(fact, holder)),
    );
    if (lossy.length > 0) {
      const missing = [...new Set(lossy.flatMap((fact) => valuesMissing(fact, holder)))];
      problems.push({
        code: "dropped_fact",
        facts: lossy.map(formatDatedLine),
        message: `The rewrite of ${path} drops ${lossy.map(formatDatedLine).map(quote).join(", ")} as ${entry.reason} by ${quote(formatDatedLine(holder))}, which does not hold ${missing.map(quote).join(", ")}. A line dropped as ${entry.reason} must have its numbers, identifiers, versions, dates and names in the line that holds it; keep the line or merge its values in.`,
      });
      continue;
    }
    for (const fact of matched) {
      accepted.set(fact, {
        line: formatDatedLine(fact),
        reason: entry.reason,
        by: formatDatedLine(holder),
      });
    }
  }

  const lost = input.filter(
    (fact) => !named.has(fact) && !accepted.has(fact) && !isKept(fact, output),
  );
  if (lost.length > 0) {
    const facts = lost.map(formatDatedLine);
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
