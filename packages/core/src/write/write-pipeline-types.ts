import type { WriteSession } from "../guards/index.js";
import type { TombstoneCache } from "../guards/tombstones.js";
import type { MemoryStore } from "../store/index.js";
import type { Transcript } from "../transcript/index.js";
import type { WriteRefusal } from "./write-checks.js";

/** What the write stage needs of a store (a `MemoryStore` fits). */
export type WriteStore = Pick<
  MemoryStore,
  "root" | "list" | "read" | "write" | "withLock" | "readInternal" | "writeInternal"
> &
  Partial<Pick<MemoryStore, "maxChars" | "readAll" | "deferIndex" | "readIndex">>;

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
      /**
       * The stored line of the same file the fact updates because only its numbers or units differ
       * ("takes 100 mg" for "takes 50 mg"), with its date: the `conflicts_with` step refuses the
       * update when the line is newer than the session.
       */
      updating?: { path: string; line: string; date: string } | undefined;
      /**
       * Another file already keeps the subject of the file this candidate would create (see
       * `findSameSubject`), and the candidate cannot land there: the `same_subject` step refuses
       * it, naming the file; `fix` says how to write it instead.
       */
      sameSubject?: { path: string; subject: string; fix: string } | undefined;
      /**
       * A line of the edited file the edit keeps that one of its new lines updates (see
       * `updatesLine`): the `updates_kept_line` step refuses the edit, naming the line.
       */
      keptUpdate?: { path: string; line: string; fact: string } | undefined;
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
  /** The memory file an applied candidate was written to (default: `file`). */
  written?(applied: Applied): string;
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
  /**
   * The user's own request (`remember`): lift the tombstones the fact matches in the locked section
   * that writes it, so the file and the tombstones commit together (decision 0005: the user's
   * newest word wins); put back when the write is refused or fails.
   */
  liftTombstones?: boolean | undefined;
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
