import { type MemoryFile, safeParseMemoryFile } from "../../../format/memory-file.js";
import {
  contentWordList,
  contentWords,
  factValues,
  MERGE_WORDS,
  normalizeFactText,
  stemWord,
} from "../../../text/index.js";
import type { RewriteProblem } from "../../../write/consolidation-result.js";
import { movedValues } from "./bound-values.js";

/** Options of `checkRewrite`. */
export type CheckRewriteOptions = {
  /** Memory path, for messages. */
  path: string;
  /** The file text the model was given. */
  before: string;
  /** The file text the model returned. */
  after: string;
};

/**
 * Placeholders a model writes instead of the facts. A line matching one is `elided` unless the
 * same line (folded) was already in the input.
 */
const ELISION_PATTERNS: readonly RegExp[] = [
  // A bare ellipsis token: "...", "…", "[...]", "(…)", "uses Neovim, tmux, ..."
  /(^|[\s([{,;:])(\.{3,}|…)(?=$|[\s)\]},;:])/u,
  // A bracketed note about omitted content: "[rest unchanged]", "(same as before)", "(and 4 more)".
  /[[(]\s*(?:\.{3}|…)?\s*(?:the\s+)?(?:rest|remaining|other|others|same as|as before|unchanged|omitted|elided|truncated|etc|and \d+ more|\d+ more)\b[^\])]*[\])]/iu,
  // An HTML comment or prose line standing for omitted lines.
  /<!--.*-->/u,
  /\b(?:rest of (?:the )?(?:file|facts|lines)|(?:other|remaining|previous|existing) (?:lines|facts|entries) (?:unchanged|omitted|as before|kept)|unchanged from (?:the )?(?:input|original|before))\b/iu,
  // "etc." standing for facts.
  /(^|\s)etc\.?\s*$/iu,
];

// Words a description may use to say what the file holds and when to read it.
const DESCRIPTION_WORDS = new Set(
  "read file holds hold facts fact notes note user users question questions anything related ask asks topic topics detail details information covers cover general".split(
    " ",
  ),
);

/**
 * The content words of a fact, folded and Porter-stemmed, as a set: what the consolidation checks
 * compare (function words and merge connectives left out).
 */
export function contentStems(text: string): Set<string> {
  return new Set(contentWords(text, { ignore: MERGE_WORDS }));
}

function vocabulary(texts: readonly string[]): Set<string> {
  return new Set(texts.flatMap((text) => [...contentStems(text)]));
}

function newWords(text: string, known: Set<string>, free?: ReadonlySet<string>): string[] {
  const words = contentWordList(text, { ignore: MERGE_WORDS }).filter(
    (word) => !free?.has(word) && !known.has(stemWord(word)),
  );
  return [...new Set(words)];
}

function bodyLineNumbers(file: MemoryFile, text: string): number {
  // First body line = total lines - body lines (splitLines drops one trailing empty line).
  const total = text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
  return total - file.lines.length + 1;
}

/**
 * Checks a consolidation rewrite against the file it replaces (seed design, consolidate: never
 * longer, add no fact, keep every date tag, no placeholders, still a memory file) and lists every
 * reason to refuse it, in this order:
 *
 * - `grew`: more chars than the input.
 * - `unparsable`: not a memory file, or lost the input's header or description.
 * - `elided`: a placeholder line not in the input ("...", "[rest unchanged]", "etc.", ...).
 * - `undated_line`: a body line neither a dated fact nor blank, a `#` heading or a comment.
 * - `dropped_date`: a malformed date tag, a date no input line has, or the newest input date gone.
 * - `invented_fact`: a fact line (or the description) with a content word no input line has
 *   (folded, Porter-stemmed; merge connectives such as "previously" are free). Lexical: it catches
 *   new names, places, numbers and topics, not a wrong recombination of input words.
 * - `value_changed`: an identifier, number, version or date no input line has (`factValues`:
 *   "eu-west" for "eu-west-3"), or a value moved to other words (`movedValues`).
 *
 * @param options - `{ path, before, after }`: the file text before and the model's rewrite.
 * @returns The problems found; `[]` when the rewrite may be written.
 * @example checkRewrite({ path: "topics/tools.md", before, after: before + "x" })[0]?.code // "grew"
 */
export function checkRewrite(options: CheckRewriteOptions): RewriteProblem[] {
  const { path, before, after } = options;
  const problems: RewriteProblem[] = [];
  if (after.length > before.length) {
    problems.push({
      code: "grew",
      message: `The rewrite of ${path} is ${after.length} chars, longer than the ${before.length} chars it replaces. Consolidation must shrink a file or leave it the same size.`,
    });
  }
  const parsedBefore = safeParseMemoryFile(before, { path });
  const parsedAfter = safeParseMemoryFile(after, { path });
  if (!parsedAfter.success) {
    problems.push({
      code: "unparsable",
      message: `The rewrite of ${path} does not parse: ${parsedAfter.error.message}`,
    });
    return problems;
  }
  const output = parsedAfter.value;
  const input = parsedBefore.success ? parsedBefore.value : undefined;
  // Hand-written headers are read leniently; what code writes must be strict YAML.
  const notYaml = output.problems.find((problem) => problem.code === "header_not_yaml");
  const inputNotYaml = input?.problems.some((problem) => problem.code === "header_not_yaml");
  if (notYaml !== undefined && !inputNotYaml) {
    problems.push({
      code: "unparsable",
      message: `The rewrite of ${path} does not parse: ${notYaml.message}`,
    });
    return problems;
  }
  if (input !== undefined && input.headerStyle !== "none" && output.headerStyle === "none") {
    problems.push({
      code: "unparsable",
      message: `The rewrite of ${path} lost its header (name, description, updated). Keep the header.`,
    });
  } else if (input?.header.description && !output.header.description) {
    problems.push({
      code: "unparsable",
      message: `The rewrite of ${path} has no description. Keep a description saying what the file holds.`,
    });
  }

  const inputLines = new Set(before.split(/\r?\n/).map((line) => normalizeFactText(line)));
  const firstBody = bodyLineNumbers(output, after);
  const description = output.header.description ?? "";
  const elidedLines = new Set<number>();
  if (
    ELISION_PATTERNS.some((pattern) => pattern.test(description)) &&
    !inputLines.has(normalizeFactText(description))
  ) {
    problems.push({
      code: "elided",
      message: `The description of ${path} holds a placeholder ("${description}"). Write it out.`,
    });
  }
  output.lines.forEach((entry, index) => {
    const raw = entry.text;
    if (
      ELISION_PATTERNS.some((pattern) => pattern.test(raw)) &&
      !inputLines.has(normalizeFactText(raw))
    ) {
      elidedLines.add(firstBody + index);
      problems.push({
        code: "elided",
        line: firstBody + index,
        message: `Line ${firstBody + index} of the rewrite of ${path} is a placeholder instead of facts ("${raw.trim()}"). Every kept fact must be written out in full.`,
      });
    }
  });

  for (const problem of output.problems) {
    if (problem.code === "undated_line") {
      problems.push({
        code: "undated_line",
        ...(problem.line === undefined ? {} : { line: problem.line }),
        message: `${problem.message} A consolidation keeps the date tag of every fact it keeps.`,
      });
    } else if (problem.code === "invalid_date") {
      problems.push({
        code: "dropped_date",
        ...(problem.line === undefined ? {} : { line: problem.line }),
        message: problem.message,
      });
    }
  }

  const inputFacts = input?.facts ?? [];
  const inputDates = new Set(inputFacts.map((fact) => fact.stated));
  for (const fact of output.facts) {
    if (!inputDates.has(fact.stated)) {
      problems.push({
        code: "dropped_date",
        line: fact.line,
        message: `Line ${fact.line} of the rewrite of ${path} is dated ${fact.stated}, a date no input line has: its real date tag was dropped or changed. Copy date tags from the input.`,
      });
    }
  }
  const newest = [...inputDates].sort().at(-1);
  if (newest !== undefined && !output.facts.some((fact) => fact.stated === newest)) {
    problems.push({
      code: "dropped_date",
      message: `The rewrite of ${path} has no line dated ${newest}, the newest date in the input: the newest fact must survive (contradictions resolve to the newest line).`,
    });
  }

  const factWords = vocabulary(inputFacts.map((fact) => fact.text));
  for (const fact of output.facts) {
    if (elidedLines.has(fact.line)) continue;
    const added = newWords(fact.text, factWords);
    if (added.length > 0) {
      problems.push({
        code: "invented_fact",
        line: fact.line,
        message: `Line ${fact.line} of the rewrite of ${path} uses words no input fact has (${added.map((word) => `"${word}"`).join(", ")}). Consolidation merges and drops facts; it never adds one.`,
      });
    }
  }
  const inputExact = inputFacts.flatMap((fact) => factValues(fact.text).exact);
  const inputValues = new Set(inputExact);
  for (const fact of output.facts) {
    if (elidedLines.has(fact.line)) continue;
    const changed = factValues(fact.text).exact.filter((value) => !inputValues.has(value));
    if (changed.length > 0) {
      const near = inputExact.filter((value) =>
        changed.some((written) => value.includes(written) || written.includes(value)),
      );
      problems.push({
        code: "value_changed",
        line: fact.line,
        message: `Line ${fact.line} of the rewrite of ${path} writes ${changed.map((value) => `"${value}"`).join(", ")}, a value no input line has${near.length > 0 ? ` (the input has ${[...new Set(near)].map((value) => `"${value}"`).join(", ")})` : ""}. Copy numbers, identifiers, versions and dates exactly.`,
      });
    }
  }
  // Values are bound to their line: a number and unit moved to another fact is a changed value
  // even though the file still holds it ("50 mg" of one drug written beside another).
  const inputTexts = inputFacts.map((fact) => fact.text);
  const changedLines = new Set(
    problems.flatMap((problem) => (problem.code === "value_changed" ? [problem.line] : [])),
  );
  for (const fact of output.facts) {
    if (elidedLines.has(fact.line) || changedLines.has(fact.line)) continue;
    const moved = movedValues(fact.text, inputTexts);
    if (moved.length > 0) {
      problems.push({
        code: "value_changed",
        line: fact.line,
        message: `Line ${fact.line} of the rewrite of ${path} writes ${moved.map((value) => `"${value.written}"`).join(", ")} beside other words than the input said it with (the input has it in "${moved[0]?.input}"). A number, unit or date stays on the line of the fact it belongs to.`,
      });
    }
  }
  const headerWords = vocabulary([
    ...inputFacts.map((fact) => fact.text),
    input?.header.description ?? "",
    input?.header.name ?? "",
  ]);
  const addedToDescription = newWords(description, headerWords, DESCRIPTION_WORDS);
  if (addedToDescription.length > 0) {
    problems.push({
      code: "invented_fact",
      message: `The description of ${path} uses words found nowhere in the input (${addedToDescription.map((word) => `"${word}"`).join(", ")}). Describe only what the file holds.`,
    });
  }
  return problems;
}
