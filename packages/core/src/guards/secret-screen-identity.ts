// Which secret screen cleared a text: what a stored "cleared by the screen" flag is tied to, so a
// flag the screen of another version set is never trusted. Apart from the screen, whose module it
// does not change.
import { hashText } from "../text/hash-text.js";
import { type LazyRegExp, regExpText } from "../text/lazy.js";
import { OWN_FINDER_PATTERNS } from "./secret-guard.js";
import { SECRETLINT_SCREEN, SECRETLINT_SCREENED_RULES } from "./secretlint-scan.js";

/**
 * Version of the screen's code (`secret-screen.ts`, `split-halves.ts`, `long-tokens.ts` and the
 * list marker rule it reads, `text/list-marker.ts`: the variants of a text it searches, its
 * loosening of patterns, its folding). Its patterns are read into {@link secretScreenIdentity} as they are; a change to the
 * code that could flag a text the code before cleared bumps this (a test pins those files' text
 * to this number). 3: a "• " list marker is a line's lead, so halves after one are joined. 4: the
 * password label's hyphen ("password - x", decision 0113) holds texts the screen cleared before;
 * the identity changes with its patterns anyway. 5: a token past `LONG_TOKEN_CHARS`
 * (`long-tokens.ts`) makes a text a suspect (decision 0125), one an older screen cleared.
 */
export const SECRET_SCREEN_VERSION = 5;

let identity: string | undefined;

/**
 * The identity of the secret screen in this build: 16 hex chars of a sha256 over
 * {@link SECRET_SCREEN_VERSION}, every pattern the screen is made of (source and flags: the own
 * finders' and secretlint's fixed parts) and the secretlint rules it was written for. Equal in
 * every build of the same sources (a minified bundle keeps regex sources), different after any
 * change to a pattern or a rule list. Read from the patterns' text: a pattern built on first use
 * (`lazyRegExp`) is not built for it (decision 0119).
 *
 * @returns The identity; computed once per process.
 * @example secretScreenIdentity().length // 16
 */
export function secretScreenIdentity(): string {
  identity ??= screenIdentityOf([...OWN_FINDER_PATTERNS, ...SECRETLINT_SCREEN]);
  return identity;
}

/**
 * The identity {@link secretScreenIdentity} gives, of the given patterns (for a test that changes
 * one).
 *
 * @param patterns - The screen's patterns, built or lazy, in the screen's order.
 * @returns 16 hex chars.
 */
export function screenIdentityOf(patterns: ReadonlyArray<RegExp | LazyRegExp>): string {
  return hashText(
    [String(SECRET_SCREEN_VERSION), ...patterns.map(regExpText), ...SECRETLINT_SCREENED_RULES].join(
      "\n",
    ),
  ).slice(0, 16);
}
