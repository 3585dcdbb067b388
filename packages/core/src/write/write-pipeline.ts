import { errorCode } from "../file-system/index.js";
import {
  checkEvidence,
  checkEvidenceSupport,
  checkSecrets,
  findInstruction,
  findSecrets,
  findSplitSecrets,
  findThirdPersonStatement,
  WriteSession,
} from "../guards/index.js";
import { MemoryPathError, type MemoryStore } from "../store/index.js";
import { resolveRelativeDates } from "../text/index.js";
import type { Transcript } from "../transcript/index.js";
import { TombstoneCache } from "./tombstones.js";
import { refuse, type WriteCheckCode, type WriteRefusal } from "./write-checks.js";

/** What the write stage needs of a store (a `MemoryStore` fits). */
export type WriteStore = Pick<
  MemoryStore,
  "root" | "list" | "read" | "write" | "withLock" | "readInternal" | "writeInternal"
> &
  Partial<Pick<MemoryStore, "maxChars" | "readAll" | "deferIndex">>;

/**
 * Called when a write would pass the store's size cap, before the proposal is refused with
 * `too_long`: it should shrink the file (consolidate it). The proposal is then re-applied once.
 */
export type OnTooLong = (request: { store: WriteStore; path: string }) => Promise<unknown>;

/** How many times a write is re-read and re-applied after a version conflict. */
export const MAX_CONFLICT_RETRIES = 3;

/** A relative time the pipeline resolved, e.g. `{ text: "tomorrow", replacement: "on 2026/09/13" }`. */
export type ResolvedDate = { text: string; replacement: string };

/** Where a candidate lands, as the layout found it (the `replaces_not_found` and target steps). */
export type LocateResult<Target> =
  | {
      ok: true;
      target: Target;
      /** The stored fact it replaces, with the date it was stated or updated (`YYYY/MM/DD`). */
      replacing?: { path: string; date: string } | undefined;
    }
  | { ok: false; replaces: string; missing: string };

/** The layout's file edit: applied, or a refusal the pipeline words from `WRITE_CHECKS`. */
export type EditResult<Applied> =
  | { ok: true; applied: Applied }
  | { ok: false; code: "unparsable_file"; path: string; reason: string }
  | { ok: false; code: "too_long" | "path_not_allowed"; path: string; reason: string }
  /** The file changed under the write (version token): the pipeline re-reads and retries. */
  | { ok: false; code: "version_conflict"; path: string; reason: string };

/**
 * The layout-specific steps of the check pipeline, for one layout's proposals (`Item`): what the
 * fields are, the shape and path rules, where a candidate lands, duplicate detection and the file
 * edit. Everything else (secrets, dates, evidence, tombstones, the older-session rule, the cap's
 * consolidation, retries, every message) is the pipeline's, the same in both layouts.
 */
export interface WriteSteps<Item, Target, Applied> {
  /** The refused thing as messages name it, e.g. `"deploys on Fly.io"`. */
  label(item: Item): string;
  /** The fact text (subject: the line; fact: the body), after `resolveDates`. */
  fact(item: Item): string;
  /** The file the candidate names: a memory path, or a fact's name. */
  file(item: Item): string;
  evidence(item: Item): string;
  /** What the candidate says it replaces, or `null`. */
  replaces(item: Item): string | null;
  /** A removal (a fact-layout forget): no dates, support, shape, tombstone or duplicate check. */
  removes(item: Item): boolean;
  /** Every field scanned for secrets, each of which refuses the candidate. */
  secretFields(item: Item): string[];
  /** The candidate with its fields as `secretFields` gave them, redacted. */
  redact(item: Item, redacted: readonly string[]): Item;
  /** The fields that may hold relative times. */
  datedFields(item: Item): string[];
  /** The candidate with those fields as resolved (absolute dates), in the same order. */
  withDates(item: Item, texts: readonly string[]): Item;
  /** The shape rule: `undefined`, or what is wrong (`it is blank`). */
  shape(item: Item): string | undefined;
  /**
   * Where the candidate lands when that place holds the user's own facts only (subject:
   * `profile.md` / `preferences.md`; fact: a file of type `user` or `feedback`), with where a fact
   * about someone else goes instead; `undefined` for a place that may hold facts about others
   * (`people/<name>.md`, a `project` fact). There the `not_first_person` check applies; absent:
   * no place is the user's alone.
   */
  ownFacts?(item: Item): { place: string; elsewhere: string } | undefined;
  /** The path rule: `undefined`, or why the path is refused. */
  allowedPath(item: Item): string | undefined;
  /**
   * The texts checked against the tombstones, each with how its refusal names it; default the
   * fact, named by `label` (the memory tool's edit adds several lines, each checked on its own).
   */
  forgettable?(item: Item): { text: string; what: string }[];
  /** Where the candidate lands (under the store lock). */
  locate(item: Item): Promise<LocateResult<Target>> | LocateResult<Target>;
  /** A stored fact that already says this: its path, and the line when it is a restatement. */
  duplicate(item: Item, target: Target): { path: string; as?: string } | undefined;
  /** The file edit, with the version token of the read (under the store lock). */
  edit(item: Item, target: Target, dates: readonly ResolvedDate[]): Promise<EditResult<Applied>>;
  /** Reads again what a conflicting or shrunk write changed. */
  refresh(path: string, conflict: boolean): Promise<void>;
  /**
   * After a version conflict (and `refresh`): the candidate made again from the files as they are
   * now, which then passes every check from the first; default the candidate as given (a
   * proposal does not depend on the file, a memory-tool edit is its command applied to it).
   */
  reread?(given: Item): Promise<Item>;
}

/** Options of {@link runWritePipeline}. */
export type RunWritePipelineOptions<Item, Target, Applied> = {
  store: WriteStore;
  items: readonly Item[];
  steps: WriteSteps<Item, Target, Applied>;
  /**
   * The session the candidates come from (evidence is checked against it); absent for the user's
   * own request (`remember`), which has no evidence, is not blocked by tombstones and lifts them.
   */
  transcript?: Transcript | undefined;
  /** Refuse facts a tombstone matches (a proposal); the user's own request skips it. */
  checkTombstones: boolean;
  /** The tombstones as parsed for earlier writes (see `TombstoneCache`); default: a new one. */
  tombstones?: TombstoneCache | undefined;
  /** ISO date (`YYYY-MM-DD`) relative times are resolved against; `""` refuses them. */
  sessionDate: string;
  /** The candidates' date, `YYYY/MM/DD`: a stored fact dated after it is never replaced. */
  stated: string;
  /** The session's earlier writes, for a secret split across writes (a direct write). */
  session?: WriteSession | undefined;
  /** Shrinks a file a write would take past the cap; then the write is tried once more. */
  onTooLong?: OnTooLong | undefined;
  /** Why the consolidation of a file failed in this pass, when it did (`consolidation_failed`). */
  consolidationError?: ((path: string) => string | undefined) | undefined;
};

/** A candidate the pipeline refused, with the candidate as reported (secrets redacted). */
export type PipelineRefusal<Item> = WriteRefusal & { item: Item };

/** A candidate the pipeline applied: the candidate as given, and what the layout's edit did. */
export type PipelineApplied<Item, Applied> = {
  ok: true;
  /** The candidate as given. */
  item: Item;
  /** The candidate as checked and written: relative dates resolved. */
  resolved: Item;
  applied: Applied;
};

/** Result of {@link runWritePipeline}. */
export type RunWritePipelineResult<Item, Applied> = {
  applied: PipelineApplied<Item, Applied>[];
  rejected: PipelineRefusal<Item>[];
};

const NAME_ERRORS = new Set(["ENAMETOOLONG", "EINVAL", "EISDIR", "ENOTDIR", "EILSEQ"]);

/**
 * The one check pipeline every proposal of the write pass and every direct write passes, in both
 * layouts, in the order of `WRITE_CHECKS` (see that table for each code, rule and message): secret
 * (every field, split across two fields of the candidate, across the facts of the pass and the
 * session's writes) → relative date → evidence from a user turn →
 * evidence supports the fact → not an instruction, first person → shape → allowed path → (under
 * the store lock) forgotten → target found → an older session never replaces a newer fact →
 * duplicate / restatement → cap (with one consolidation) → version-tokened write (3 re-reads, each
 * checked again from the first step).
 * What differs by layout is asked of `steps` (the layout's); the pipeline never branches on it.
 *
 * @param options - `{ store, items, steps, transcript?, sessionDate, stated, session?, onTooLong?,
 *   consolidationError? }`: `sessionDate` ISO, `stated` `YYYY/MM/DD`.
 * @returns `{ applied, rejected }`: each applied `{ ok: true, item, resolved, applied }` (`resolved`
 *   with absolute dates, `applied` what the layout's edit returned), each refusal `{ ok: false, code, message, item }` (`item` redacted).
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` is malformed.
 * @throws {MemoryLockError} when the store lock cannot be taken.
 * @example const { applied, rejected } = await runWritePipeline({ store, items, steps, transcript, sessionDate: "2026-09-12", stated: "2026/09/12" });
 */
export async function runWritePipeline<Item, Target, Applied>(
  options: RunWritePipelineOptions<Item, Target, Applied>,
): Promise<RunWritePipelineResult<Item, Applied>> {
  const { steps } = options;
  const applied: PipelineApplied<Item, Applied>[] = [];
  const rejected: PipelineRefusal<Item>[] = [];
  const split = await findSplitSecrets(options.items.map((item) => steps.fact(item)));
  const tombstones = options.tombstones ?? new TombstoneCache();
  for (const [index, given] of options.items.entries()) {
    const outcome = await decideWithRetries(options, given, split.get(index), tombstones);
    if (outcome.ok) {
      applied.push({ ok: true, item: given, resolved: outcome.resolved, applied: outcome.applied });
    } else rejected.push(outcome);
  }
  return { applied, rejected };
}

type Decision<Item, Applied> =
  | { ok: true; resolved: Item; applied: Applied }
  | PipelineRefusal<Item>;

// A write that found its file changed since the read: read again and decided from the first check.
type Conflict = { ok: false; conflict: string; what: string };

// The one retry of a version conflict, for every layout and surface: the files are read again, the
// candidate made again from them (`reread`), and every check runs again on what will be written.
async function decideWithRetries<Item, Target, Applied>(
  options: RunWritePipelineOptions<Item, Target, Applied>,
  given: Item,
  split: { kinds: string[]; redacted: string } | undefined,
  tombstones: TombstoneCache,
): Promise<Decision<Item, Applied>> {
  const { steps } = options;
  let candidate = given;
  for (let conflicts = 0; ; conflicts += 1) {
    const outcome = await decide(options, candidate, split, tombstones);
    if (!("conflict" in outcome)) return outcome;
    await steps.refresh(outcome.conflict, true);
    if (conflicts >= MAX_CONFLICT_RETRIES) {
      const refusal = refuse("version_conflict", {
        what: outcome.what,
        path: outcome.conflict,
        rereads: MAX_CONFLICT_RETRIES,
      });
      return { ...refusal, item: candidate };
    }
    candidate = (await steps.reread?.(given)) ?? given;
  }
}

async function decide<Item, Target, Applied>(
  options: RunWritePipelineOptions<Item, Target, Applied>,
  given: Item,
  split: { kinds: string[]; redacted: string } | undefined,
  tombstones: TombstoneCache,
): Promise<Decision<Item, Applied> | Conflict> {
  const { steps, transcript } = options;
  const no = <Code extends WriteCheckCode>(refusal: WriteRefusal<Code>, item = given) => ({
    ...refusal,
    item,
  });

  // secret: every field alone, then split across the facts of the pass or the session's writes.
  // Each text is scanned alone once: the fact and the line it replaces by the session's check
  // (which scans them alone first), every other distinct field here.
  const fields = steps.secretFields(given);
  const givenFact = steps.fact(given);
  const givenReplaces = steps.replaces(given) ?? "";
  const sessionTexts = [givenFact, givenReplaces];
  // Against a copy of the session: the write's texts join it once every secret check passed.
  const secrets =
    options.session === undefined
      ? undefined
      : await checkSecrets({
          texts: sessionTexts,
          session: new WriteSession(options.session.texts),
        });
  const inSession = (field: string) => secrets !== undefined && sessionTexts.includes(field);
  const distinct = [...new Set(fields)].filter((field) => !inSession(field));
  const scanned = new Map(
    await Promise.all(distinct.map(async (field) => [field, await findSecrets(field)] as const)),
  );
  // A session text alone: what the session's check found in it (`split: false`), else clean.
  const alone = secrets !== undefined && !secrets.ok && !secrets.split ? secrets : undefined;
  const scans = fields.map((field) => {
    const scan = scanned.get(field);
    if (scan !== undefined) return { kinds: scan.findings.map((found) => found.kind), ...scan };
    const redactedText = alone?.redacted[sessionTexts.indexOf(field)];
    return redactedText === undefined || redactedText === field
      ? { kinds: [], findings: [], redacted: field }
      : { kinds: alone?.kinds ?? [], findings: [], redacted: redactedText };
  });
  const kinds = [...new Set(scans.flatMap((scan) => scan.kinds))];
  const redacted = steps.redact(
    given,
    scans.map((scan) => scan.redacted),
  );
  if (kinds.length > 0) {
    return no(refuse("secret", { what: steps.label(redacted), kinds, split: false }), redacted);
  }
  // Split across two fields of the candidate (a key's halves in the name and the body, the fact
  // and replaces), on every write path and layout.
  const across = await findSplitSecrets(fields, {
    join: "every",
    alone: scans.map((scan) => scan.findings),
  });
  if (across.size > 0) {
    const item = steps.redact(
      given,
      fields.map((field, index) => across.get(index)?.redacted ?? field),
    );
    const acrossKinds = [...new Set([...across.values()].flatMap((found) => found.kinds))];
    return no(
      refuse("secret", { what: steps.label(item), kinds: acrossKinds, split: "fields" }),
      item,
    );
  }
  if (split !== undefined) {
    const item = steps.redact(
      given,
      fields.map((field) => (field.trim() === givenFact.trim() ? split.redacted : field)),
    );
    return no(refuse("secret", { what: steps.label(item), kinds: split.kinds, split: true }), item);
  }
  if (secrets !== undefined && !secrets.ok) {
    // The fact and the line it replaces, after the session's last writes: a key said in halves.
    const [factRedacted, replacesRedacted] = secrets.redacted;
    const item = steps.redact(
      given,
      fields.map((field) =>
        field === givenFact && factRedacted !== undefined
          ? factRedacted
          : field === givenReplaces && givenReplaces !== "" && replacesRedacted !== undefined
            ? replacesRedacted
            : field,
      ),
    );
    return no(
      refuse("secret", { what: steps.label(item), kinds: secrets.kinds, split: secrets.split }),
      item,
    );
  }
  for (const text of sessionTexts) options.session?.record(text);

  // relative date: resolved against the session's own date only.
  const removes = steps.removes(given);
  let item = given;
  const dates: ResolvedDate[] = [];
  if (!removes) {
    const texts: string[] = [];
    for (const text of steps.datedFields(given)) {
      const dated = resolveRelativeDates(text, options.sessionDate);
      if (!dated.ok) {
        return no(refuse("relative_date", { what: steps.label(given), problem: dated.message }));
      }
      texts.push(dated.text);
      dates.push(...dated.resolved);
    }
    item = steps.withDates(given, texts);
  }
  const what = steps.label(item);
  const fact = steps.fact(item);
  const evidence = steps.evidence(item);

  if (transcript !== undefined) {
    // evidence from a user turn, then evidence that backs the fact.
    const quoted = checkEvidence(evidence, transcript);
    if (!quoted.ok) {
      return no(
        quoted.code === "evidence_not_from_user"
          ? refuse("evidence_not_from_user", { what, turn: quoted.turn + 1 })
          : refuse("evidence_not_found", { what }),
      );
    }
    if (!removes) {
      const support = checkEvidenceSupport(evidence, fact);
      if (!support.ok) return no(refuse(support.code, { what, evidence }));
    }
    const instruction = findInstruction(fact, evidence);
    if (instruction !== undefined) {
      return no(refuse("instruction_not_fact", { what, excerpt: instruction.excerpt }));
    }
    const own = steps.ownFacts?.(item);
    const reported = own === undefined ? undefined : findThirdPersonStatement(fact, evidence);
    if (own !== undefined && reported !== undefined) {
      return no(refuse("not_first_person", { what, ...own, excerpt: reported.excerpt }));
    }
  }

  if (!removes) {
    const problem = steps.shape(item);
    if (problem !== undefined) return no(refuse("invalid_fact", { what, problem }));
  }
  const badPath = steps.allowedPath(item);
  if (badPath !== undefined) return no(refuse("path_not_allowed", { what, reason: badPath }));

  let shrunk = false;
  for (;;) {
    let outcome: Decision<Item, Applied> | EditResult<Applied>;
    try {
      outcome = await options.store.withLock(() =>
        decideLocked(options, item, what, fact, removes, dates, tombstones, no),
      );
    } catch (error) {
      // A name the file system cannot hold is refused like any other path, so a pass never stops
      // half-applied on it.
      const code = errorCode(error);
      if (code !== undefined && NAME_ERRORS.has(code)) {
        return no(
          refuse("path_not_allowed", {
            what,
            reason: `the file system cannot hold its path (${code}). Use a shorter name.`,
          }),
        );
      }
      if (!(error instanceof MemoryPathError)) throw error;
      return no(refuse("path_not_allowed", { what, reason: error.message }));
    }
    if (outcome.ok) return { ok: true, resolved: item, applied: outcome.applied };
    if ("item" in outcome) return outcome;
    if (outcome.code === "version_conflict") return { ok: false, conflict: outcome.path, what };
    if (outcome.code === "too_long" && options.onTooLong !== undefined && !shrunk) {
      shrunk = true;
      await options.onTooLong({ store: options.store, path: outcome.path });
      await steps.refresh(outcome.path, false);
      continue;
    }
    if (outcome.code === "too_long") {
      const failed = options.consolidationError?.(outcome.path);
      if (failed !== undefined) {
        return no(refuse("consolidation_failed", { what, path: outcome.path, error: failed }));
      }
      return no(refuse("too_long", { what, reason: outcome.reason }));
    }
    if (outcome.code === "unparsable_file") {
      return no(refuse("unparsable_file", { what, path: outcome.path, reason: outcome.reason }));
    }
    return no(refuse("path_not_allowed", { what, reason: outcome.reason }));
  }
}

// The steps that read the files, under the store lock: forgotten, target, newer, duplicate, edit.
async function decideLocked<Item, Target, Applied>(
  options: RunWritePipelineOptions<Item, Target, Applied>,
  item: Item,
  what: string,
  fact: string,
  removes: boolean,
  dates: readonly ResolvedDate[],
  tombstones: TombstoneCache,
  no: (refusal: WriteRefusal) => PipelineRefusal<Item>,
): Promise<PipelineRefusal<Item> | EditResult<Applied>> {
  const { steps, store } = options;
  if (!removes && options.checkTombstones) {
    for (const checked of steps.forgettable?.(item) ?? [{ text: fact, what }]) {
      const match = await tombstones.find(store, checked.text);
      if (match) {
        return no(refuse("forgotten", { what: checked.what, date: match.date, rule: match.rule }));
      }
    }
  }
  const located = await steps.locate(item);
  if (!located.ok) {
    return no(
      refuse("replaces_not_found", { what, replaces: located.replaces, missing: located.missing }),
    );
  }
  const replacing = located.replacing;
  if (!removes && replacing !== undefined && replacing.date > options.stated) {
    return no(
      refuse("replaces_newer", {
        what,
        stated: options.stated,
        path: replacing.path,
        newer: replacing.date,
      }),
    );
  }
  if (!removes) {
    const held = steps.duplicate(item, located.target);
    if (held !== undefined) return no(refuse("duplicate", { what, ...held }));
  }
  return steps.edit(item, located.target, dates);
}
