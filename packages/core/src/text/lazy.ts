/**
 * A value built on its first use and kept: what a module would otherwise build when it is loaded,
 * for a value only some calls need (a regex of many languages, a set of stop words). A process
 * that loads the module and never calls for the value (a cold recall of memory the secret screen
 * cleared) never builds it; every call after the first returns the same object.
 *
 * @param build - Makes the value; called at most once (again only if it threw).
 * @returns A function returning the value.
 * @example const WORDS = lazy(() => new Set(["a", "an"])); WORDS().has("a") // true, built here
 */
export function lazy<T>(build: () => T): () => T {
  let built = false;
  let value: T;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value;
  };
}

/**
 * A regex kept as its source and flags until its first use: `source` and `flags` are what the
 * built regex reports (`pattern().source`, `pattern().flags`), so `regExpText` gives its text
 * (`String(regex)`) without building it. For a regex whose construction costs at load (a
 * case-insensitive Unicode alternation of many words in other scripts: ~2 ms of CPU) that a
 * process may read only as text (the secret screen's identity, decision 0119).
 */
export type LazyRegExp = {
  (): RegExp;
  readonly source: string;
  readonly flags: string;
};

// The order in which `RegExp.prototype.flags` lists the flags (ECMA-262, get RegExp.prototype.flags).
const FLAG_ORDER = "dgimsuvy";

/**
 * A {@link LazyRegExp} of a source and flags, built on the first call.
 *
 * @param source - The pattern, as `new RegExp` takes it; it must need no escape in the regex's
 *   text (no unescaped `/`, no line break): a test compares `regExpText` with the built regex's.
 * @param flags - The flags, in any order; kept in the order `RegExp.prototype.flags` gives.
 * @returns The lazy regex; the first call throws a `SyntaxError` when the source is no pattern.
 * @example const WORD = lazyRegExp("\\bpasswort\\b", "iu"); regExpText(WORD) // "/\\bpasswort\\b/iu"
 */
export function lazyRegExp(source: string, flags: string): LazyRegExp {
  const sorted = [...FLAG_ORDER].filter((flag) => flags.includes(flag)).join("");
  return Object.assign(
    lazy(() => new RegExp(source, sorted)),
    { source, flags: sorted },
  );
}

/**
 * A regex's text, `/source/flags` as `String(regex)` gives it, of a built regex or of a
 * {@link LazyRegExp} without building it.
 *
 * @param pattern - A regex, or a lazy one.
 * @returns The text, e.g. `"/a+b/gi"`.
 * @example regExpText(/a+b/gi) // "/a+b/gi"
 */
export function regExpText(pattern: RegExp | LazyRegExp): string {
  return pattern instanceof RegExp ? String(pattern) : `/${pattern.source}/${pattern.flags}`;
}

/**
 * The regex itself: a built one as it is, a {@link LazyRegExp} built now (once).
 *
 * @param pattern - A regex, or a lazy one.
 * @returns The built regex.
 */
export function builtRegExp(pattern: RegExp | LazyRegExp): RegExp {
  return pattern instanceof RegExp ? pattern : pattern();
}
