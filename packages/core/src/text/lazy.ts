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
