import { dateTag } from "../format/index.js";
import { checkSecrets, statedOn, WriteSession } from "../guards/index.js";
import { factSlug, foldText, resolveRelativeDates } from "../text/index.js";
import { type AddFactRejectionCode, addFact, type OnTooLong, type WriteStore } from "./add-fact.js";
import { applyFactProposals, type FactWriteStore } from "./fact-write-pass.js";
import { finishPendingForget } from "./pending-forget.js";
import { addToFactFile } from "./remember-fact-file.js";
import { liftTombstones, readTombstones, writeTombstones } from "./tombstones.js";

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
 * Saves a fact the user explicitly asked to remember, at once, during the session (the seed
 * design: "remember this" is saved immediately). The line is tagged with today's UTC date; a file
 * without a description (new, or written by hand without a header) gets a name and description
 * (see `describeNewFile`), and a CRLF or BOM file keeps its line endings and BOM. It is
 * the user's own word, so tombstones do not block it; instead the tombstones it matches are lifted,
 * so later write passes may keep that subject up to date again. Rejection codes:
 * - `secret`: the fact or `replaces` holds a key, token, private key, card number or password
 *   (the same guard as the write pass); the fact in the result is redacted;
 * - `invalid_fact`: blank, over 300 chars, without a letter or digit (such as `---`), or a
 *   placeholder (`undefined`, `null`, `N/A`, `...`);
 * - `path_not_allowed`: not `profile.md`, `preferences.md` or `topics|projects|people/<kebab>.md`,
 *   or refused by the store's path guard;
 * - `replaces_not_found`: `replaces` names no memory line;
 * - `replaces_newer`: the line `replaces` names is dated after today (a hand edit);
 * - `duplicate`: a memory line already has this fact (date tag, case, white space ignored), or
 *   one line already states every content word of it (see `restatesFact`) and `replaces` does not
 *   name that line, or the fact is the same text as the line it replaces;
 * - `unparsable_file`: the target file's header cannot be parsed;
 * - `too_long`: the write would pass the store's cap (after `onTooLong`, when given);
 * - `version_conflict`: the file kept changing over 3 re-reads.
 * There is no evidence here, so none of the write pass's evidence codes, and no `forgotten`.
 *
 * @param options - `{ store, path, fact, replaces?, now?, onTooLong? }`: `path` a memory path,
 *   `fact` one line of at most 300 chars without a date tag, `now` the clock for the tag.
 * @returns `{ ok: true, code: "applied", path, line, replaced }` or `{ ok: false, code, path, fact,
 *   message }`.
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @throws {MemoryLockError} when the store lock cannot be taken.
 * @example
 * const now = new Date("2026-09-12");
 * await remember({ store, path: "topics/hosting.md", fact: "deploys on Fly.io", now });
 * // { ok: true, code: "applied", path: "topics/hosting.md", line: "[stated 2026/09/12] deploys on Fly.io", replaced: [] }
 */
export async function remember(options: RememberOptions): Promise<RememberResult> {
  const { store, path } = options;
  const now = options.now ?? new Date();
  const replaces = options.replaces ?? null;
  const secrets = await checkSecrets({
    texts: [options.fact, replaces ?? ""],
    session: options.session ?? new WriteSession(await statedToday(store, path, dateTag(now))),
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
  const today = dateTag(now);
  // Absolute dates only (issue 13): "tomorrow" is written as the day it meant.
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
  if ("layout" in store && store.layout === "fact" && "delete" in store) {
    return rememberFact(store as FactWriteStore, path, dated.text, replaces, now);
  }
  await store.withLock(() => finishPendingForget(store));
  const outcome = await addFact({
    store,
    path,
    fact: dated.text,
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
  await store.withLock(async () => {
    const tombstones = await readTombstones(store);
    const lifted = liftTombstones(dated.text, tombstones);
    if (
      lifted.length !== tombstones.length ||
      lifted.some((tombstone, index) => tombstone !== tombstones[index])
    ) {
      await writeTombstones(store, lifted);
    }
  });
  // The write pass reports a created file's description; remember's result stays as documented.
  return {
    ok: true,
    code: "applied",
    path: outcome.path,
    line: outcome.line,
    replaced: outcome.replaced,
  };
}

// The fact layout's remember (decision 0025-fact-layout, "remember adds"): the fact is ADDED as a
// new line to the fact file at `path`, or to the file named after the path's stem (`topics/tools.md`
// -> "tools"), keeping every line a person wrote; `replaces` replaces only the one line it names.
// Without such a file, a new fact file is created.
async function rememberFact(
  store: FactWriteStore,
  path: string,
  fact: string,
  replaces: string | null,
  now: Date,
): Promise<RememberResult> {
  const name = (path.split("/").pop() ?? path).replace(/\.md$/i, "").replace(/[-_]+/g, " ").trim();
  const description = `${fact.length > 180 ? `${fact.slice(0, 180)}…` : fact} Read when this matters to the answer.`;
  const fold = (text: string) => foldText(text.trim()).normalize("NFKC");
  const rows = await store.list();
  const target =
    rows.find((row) => row.path === path) ??
    rows.find((row) => fold(row.path) === fold(path)) ??
    (name === ""
      ? undefined
      : rows.find((row) => fold(row.name) === fold(name) || factSlug(row.name) === factSlug(name)));
  if (target !== undefined) {
    const added = await addToFactFile({
      store,
      path: target.path,
      fact,
      replaces,
      now,
      header: { name: name === "" ? fact.slice(0, 60) : name, description, type: "user" },
    });
    if (added !== undefined) {
      if (added.ok) {
        return {
          ok: true,
          code: "applied",
          path: added.path,
          line: added.line,
          replaced: added.replaced,
        };
      }
      return { ok: false, code: added.code, path: target.path, fact, message: added.message };
    }
  }
  if (replaces !== null && replaces.trim() !== "") {
    return {
      ok: false,
      code: "replaces_not_found",
      path,
      fact,
      message: `Not saved: replaces names a line, and no fact file ${path} exists. Leave replaces out to create it.`,
    };
  }
  const day = dateTag(now).replace(/\//g, "-");
  const result = await applyFactProposals({
    store,
    transcript: { date: day, turns: [{ role: "user", content: fact }] },
    proposals: [
      {
        action: "save",
        name: name === "" ? fact.slice(0, 60) : name,
        type: "user",
        description,
        body: fact,
        evidence: fact,
        replaces: null,
      },
    ],
    now,
    userRequest: true,
  });
  const applied = result.applied[0];
  if (applied !== undefined) {
    return {
      ok: true,
      code: "applied",
      path: applied.path,
      line: applied.proposal.body,
      replaced: applied.previousBody === undefined ? [] : [applied.previousBody],
    };
  }
  const rejected = result.rejected[0];
  return {
    ok: false,
    code: (rejected?.code ?? "invalid_fact") as RememberRejectionCode,
    path,
    fact,
    message: rejected?.message ?? "Not saved.",
  };
}
