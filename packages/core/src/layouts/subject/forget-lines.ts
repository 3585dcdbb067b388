import {
  dateTag,
  editMemoryText,
  formatDatedLine,
  readTypedLine,
  safeParseMemoryFile,
} from "../../format/index.js";
import {
  makeTombstone,
  readTombstones,
  type Tombstone,
  writeTombstones,
} from "../../guards/tombstones.js";
import type { MemoryStore } from "../../store/index.js";
import { emptiedByForget } from "../../write/emptied-file.js";
import {
  type ForgetOptions,
  type ForgetPreview,
  type ForgetPreviewFile,
  type ForgetResult,
  forgetNotTextReason,
  matchesForgetQuery,
  type NotRemovedLine,
  type RemovedLine,
} from "../../write/forget-query.js";
import { beginForget, endForget, finishPendingForget } from "../../write/pending-forget.js";
import { MAX_CONFLICT_RETRIES, type WriteStore } from "../../write/write-pipeline.js";

/** A file a forget changes: written as `content`, or deleted when `content` is `undefined`. */
type Plan = { path: string; version: string; content: string | undefined; removed: string[] };

/**
 * Input of {@link planForget}: a file's path and text, the query, today's tag, the cap in chars,
 * and optionally the only lines (as written) that may be removed.
 */
type PlanInput = {
  path: string;
  text: string;
  query: string;
  today: string;
  maxChars: number;
  onlyLines?: ReadonlySet<string>;
};

/**
 * The subject layout's forget (`forget` checks the query first): removes every line matching
 * `query`, under the store lock, after journaling the removal and writing the tombstone.
 */
export async function forgetLines(
  options: ForgetOptions & { left?: Map<string, string | undefined> },
): Promise<ForgetResult> {
  const { store, only, query, left: seen } = options;
  const today = dateTag(options.now ?? new Date(), options.timeZone);
  return store.withLock(async () => {
    await finishPendingForget(store);
    const tombstones = await readTombstones(store);
    const plans: Plan[] = [];
    const notRemoved: NotRemovedLine[] = [];
    if (only) {
      for (const shown of only) {
        if ((await store.read(shown.path)).version !== shown.version) {
          return {
            ok: false,
            code: "version_conflict",
            removed: [],
            message: `Refused to forget: ${shown.path} changed since it was shown (version ${shown.version}). Nothing was removed; show what would be removed again.`,
          };
        }
        const plan = await planFile(store, shown.path, query, today, new Set(shown.lines), seen);
        if (plan && "reason" in plan) notRemoved.push(...plan.lines);
        else if (plan) plans.push(plan);
      }
    } else {
      for (const row of await store.list()) {
        const plan = await planFile(store, row.path, query, today, undefined, seen);
        if (plan && "reason" in plan) notRemoved.push(...plan.lines);
        else if (plan) plans.push(plan);
      }
    }
    // A forget of a confirmed preview (`only`) leaves every other file as it is, but a line the
    // query matched there that memfiles cannot remove (the preview named it) is tombstoned too.
    const left = [...notRemoved];
    if (only) {
      const shown = new Set(only.map((file) => file.path));
      for (const row of await store.list()) {
        if (shown.has(row.path)) continue;
        const plan = await planFile(store, row.path, query, today, undefined, seen);
        if (plan && "reason" in plan) left.push(...plan.lines);
      }
    }
    const also = notRemoved.length > 0 ? { notRemoved } : {};
    // A line matched but left (a file memfiles does not write back) is kept out by its own hash:
    // the query's words hide no line stated by today (decision 0095).
    let tombstone: Tombstone = makeTombstone(
      query,
      [
        ...plans.flatMap((plan) => plan.removed.map(factTextOf)),
        ...left.map((line) => factTextOf(line.line)),
      ],
      today,
    );
    const leaveTombstone = tombstone.facts.length > 0 || tombstone.query.length > 0;
    // Journal first: a forget killed after this point is finished by the next call.
    const journaled = plans.flatMap((plan) =>
      plan.removed.map((line) => ({ path: plan.path, line })),
    );
    if (journaled.length > 0)
      await beginForget(store, today, journaled, leaveTombstone ? tombstone : undefined);
    if (leaveTombstone) {
      await writeTombstones(store, [...tombstones, tombstone]).catch(async (error: unknown) => {
        // A journal without its tombstone would have the next call remove the lines with nothing
        // to keep them out: it goes too (a server's aborted section refuses this; it rolls back).
        if (journaled.length > 0) await endForget(store).catch(() => undefined);
        throw error;
      });
    }

    const removed: RemovedLine[] = [];
    const extra: string[] = [];
    let refused:
      | { code: "version_conflict" | "too_long" | "not_text"; message: string }
      | undefined;
    for (const first of plans) {
      let plan: Plan | undefined = first;
      let retries = 0;
      while (plan) {
        const written =
          plan.content === undefined
            ? await (store as WriteStore & Pick<MemoryStore, "delete">).delete(
                plan.path,
                plan.version,
              )
            : await store.write(plan.path, plan.content, plan.version);
        if (written.ok) {
          const path = plan.path;
          seen?.set(path, plan.content);
          removed.push(...plan.removed.map((line) => ({ path, line })));
          break;
        }
        if (only || written.code !== "version_conflict" || retries++ >= MAX_CONFLICT_RETRIES) {
          refused = {
            code: written.code,
            message: `${written.message} Lines of ${plan.path} were not removed.`,
          };
          break;
        }
        // A hand edit changed the file: match again on what it holds now (nothing left: done).
        const before: string[] = plan.removed;
        const next = await planFile(store, plan.path, query, today, undefined, seen);
        if (next && "reason" in next) {
          notRemoved.push(...next.lines);
          break;
        }
        plan = next;
        extra.push(
          ...(plan?.removed ?? []).filter((line) => !before.includes(line)).map(factTextOf),
        );
      }
    }
    if (extra.length > 0) {
      const more = makeTombstone(query, extra, today);
      tombstone = { ...tombstone, facts: [...tombstone.facts, ...more.facts] };
      await writeTombstones(store, [...tombstones, tombstone]);
    }
    if (journaled.length > 0) await endForget(store);
    if (refused) return { ok: false, ...refused, removed, ...also };
    if (removed.length === 0 && notRemoved.length > 0) {
      return {
        ok: false,
        code: "unparsable_file",
        removed: [],
        message: `Matching lines were found but not removed: ${notRemoved.map((line) => `${line.path} (${line.reason})`).join("; ")}`,
        notRemoved,
      };
    }
    if (removed.length === 0) return { ok: true, code: "nothing_matched", removed: [] };
    return { ok: true, code: "removed", removed, ...also };
  });
}

function factTextOf(line: string): string {
  return line.replace(/^\[stated [^\]]*\]\s*/, "");
}

/** The subject layout's `previewForget`: each file with a matching line, its version and lines. */
export async function previewForgetLines(
  options: Pick<ForgetOptions, "store" | "query">,
): Promise<ForgetPreview> {
  const { store, query } = options;
  const files: ForgetPreviewFile[] = [];
  const notRemoved: NotRemovedLine[] = [];
  for (const row of await store.list()) {
    const plan = await planFile(store, row.path, query, dateTag(new Date()));
    if (plan && "reason" in plan) notRemoved.push(...plan.lines);
    else if (plan) {
      const deletesFile = plan.content === undefined ? { deletesFile: true as const } : {};
      files.push({ path: plan.path, version: plan.version, lines: plan.removed, ...deletesFile });
    }
  }
  return { files, ...(notRemoved.length > 0 ? { notRemoved } : {}) };
}

type Blocked = { reason: string; lines: NotRemovedLine[] };

async function planFile(
  store: WriteStore,
  path: string,
  query: string,
  today: string,
  onlyLines?: ReadonlySet<string>,
  seen?: Map<string, string | undefined>,
): Promise<Plan | Blocked | undefined> {
  const read = await store.read(path);
  if (!read.exists) return undefined;
  if (read.notText === undefined) seen?.set(path, read.content);
  // Parsed without its path: a line's reason says why, its `path` says where.
  const parsed = safeParseMemoryFile(read.content);
  if (!parsed.success || read.notText !== undefined) {
    // Never "nothing matched" for a line that is there: name the file and why it was left as is.
    const reason =
      read.notText !== undefined
        ? forgetNotTextReason(read.notText)
        : parsed.success
          ? ""
          : parsed.error.message;
    const lines = read.content
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== "" && matchesForgetQuery(line, query))
      .map((line) => ({ path, line, reason }));
    return lines.length > 0 ? { reason, lines } : undefined;
  }
  const planned = planForget({
    path,
    text: read.content,
    query,
    today,
    maxChars: store.maxChars ?? Number.POSITIVE_INFINITY,
    ...(onlyLines ? { onlyLines } : {}),
  });
  if (planned === undefined) return undefined;
  // Left with nothing a person wrote: deleted, as the fact layout deletes a fact file it empties,
  // so no empty file stays listed in MEMORY.md.
  const content = emptiedByForget(planned.content, path) ? undefined : planned.content;
  return { path, version: read.version, removed: planned.removed, content };
}

/**
 * The new text of one file without the lines matching `query` (dated or typed by hand), or
 * `undefined` when none match or the file does not parse. Only those lines and `updated:` change
 * (`editMemoryText`); when `updated:` would leave a file over the cap no shorter, only the lines
 * are cut, so forgetting never waits for a consolidation.
 *
 * @returns `{ content, removed }` (removed lines as written, date tags included).
 */
export function planForget(input: PlanInput): { content: string; removed: string[] } | undefined {
  const { path, text, query, today, maxChars } = input;
  const parsed = safeParseMemoryFile(text, { path });
  if (!parsed.success) return undefined;
  const file = parsed.value;
  const removed: string[] = [];
  const remove = new Set<number>();
  file.lines.forEach((line, index) => {
    // A typed line's words without its list marker and date: `replaces` reads it the same way.
    const words = line.kind === "dated" ? line.text : (readTypedLine(line.text)?.text ?? "");
    if (words === "" || !matchesForgetQuery(words, query)) return;
    const written = line.kind === "dated" ? formatDatedLine(line) : line.text.trim();
    if (input.onlyLines && !input.onlyLines.has(written)) return;
    removed.push(written);
    remove.add(file.lineMap.bodyLine + index);
  });
  if (removed.length === 0) return undefined;
  const content = editMemoryText(text, file, { remove, updated: today });
  // Setting `updated:` may add a header line; over the cap that could make the text no shorter,
  // and the store accepts an over-cap write only when it shortens the file: then cut lines only.
  if (content.length <= maxChars || content.length < text.length) return { content, removed };
  return { content: editMemoryText(text, file, { remove }), removed };
}
