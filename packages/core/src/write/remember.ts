import { dateTag } from "../format/index.js";
import { maskPath, statedOn, WriteSession } from "../guards/index.js";
import { finishPendingForgetLocked } from "./pending-forget.js";
import { UnexpectedRefusalError } from "./unexpected-refusal-error.js";
import {
  isWriteCheckCodeWithout,
  type WriteCheckCodeWithout,
  type WriteCheckInput,
} from "./write-checks.js";
import {
  type OnTooLong,
  type PipelineRefusal,
  runWritePipeline,
  type WriteSteps,
  type WriteStore,
} from "./write-pipeline.js";

/** Options of {@link remember}. */
export type RememberOptions = {
  store: WriteStore;
  /** Memory path, e.g. `topics/tools.md`. */
  path: string;
  /** The fact, one short line without a date tag, e.g. `deploys on Fly.io`. */
  fact: string;
  /** Text of the line this fact updates (date tag ignored), or `null`/absent. */
  replaces?: string | null;
  /** Clock for the date tag and `updated:`; default `new Date()`. */
  now?: Date;
  /**
   * The user's IANA time zone (`Asia/Shanghai`): the date tag is the user's day, and "tomorrow"
   * counts from it; default `UTC`.
   */
  timeZone?: string;
  /** Shrinks a file before a write that would pass the cap; without it that write is `too_long`. */
  onTooLong?: OnTooLong;
  /** The session this write belongs to: a secret spelled across its writes is refused too. */
  session?: WriteSession;
};

/** Codes of a refused `remember`: the user's own request has no transcript, tombstones or consolidation. */
export type RememberRejectionCode = WriteCheckCodeWithout<WriteCheckInput>;

/** Result of {@link remember}. */
export type RememberResult =
  | { ok: true; code: "applied"; path: string; line: string; replaced: string[] }
  | {
      ok: false;
      code: RememberRejectionCode;
      /** The path as given; a secret in a name shown as `[redacted]` when `code` is `secret`. */
      path: string;
      /** The fact as given; secrets replaced by `[redacted]` when `code` is `secret`. */
      fact: string;
      message: string;
    };

// What a `remember` runs without: every code it can refuse with is a check that needs none of them.
const REMEMBER_LACKS: readonly WriteCheckInput[] = ["transcript", "tombstones", "consolidation"];

// A line pasted from a memory file, bullet or not: `[stated 2020/01/01] deploys on Fly.io`.
const DATE_TAG_FIRST = /^\s*(?:[-*]\s+)?\[stated\b/i;

// Without a session (one `memfiles remember` per process), the file's lines stated today stand
// for what the day's sessions wrote: a secret said in two remembers is refused all the same.
async function statedToday(store: WriteStore, path: string, today: string): Promise<string[]> {
  try {
    const file = await store.read(path);
    return file.exists ? statedOn(file.content, today) : [];
  } catch {
    // A path the store refuses is reported by the write itself.
    return [];
  }
}

/** What a layout's edit reports of a `remember` it applied. */
export type RememberApplied = { path: string; line: string; replaced: string[] };

/**
 * Runs a `remember` through the check pipeline (`runWritePipeline`) with a layout's steps, as the
 * user's own request: every `WRITE_CHECKS` row that needs no transcript, tombstones or
 * consolidation (the tombstones the fact matches are lifted instead).
 *
 * @param options - The options of `remember`.
 * @param item - The fact in the layout's candidate shape.
 * @param steps - The layout's steps for a `remember`.
 * @returns The result of `remember`.
 */
export async function rememberThrough<Item, Target>(
  options: RememberOptions,
  item: Item,
  steps: WriteSteps<Item, Target, RememberApplied>,
): Promise<RememberResult> {
  const { store, path } = options;
  const today = dateTag(options.now ?? new Date(), options.timeZone);
  await finishPendingForgetLocked(store);
  // `[stated …]` is the day the user stated the fact and remember dates it today: a pasted tag
  // would be replaced in silence, so the fact is refused with the way to keep either date. Checked
  // as the shape rule, after the secret check, so a secret in the fact is still redacted.
  const tagged = DATE_TAG_FIRST.test(options.fact)
    ? `it starts with a [stated …] date tag, and remember dates a fact the day it is saved (${today}), so that date would be lost; give the fact without the tag to save it as stated today, or move the line in its file by hand to keep its date`
    : undefined;
  const result = await runWritePipeline({
    store,
    items: [item],
    steps: tagged === undefined ? steps : { ...steps, shape: () => tagged },
    checkTombstones: false,
    liftTombstones: true,
    session: options.session ?? new WriteSession(await statedToday(store, path, today)),
    // Absolute dates only: "tomorrow" is written as the day it meant.
    sessionDate: today.replace(/\//g, "-"),
    stated: today,
    onTooLong: options.onTooLong,
  });
  const applied = result.applied[0];
  if (applied === undefined) {
    const rejected = result.rejected[0] as PipelineRefusal<Item>;
    const { code } = rejected;
    if (!isWriteCheckCodeWithout(code, REMEMBER_LACKS)) {
      throw new UnexpectedRefusalError("remember", code);
    }
    return {
      ok: false,
      code,
      // A refused secret's result is printed (MCP, `memfiles remember`): its path masked too.
      path: rejected.code === "secret" ? (await maskPath(path)).path : path,
      fact: rejected.code === "secret" ? steps.fact(rejected.item) : options.fact,
      message: rejected.message,
    };
  }
  const { path: written, line, replaced } = applied.applied;
  return { ok: true, code: "applied", path: written, line, replaced };
}
