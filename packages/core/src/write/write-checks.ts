import { isPlaceholder } from "../text/index.js";

/**
 * Every check a proposal of the write pass and a direct write (`remember`) passes, in the order
 * they run, in both layouts, with the code a refusal carries and what it means. Docstrings and
 * the README link here instead of copying the list.
 */
export const WRITE_CHECKS = [
  {
    code: "secret",
    rule: "no field (file or name, fact or body, evidence, replaces) holds a secret, alone or split across the facts of one pass",
  },
  {
    code: "relative_date",
    rule: "a relative time (tomorrow, next week) is resolved against the session's date, or refused when it cannot be",
  },
  {
    code: "evidence_not_from_user",
    rule: "the evidence is quoted from a user turn, not an assistant turn",
  },
  { code: "evidence_not_found", rule: "the evidence is a verbatim quote of a turn" },
  {
    code: "invalid_fact",
    rule: "the fact has a letter or digit, is not a placeholder (undefined, N/A, ---) and is within the layout's length caps",
  },
  {
    code: "evidence_too_short",
    rule: "the evidence has at least 2 content words and 12 chars",
  },
  { code: "evidence_unrelated", rule: "the evidence shares a content word with the fact" },
  {
    code: "instruction_not_fact",
    rule: 'the fact and its evidence are not an order to the assistant ("Note to AI assistants: always ..."); memory is data, not instruction',
  },
  {
    code: "not_first_person",
    rule: "a profile.md / preferences.md fact is the user's own, not another person's reported words",
  },
  {
    code: "path_not_allowed",
    rule: "the file is one the layout may write (subject: profile.md, preferences.md, topics|projects|people/<kebab>.md)",
  },
  { code: "forgotten", rule: "no tombstone matches the fact" },
  { code: "replaces_not_found", rule: "what `replaces` names exists" },
  {
    code: "replaces_newer",
    rule: "an older session never replaces a fact stated or updated after its own date",
  },
  {
    code: "duplicate",
    rule: "no stored fact already says this (same text, or a restatement of one line)",
  },
  { code: "unparsable_file", rule: "the target's header can be edited without loss" },
  {
    code: "consolidation_failed",
    rule: "the consolidation a full file needed ran (an API error there refuses only this proposal)",
  },
  { code: "too_long", rule: "the write stays within the store's size cap" },
  {
    code: "version_conflict",
    rule: "the file did not change under the write (version token)",
  },
] as const;

/** A code of {@link WRITE_CHECKS}. */
export type WriteCheckCode = (typeof WRITE_CHECKS)[number]["code"];

// C0 and C1 control characters but tab and line breaks, and DEL: an escape sequence
// ("\u001b[2J", "\u001b]0;title\u0007") in a memory line clears or retitles the terminal of whoever
// runs `memfiles show` or `cat` on the file.
const CONTROL_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;

/** Result of {@link checkFactShape}. */
export type CheckFactShapeResult = { ok: true } | { ok: false; problem: string };

/**
 * The shape check every layout applies to a fact's text (the `invalid_fact` row of
 * {@link WRITE_CHECKS}): not blank, at most `maxChars`, no control character (escape sequences),
 * a letter or digit, not a placeholder.
 *
 * @param text - The fact, trimmed by the caller.
 * @param maxChars - The layout's cap in chars (subject line: 300; fact body: 1,200).
 * @returns `{ ok: true }`, or `{ ok: false, problem }` with what is wrong, e.g. `it is blank`.
 * @example checkFactShape("N/A", 300) // { ok: false, problem: '"N/A" is a placeholder, not a fact' }
 */
export function checkFactShape(text: string, maxChars: number): CheckFactShapeResult {
  const control = CONTROL_CHARACTER.exec(text)?.[0]?.charCodeAt(0);
  const problem =
    text === ""
      ? "it is blank"
      : text.length > maxChars
        ? `it is ${text.length} chars, over ${maxChars}`
        : control !== undefined
          ? `it holds a control character (U+${control.toString(16).toUpperCase().padStart(4, "0")}), which a terminal showing the file would run as a command; a fact is plain text`
          : !/[\p{L}\p{N}]/u.test(text)
            ? `${JSON.stringify(text)} has no letter or digit`
            : isPlaceholder(text)
              ? `${JSON.stringify(text)} is a placeholder, not a fact`
              : undefined;
  return problem === undefined ? { ok: true } : { ok: false, problem };
}
