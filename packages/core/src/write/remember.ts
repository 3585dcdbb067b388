import { dateTag } from "../format/index.js";
import { checkSecrets, statedOn, WriteSession } from "../guards/index.js";
import { resolveRelativeDates } from "../text/index.js";
import {
  type AddFactRejectionCode,
  addFact,
  MAX_FACT_CHARS,
  normalizeFactText,
  type OnTooLong,
  type WriteStore,
} from "./add-fact.js";
import { finishPendingForget } from "./pending-forget.js";
import { liftTombstones, readTombstones, writeTombstones } from "./tombstones.js";
import { checkFactShape } from "./write-checks.js";

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

/** Codes of a refused `remember`. */
export type RememberRejectionCode =
  | "secret"
  | "relative_date"
  | "invalid_fact"
  | Exclude<AddFactRejectionCode, "forgotten" | "evidence_too_short" | "evidence_unrelated">;

/** Result of {@link remember}. */
export type RememberResult =
  | { ok: true; code: "applied"; path: string; line: string; replaced: string[] }
  | {
      ok: false;
      code: RememberRejectionCode;
      path: string;
      /** The fact as given; secrets replaced by `[redacted]` when `code` is `secret`. */
      fact: string;
      message: string;
    };

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

/**
 * The checks `remember` makes before either layout stores the fact, in the order of
 * `WRITE_CHECKS`: secret (fact and `replaces`), relative date (resolved against today), shape
 * (`invalid_fact`: blank, over 300 chars, no letter or digit, a placeholder).
 *
 * @param options - The options of `remember`.
 * @returns `{ ok: true, fact }` with absolute dates, or the refusal `remember` returns.
 */
export async function checkRemember(
  options: RememberOptions,
): Promise<{ ok: true; fact: string } | Extract<RememberResult, { ok: false }>> {
  const { store, path } = options;
  const now = options.now ?? new Date();
  const replaces = options.replaces ?? null;
  const secrets = await checkSecrets({
    texts: [options.fact, replaces ?? ""],
    session:
      options.session ??
      new WriteSession(await statedToday(store, path, dateTag(now, options.timeZone))),
  });
  if (!secrets.ok) {
    return {
      ok: false,
      code: "secret",
      path,
      fact: secrets.redacted[0] ?? "",
      message: `Not saved: the fact ${secrets.split ? "spells a secret with an earlier fact of this session" : "holds a secret"} (${secrets.kinds.join(", ")}). Secrets never go into memory.`,
    };
  }
  const today = dateTag(now, options.timeZone);
  // Absolute dates only: "tomorrow" is written as the day it meant.
  const dated = resolveRelativeDates(options.fact, today.replace(/\//g, "-"));
  if (!dated.ok) {
    return {
      ok: false,
      code: "relative_date",
      path,
      fact: options.fact,
      message: `Not saved: ${dated.message}`,
    };
  }
  // The subject layout's line rule holds in both layouts: a fact the user asks for is one short
  // fact, never a placeholder, whichever layout stores it.
  const shape = checkFactShape(normalizeFactText(dated.text), MAX_FACT_CHARS);
  if (!shape.ok) {
    return {
      ok: false,
      code: "invalid_fact",
      path,
      fact: options.fact,
      message: `Refused the fact for ${path}: ${shape.problem}. A memory line is one short fact.`,
    };
  }
  return { ok: true, fact: dated.text };
}

/**
 * The subject layout's `remember` after {@link checkRemember}: the fact is added as a dated line
 * (`addFact`, without the tombstone check), and the tombstones it matches are lifted.
 *
 * @param options - The options of `remember`.
 * @param fact - The checked fact, relative dates resolved.
 * @returns The result of `remember`.
 */
export async function rememberLine(
  options: RememberOptions,
  fact: string,
): Promise<RememberResult> {
  const { store, path } = options;
  const today = dateTag(options.now ?? new Date(), options.timeZone);
  const replaces = options.replaces ?? null;
  await store.withLock(() => finishPendingForget(store));
  const outcome = await addFact({
    store,
    path,
    fact,
    replaces,
    stated: today,
    updated: today,
    checkTombstones: false,
    onTooLong: options.onTooLong,
  });
  if (outcome.code !== "applied") {
    return {
      ok: false,
      code: outcome.code as RememberRejectionCode,
      path: outcome.path,
      fact: options.fact,
      message: outcome.message,
    };
  }
  await liftMatchingTombstones(store, fact);
  // The write pass reports a created file's description; remember's result stays as documented.
  return {
    ok: true,
    code: "applied",
    path: outcome.path,
    line: outcome.line,
    replaced: outcome.replaced,
  };
}

/**
 * Lifts the tombstones a fact the user asked for matches, so later write passes may keep that
 * subject up to date again (the user's newest word wins).
 *
 * @param store - The write store.
 * @param fact - The fact saved.
 */
export async function liftMatchingTombstones(store: WriteStore, fact: string): Promise<void> {
  await store.withLock(async () => {
    const tombstones = await readTombstones(store);
    const lifted = liftTombstones(fact, tombstones);
    if (
      lifted.length !== tombstones.length ||
      lifted.some((tombstone, index) => tombstone !== tombstones[index])
    ) {
      await writeTombstones(store, lifted);
    }
  });
}
