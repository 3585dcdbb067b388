// Half of a UTF-16 surrogate pair with no other half ("\udc80", as a JSON string may carry) has no
// UTF-8 form: a file would store U+FFFD in its place, not what was accepted. In a `u` regular
// expression a whole pair is one character, so only a lone half matches.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/**
 * Why a text cannot be stored as it is because it holds a lone surrogate, naming the first one;
 * `undefined` when every surrogate is half of a pair. Every write's shape checks (a fact, a
 * description, a name) call it, so no surface stores U+FFFD for a character it was given.
 *
 * @example loneSurrogateProblem("likes \udc80 matcha") // "it contains U+DC80 (half of a character, which a UTF-8 file cannot store; send the whole character)"
 */
export function loneSurrogateProblem(text: string): string | undefined {
  const found = LONE_SURROGATE.exec(text)?.[0];
  if (found === undefined) return undefined;
  const code = `U+${(found.codePointAt(0) ?? 0).toString(16).toUpperCase()}`;
  return `it contains ${code} (half of a character, which a UTF-8 file cannot store; send the whole character)`;
}
