import { loneSurrogateProblem } from "./lone-surrogate.js";

// What breaks a one-line field or hides what it says: NUL and the other C0/C1 controls (NEL,
// U+0085, is a line break to many readers), the line and paragraph separators U+2028/U+2029, and
// the bidirectional controls (U+202E turns the rest of a line around, "Trojan Source",
// CVE-2021-42574). A tab is allowed; `oneLine` makes it a space.
const NOT_ONE_LINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/**
 * Why a one-line field (a description, a name) cannot be written as it is, naming the first
 * character that breaks the line or turns its direction, or a lone surrogate
 * (`loneSurrogateProblem`); `undefined` for one plain line.
 *
 * @example oneLineFieldProblem("Editor\u2028tools") // "it contains U+2028 (a line or paragraph separator)"
 */
export function oneLineFieldProblem(text: string): string | undefined {
  const found = NOT_ONE_LINE.exec(text)?.[0];
  if (found === undefined) return loneSurrogateProblem(text);
  const point = found.codePointAt(0) ?? 0;
  const code = `U+${point.toString(16).toUpperCase().padStart(4, "0")}`;
  const kind =
    point === 0
      ? "a NUL"
      : point === 0x2028 || point === 0x2029
        ? "a line or paragraph separator"
        : point >= 0x200e && point <= 0x2069
          ? "a bidirectional control, which turns the text around"
          : "a control character or line break";
  return `it contains ${code} (${kind})`;
}
