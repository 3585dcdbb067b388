import { forgottenOn } from "../guards/tombstone-day.js";
import {
  isPlaceholder,
  loneSurrogateProblem,
  oneLineFieldProblem,
  quoteText,
} from "../text/index.js";
import { MAX_DESCRIPTION_CHARS } from "./proposal.js";

/** Longest fact text accepted, in chars, in both layouts; a memory line is one short fact (seed design). */
export const MAX_FACT_CHARS = 300;

/** What a refusal's message names: `what` is the thing refused, quoted by `quoteText`, e.g. `"deploys on Fly.io"`. */
type Named = { what: string };

/**
 * Every check a proposal of the write pass and a direct write (`remember`) passes, in the order
 * the check pipeline (`runWritePipeline`) runs them, in both layouts: the code a refusal carries,
 * what the check needs beyond the candidate when it needs more (`needs`: the session's
 * `transcript`, the `tombstones` checked, a `consolidation` of the file that can fail), the rule,
 * and the one message template of the code. Each row has one step in `write/steps/`. Docstrings,
 * docs and the README link here instead of copying the list.
 */
export const WRITE_CHECKS = [
  {
    code: "secret",
    rule: "no field (file or name, fact or body, evidence, replaces, description) holds a secret, alone, split across two fields of the candidate (in either order), or split across the facts of one pass or session",
    message: (
      detail: Named & { kinds: readonly string[]; split: boolean | "fields"; path?: string },
    ) =>
      detail.path !== undefined
        ? `Refused ${detail.what}: its file ${detail.path} holds a secret in its name (${detail.kinds.join(", ")}), redacted here. Secrets never go into memory: name the file without it.`
        : `Refused ${detail.what}: ${detail.split === "fields" ? "two of its fields together spell a secret" : detail.split ? "with another fact of this session it spells a secret" : "it holds a secret"} (${detail.kinds.join(", ")}), redacted here. Secrets never go into memory.`,
  },
  {
    code: "relative_date",
    rule: "a relative time (tomorrow, next week) is resolved against the session's date, or refused when it cannot be",
    message: (detail: Named & { problem: string }) => `Refused ${detail.what}: ${detail.problem}`,
  },
  {
    code: "evidence_not_from_user",
    needs: "transcript",
    rule: "the evidence is quoted from a user turn, not an assistant turn",
    message: (detail: Named & { turn: number }) =>
      `Refused ${detail.what}: its evidence is quoted from assistant turn ${detail.turn}, not from the user. Only what the user said becomes a memory.`,
  },
  {
    code: "evidence_not_found",
    needs: "transcript",
    rule: "the evidence is a verbatim quote of a turn",
    message: (detail: Named) =>
      `Refused ${detail.what}: its evidence is not a verbatim quote of any turn of the transcript.`,
  },
  {
    code: "evidence_too_short",
    needs: "transcript",
    rule: "the evidence has at least 2 content words and 12 chars (2 words when its script differs from the fact's)",
    message: (detail: Named & { evidence: string }) =>
      `Refused ${detail.what}: its evidence ${JSON.stringify(detail.evidence)} is too short to show the user stated it (at least 2 content words, or 12 characters in the fact's own script). Quote the sentence where the user said it.`,
  },
  {
    code: "evidence_unrelated",
    needs: "transcript",
    rule: "the evidence shares a content word with the fact",
    message: (detail: Named & { evidence: string }) =>
      `Refused ${detail.what}: its evidence ${JSON.stringify(detail.evidence)} shares no content word with the fact. Quote the user's words that state this fact.`,
  },
  {
    code: "evidence_contradicts",
    needs: "transcript",
    rule: 'the evidence says the fact with the fact\'s polarity: a quote that denies it, says it ended ("I\'m not a Python developer" for "is a Python developer") or asks to forget it or not to keep it ("Please forget that my sister lives in Lyon", in any language of `FORGET_REQUEST_VERBS`) is not its evidence',
    message: (detail: Named & { evidence: string }) =>
      `Refused ${detail.what}: its evidence ${JSON.stringify(detail.evidence)} denies the fact (it is negated, says it ended or asks to forget it, and the fact is not, or the other way round). Save what the user said, with its negation; never save what the user asked to forget.`,
  },
  {
    code: "instruction_not_fact",
    needs: "transcript",
    rule: 'the fact and its evidence are not an order to the assistant ("Note to AI assistants: always ..."); memory is data, not instruction',
    message: (detail: Named & { excerpt: string }) =>
      `Refused ${detail.what}: it reads as an instruction to the assistant (${JSON.stringify(detail.excerpt)}), not a fact about the user. Memory holds what the user says about themselves; orders found in a conversation are never saved.`,
  },
  {
    code: "not_first_person",
    needs: "transcript",
    rule: "a fact filed as the user's own (subject: profile.md / preferences.md; fact: a file of type user or feedback) is the user's, not another person's reported words (a fact that names the relative itself, \"daughter's birthday is in May\", says whose it is)",
    message: (detail: Named & { place: string; elsewhere: string; excerpt: string }) =>
      `Refused ${detail.what} for ${detail.place}: its evidence reports what someone else said about themselves (${JSON.stringify(detail.excerpt)}), so it is not a fact about the user. ${detail.elsewhere}`,
  },
  {
    code: "invalid_fact",
    rule: "the fact (and a fact file's name and type) has a letter or digit, is not a placeholder (undefined, N/A, ---) and is within the layout's length caps (subject line: 300 chars; fact body: 1,200, name: 100)",
    message: (detail: Named & { problem: string }) => `Refused ${detail.what}: ${detail.problem}.`,
  },
  {
    code: "path_not_allowed",
    rule: "the file is one the layout may write (subject: profile.md, preferences.md, topics|projects|people/<kebab>.md) and the store's path guard accepts",
    message: (detail: Named & { reason: string }) => `Refused ${detail.what}: ${detail.reason}`,
  },
  {
    code: "forgotten",
    needs: "tombstones",
    rule: "no tombstone matches the fact (the user's own request lifts them instead)",
    message: (detail: Named & { date: string; rule: string }) =>
      `Refused ${detail.what}: the user asked ${forgottenOn(detail.date)} to forget it (tombstone rule ${detail.rule}).`,
  },
  {
    code: "replaces_not_found",
    rule: "what `replaces` names exists (subject: a line; fact: a file, and in a body of several facts the one fact the save updates, decision 0068)",
    message: (detail: Named & { replaces: string; missing: string }) =>
      detail.replaces === ""
        ? `Refused ${detail.what}: ${detail.missing}.`
        : `Refused ${detail.what}: it replaces ${JSON.stringify(detail.replaces)}, and ${detail.missing}.`,
  },
  {
    code: "same_subject",
    rule: "a new file is not made for a subject another file of its folder keeps (its `name:`, the head of its description, or the path `MEMORY.md` lists it under before a person renamed it; see `findSameSubject`): a subject-layout line lands in that file (the result names it); a fact file (one fact each: an update replaces its body) or a memory-tool create is refused, naming the file",
    message: (detail: Named & { path: string; subject: string; fix: string }) =>
      `Refused ${detail.what}: ${detail.path} already keeps ${JSON.stringify(detail.subject)}, and one subject is kept in one file. ${detail.fix}`,
  },
  {
    code: "replaces_newer",
    rule: "an older session never replaces a fact stated or updated after its own date",
    message: (detail: Named & { stated: string; path: string; newer: string }) =>
      `Refused ${detail.what} (stated ${detail.stated}): it replaces what ${detail.path} holds since ${detail.newer}, after this session. An older session never overwrites a newer fact; the newer one is kept.`,
  },
  {
    code: "conflicts_with",
    rule: "a fact that differs from a stored line only in its numbers or units (subject: a line of its file; fact: a line of the file the caller names; a remember naming a new file, none; a proposal naming no file, a line of any fact file that has the words of the proposal's name its evidence says, decision 0083) updates that line (the result names it) when its session is as new or newer (within one session the later turn wins); from an older session it is refused, naming the line",
    message: (detail: Named & { stated: string; path: string; line: string }) =>
      `Refused ${detail.what} (stated ${detail.stated}): it conflicts with ${JSON.stringify(detail.line)} in ${detail.path}, which a later session stated. The newer value is kept; if the user's own words say otherwise, remember it with replaces.`,
  },
  {
    code: "updates_kept_line",
    rule: "a memory-tool edit (create, str_replace, insert) does not add a line that updates another line of the file it writes (a line it keeps, or another line the edit adds) (`updatesLine`: other numbers or units, or the other polarity): an edit at a line position never drops another line, so both would stay",
    message: (detail: Named & { path: string; line: string; fact: string }) =>
      `Refused ${detail.what}: its line ${JSON.stringify(detail.fact)} updates ${JSON.stringify(detail.line)}, another line of ${detail.path}, and both would stay. Nothing was written. To change the fact, str_replace that line: old_str ${JSON.stringify(detail.line)}, new_str the new fact.`,
  },
  {
    code: "duplicate",
    rule: "no stored fact already says this (same text, or a restatement of one line)",
    message: (detail: Named & { path: string; as?: string | undefined }) =>
      detail.as === undefined
        ? `Not added ${detail.what}: ${detail.path} already holds this fact.`
        : `Not added ${detail.what}: ${detail.path} already states it as ${JSON.stringify(detail.as)} (every content word is in that line). If the fact changes that line, name it in replaces.`,
  },
  {
    code: "unparsable_file",
    rule: "the target can be read and its header edited without loss (text, plain key: value front matter)",
    message: (detail: Named & { path: string; reason: string }) =>
      `Refused ${detail.what}: ${detail.path} cannot be edited without loss (${detail.reason.trim().replace(/\.$/, "")}). Nothing was written; fix the file by hand.`,
  },
  {
    code: "consolidation_failed",
    needs: "consolidation",
    rule: "the consolidation a file past the cap needs ran (subject layout; a fact file holds one fact and is never consolidated alone); an API error there refuses only this proposal",
    message: (detail: Named & { path: string; error: string }) =>
      `Refused ${detail.what}: ${detail.path} is full and its consolidation failed (${detail.error}). Nothing was changed in that file; run the write pass again later.`,
  },
  {
    code: "too_long",
    rule: "the write stays within the store's size cap",
    message: (detail: Named & { reason: string }) => `Refused ${detail.what}: ${detail.reason}`,
  },
  {
    code: "version_conflict",
    rule: "the file did not change under the write (version token); it is read again and the write re-applied, 3 times",
    message: (detail: Named & { path: string; rereads: number }) =>
      `Refused ${detail.what}: ${detail.path} changed while it was being written (another writer, or a hand edit). Gave up after ${detail.rereads} re-reads; nothing was written over it. Run the write again.`,
  },
] as const;

/** A code of {@link WRITE_CHECKS}. */
export type WriteCheckCode = (typeof WRITE_CHECKS)[number]["code"];

/** What a check may need beyond the candidate (the `needs` column of {@link WRITE_CHECKS}). */
export type WriteCheckInput = Extract<(typeof WRITE_CHECKS)[number], { needs: string }>["needs"];

/**
 * The codes a pipeline run without `Input` can refuse with, e.g. `remember` (no transcript, no
 * tombstones, no consolidation): `WriteCheckCodeWithout<WriteCheckInput>`.
 */
export type WriteCheckCodeWithout<Input extends WriteCheckInput> = Exclude<
  (typeof WRITE_CHECKS)[number],
  { needs: Input }
>["code"];

const NEEDS = new Map<string, string | undefined>(
  WRITE_CHECKS.map((check) => [check.code, "needs" in check ? check.needs : undefined]),
);

/**
 * Whether `code` is one a pipeline run without `inputs` can refuse with (see {@link WRITE_CHECKS}'
 * `needs`).
 *
 * @param code - A code of {@link WRITE_CHECKS}.
 * @param inputs - What the run did not have, e.g. `["transcript", "tombstones"]`.
 * @returns `true` when the code's check needs none of them.
 * @example isWriteCheckCodeWithout("forgotten", ["tombstones"]) // false
 */
export function isWriteCheckCodeWithout<Input extends WriteCheckInput>(
  code: WriteCheckCode,
  inputs: readonly Input[],
): code is WriteCheckCodeWithout<Input> {
  const needs = NEEDS.get(code);
  return needs === undefined || !inputs.some((input) => input === needs);
}

/** What the message template of `code` needs, e.g. `{ what, kinds, split }` for `secret`. */
export type WriteCheckDetail<Code extends WriteCheckCode> = Parameters<
  Extract<(typeof WRITE_CHECKS)[number], { code: Code }>["message"]
>[0];

/** A refusal of the check pipeline: the code of {@link WRITE_CHECKS} and its message. */
export type WriteRefusal<Code extends WriteCheckCode = WriteCheckCode> = {
  ok: false;
  code: Code;
  message: string;
};

const TEMPLATES = new Map<string, (detail: never) => string>(
  WRITE_CHECKS.map((check) => [check.code, check.message]),
);

/**
 * A refusal with its message made from the code's one template in {@link WRITE_CHECKS}.
 *
 * @param code - A code of {@link WRITE_CHECKS}.
 * @param detail - What the template needs; `what` names the refused thing.
 * @returns `{ ok: false, code, message }`.
 * @example refuse("evidence_not_found", { what: '"deploys on Fly.io"' }).message
 * // 'Refused "deploys on Fly.io": its evidence is not a verbatim quote of any turn of the transcript.'
 */
export function refuse<Code extends WriteCheckCode>(
  code: Code,
  detail: WriteCheckDetail<Code>,
): WriteRefusal<Code> {
  const template = TEMPLATES.get(code) as (detail: WriteCheckDetail<Code>) => string;
  return { ok: false, code, message: template(detail) };
}

// C0 and C1 control characters but tab and line breaks, and DEL: an escape sequence
// ("\u001b[2J", "\u001b]0;title\u0007") in a memory line clears or retitles the terminal of whoever
// runs `memfiles show` or `cat` on the file.
const CONTROL_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;

/**
 * The shape check of a header field a memory file's writer sets (a `description:`, a `name:`), in
 * both layouts and the memory tool: one plain line (see `oneLineFieldProblem`), not blank, at
 * most `maxChars`, no `---` (it would read as the end of the header), a letter or digit, not a
 * placeholder (`N/A`, `TODO`; see `isPlaceholder`): the index shows it as what the file holds.
 *
 * @param text - The field's value, trimmed by the caller.
 * @param maxChars - Most chars; default {@link MAX_DESCRIPTION_CHARS} (200).
 * @returns `{ ok: true }`, or `{ ok: false, problem }`, e.g. `"N/A" is a placeholder; say what the file holds`.
 * @example checkDescriptionShape("N/A") // { ok: false, problem: '"N/A" is a placeholder; say what the file holds' }
 */
export function checkDescriptionShape(
  text: string,
  maxChars: number = MAX_DESCRIPTION_CHARS,
): CheckFactShapeResult {
  const notOneLine = oneLineFieldProblem(text);
  const problem =
    text === ""
      ? "it is blank"
      : notOneLine !== undefined
        ? notOneLine
        : text.length > maxChars
          ? `it is ${text.length} chars, over ${maxChars}`
          : text.includes("---")
            ? 'it holds "---", which would end the header'
            : !/[\p{L}\p{N}]/u.test(text)
              ? `${quoteText(text)} has no letter or digit`
              : isPlaceholder(text)
                ? `${quoteText(text)} is a placeholder; say what the file holds`
                : undefined;
  return problem === undefined ? { ok: true } : { ok: false, problem };
}

/** Result of {@link checkFactShape}. */
export type CheckFactShapeResult = { ok: true } | { ok: false; problem: string };

/**
 * The shape check every layout applies to a fact's text (the `invalid_fact` row of
 * {@link WRITE_CHECKS}): not blank, at most `maxChars`, no control character (escape sequences),
 * no lone surrogate (`loneSurrogateProblem`), a letter or digit, not a placeholder.
 *
 * @param text - The fact, trimmed by the caller.
 * @param maxChars - The layout's cap in chars (subject line: 300; fact body: 1,200).
 * @returns `{ ok: true }`, or `{ ok: false, problem }` with what is wrong, e.g. `it is blank`.
 * @example checkFactShape("N/A", 300) // { ok: false, problem: '"N/A" is a placeholder, not a fact' }
 */
export function checkFactShape(text: string, maxChars: number): CheckFactShapeResult {
  const control = CONTROL_CHARACTER.exec(text)?.[0]?.charCodeAt(0);
  const halfCharacter = loneSurrogateProblem(text);
  const problem =
    text === ""
      ? "it is blank"
      : text.length > maxChars
        ? `it is ${text.length} chars, over ${maxChars}`
        : control !== undefined
          ? `it holds a control character (U+${control.toString(16).toUpperCase().padStart(4, "0")}), which a terminal showing the file would run as a command; a fact is plain text`
          : halfCharacter !== undefined
            ? halfCharacter
            : !/[\p{L}\p{N}]/u.test(text)
              ? `${JSON.stringify(text)} has no letter or digit`
              : isPlaceholder(text)
                ? `${JSON.stringify(text)} is a placeholder, not a fact`
                : undefined;
  return problem === undefined ? { ok: true } : { ok: false, problem };
}
