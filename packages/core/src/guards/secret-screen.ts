// Whether a text may hold a secret, without loading the secret check: what a surface that shows
// memory runs on every text before it asks for the check (`mask-secrets.ts`). Its imports are the
// modules the recall entry loads anyway; the check's own (zod, secretlint) stay unloaded for a
// clean text.
import { lazy } from "../text/lazy.js";
import { hasLongToken } from "./long-tokens.js";
import { foldForScan, OWN_FINDER_PATTERNS } from "./secret-guard.js";
import { SECRETLINT_SCREEN } from "./secretlint-scan.js";
import { headEnd, LINE_LEAD, tailStart } from "./split-halves.js";

// A run of source kept as it is: escapes other than `\b`/`\B`, whole character classes, groups
// that are not negative lookarounds or named, and plain characters. Matching runs, not single
// characters, keeps the loop to a few steps a pattern: a loop over each of the patterns' ~6,400
// characters cost a cold recall ~9 ms of CPU, more than the rest of the screen.
const KEPT = /(?:\\[^bB]|\[(?:\\[\s\S]|[^\]\\])*\]|[^\\[(^$]|\((?!\?!|\?<(?!=)))+/y;

// Each pattern loosened: its word boundaries, anchors and negative lookarounds dropped, named
// groups made plain. A loosened pattern matches wherever its pattern does, and in any text that
// holds such a text (no assertion looks past what it matched), so a screen of a text also screens
// each part and join of it. Patterns of one set of flags are tried as one alternation. Built on
// the first text screened: a cold recall of files the index holds as cleared screens none.
const SCREENS = lazy(() => screens([...OWN_FINDER_PATTERNS, ...SECRETLINT_SCREEN]));

/**
 * Whether the secret check (`checkSecretsOfEach` on `[text]`) may find anything in a text: false
 * means it finds nothing, so the text may be shown as it is without running it. Tries every
 * pattern of the check's finders, loosened, on the text, its lines joined as the check joins them
 * (with nothing, a space or a line break, and label words dropped between key-shaped halves),
 * and each of those as the check folds it (NFKC, format characters, white space).
 *
 * @param text - A text a surface would show (a recalled unit, a file, a description).
 * @returns `true` when the check must run; `false` when the text is clean.
 * @example mayHoldSecret("Prefers tea in the morning") // false
 */
export function mayHoldSecret(text: string): boolean {
  if (cleared.has(text)) return false;
  const variants = screened(text);
  // A long token is one opaque unit the check finds as a secret (`withOpaqueTokens`): the text is
  // a suspect without a pattern reading it, which would cost the square of the token's length.
  if (variants.some(hasLongToken)) return true;
  const held = variants.some((variant) => SCREENS().some((screen) => screen.test(variant)));
  if (!held) clear(text);
  return held;
}

/**
 * {@link mayHoldSecret} of each text. The texts' variants are screened first as one text: a
 * loosened pattern matches it whenever it matches one of them, so no match clears them all in one
 * search (a long text is also compiled to machine code at once, where short ones are interpreted
 * first); a match, possibly across two texts, sends each to {@link mayHoldSecret}.
 *
 * @returns One flag per text, in order: `true` when the check must run on it.
 */
export function mayHoldSecretOfEach(texts: readonly string[]): boolean[] {
  const pending = texts.filter((text) => !cleared.has(text));
  if (pending.length === 0) return texts.map(() => false);
  const variants = pending.flatMap(screened);
  // A text with a long token is a suspect alone (`mayHoldSecret`), and would be a long search.
  if (variants.some(hasLongToken)) return texts.map(mayHoldSecret);
  const joined = variants.join("\n");
  if (SCREENS().some((screen) => screen.test(joined))) return texts.map(mayHoldSecret);
  for (const text of pending) clear(text);
  return texts.map(() => false);
}

// The variants of a text and their folded copies: what the screen searches.
function screened(text: string): string[] {
  return variants(text).flatMap((variant) => {
    const folded = foldForScan(variant)?.text;
    return folded === undefined ? [variant] : [variant, folded];
  });
}

function clear(text: string): void {
  if (text.length > CLEARED_CHARS) return;
  cleared.add(text);
  if (cleared.size > CLEARED_TEXTS) cleared.delete(cleared.values().next().value as string);
}

// Texts cleared lately: a warm process shows the same descriptions and recalled units on every
// request, and looking one up costs a small part of screening it (~7 us a text). At most 4,000
// texts of 1,000 chars, the oldest dropped first.
const CLEARED_TEXTS = 4_000;
const CLEARED_CHARS = 1_000;
const cleared = new Set<string>();

// The texts the check scans for one text, up to containment: the text, and for a text of several
// lines its lines without their lead joined three ways (each neighbouring pair's join is inside
// one of them) and each labelled join of neighbours (`findSplitSecrets`).
function variants(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length < 2) return [text];
  const parts = lines.map((line) => line.slice(LINE_LEAD.exec(line)?.[0].length ?? 0));
  const found = [text, parts.join(""), parts.join(" "), parts.join("\n")];
  // Blank lines stand in no join (`findSplitSecrets` joins each line with the next one not blank).
  const filled = parts.filter((part) => part.trim() !== "");
  if (filled.length < parts.length) found.push(filled.join(""), filled.join(" "));
  for (let at = 0; at + 1 < filled.length; at++) {
    const head = headEnd(filled[at] as string);
    const tail = head === undefined ? undefined : tailStart(filled[at + 1] as string);
    if (head === undefined || tail === undefined) continue;
    const first = (filled[at] as string).slice(0, head.at);
    const second = (filled[at + 1] as string).slice(tail.at);
    found.push(first + second, `${first} ${second}`);
  }
  return found;
}

function screens(patterns: ReadonlyArray<Pick<RegExp, "source" | "flags">>): RegExp[] {
  const byFlags = new Map<string, string[]>();
  const alone: RegExp[] = [];
  for (const pattern of patterns) {
    const flags = [..."isu"].filter((flag) => pattern.flags.includes(flag)).join("");
    const source = loosened(pattern.source);
    // A back reference counts groups: such a pattern is tried alone, where its numbers hold.
    if (/\\[1-9]|\\k</.test(source)) alone.push(new RegExp(source, flags));
    else byFlags.set(flags, [...(byFlags.get(flags) ?? []), `(?:${source})`]);
  }
  return [
    ...[...byFlags].map(([flags, sources]) => new RegExp(sources.join("|"), flags)),
    ...alone,
  ];
}

/** A regex source without its `\b`, `\B`, `^`, `$`, `(?!…)` and `(?<!…)`, named groups plain. */
export function loosened(source: string): string {
  let out = "";
  let at = 0;
  while (at < source.length) {
    KEPT.lastIndex = at;
    if (KEPT.test(source)) {
      out += source.slice(at, KEPT.lastIndex);
      at = KEPT.lastIndex;
    } else if (source.startsWith("(?!", at) || source.startsWith("(?<!", at)) {
      at = groupEnd(source, at) + 1;
    } else if (source.startsWith("(?<", at)) {
      out += "(?:";
      at = source.indexOf(">", at) + 1;
    } else if (source[at] === "\\" || source[at] === "^" || source[at] === "$") {
      // `\b` or `\B` (every other escape is kept whole above), or an anchor.
      at += source[at] === "\\" ? 2 : 1;
    } else {
      out += source[at];
      at += 1;
    }
  }
  return out;
}

// The index of the `)` closing the group opened at `start`.
function groupEnd(source: string, start: number): number {
  let depth = 0;
  let inClass = false;
  for (let at = start; at < source.length; at++) {
    const char = source[at];
    if (char === "\\") at += 1;
    else if (inClass) inClass = char !== "]";
    else if (char === "[") inClass = true;
    else if (char === "(") depth += 1;
    else if (char === ")" && --depth === 0) return at;
  }
  return source.length;
}
