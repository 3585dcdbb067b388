import {
  dateTag,
  editFactText,
  type FactFile,
  isLineNamed,
  replacesKeys,
  safeParseFactFile,
} from "../../format/index.js";
import {
  findSameSubject,
  type MemoryRow,
  type ReadResult,
  safeParseMemoryPath,
} from "../../store/index.js";
import {
  bodyFacts,
  factKey,
  factSlug,
  foldText,
  headOfText,
  normalizeFactText,
  quoteText,
  updatesLine,
} from "../../text/index.js";
import { candidateFiles, indexListsPath, type SubjectWanted } from "../../write/candidate-files.js";
import type { RememberApplied } from "../../write/remember.js";
import { checkFactShape, MAX_FACT_CHARS } from "../../write/write-checks.js";
import type { EditResult, LocateResult, WriteSteps } from "../../write/write-pipeline.js";
import { factUpdatedBy } from "./body-facts.js";
import { descriptionAfterUpdate, factDescription } from "./fact-description.js";
import {
  bodyHolds,
  type FactTarget,
  type FactWriteStore,
  factSubject,
  factWriteSteps,
  readFactFiles,
  readFactFolder,
} from "./fact-write-pass.js";
import type { FactProposal } from "./propose-facts-tool.js";

/** A fact the user asked to remember in the fact layout: the path named, the fact, `replaces`. */
export type FactRememberItem = { path: string; fact: string; replaces: string | null };

/** Where a remembered fact lands: a line of an existing fact file, or a new fact file. */
type FactRememberTarget =
  | {
      kind: "line";
      path: string;
      version: string;
      content: string;
      /** The parsed file, `undefined` when it cannot be read as one (the edit refuses it). */
      fact: FactFile | undefined;
      /** Why the file is not text, and how to save it as text (the store's `notText`). */
      notText?: string | undefined;
      /** The body line `replaces` names, by index, when it names one. */
      at?: number | undefined;
    }
  | { kind: "file"; proposal: FactProposal; target: FactTarget; steps: FactSteps };

type FactSteps = ReturnType<typeof factWriteSteps>;

/**
 * The fact layout's check-pipeline steps for `remember` (decision 0025-fact-layout, "remember
 * adds"): the fact is added as a line to the fact file at `path`, or to the file named after the
 * path's stem, every line a person wrote kept byte for byte (only `updated:` set, missing header
 * fields added); `replaces` replaces the one body line it names (`factKey`). Without such a file a
 * new fact file is created with the write pass's steps. Shape: the line rule of both layouts'
 * `remember` (one fact of at most 300 chars).
 */
export function factRememberSteps(context: {
  store: FactWriteStore;
  now: Date;
  timeZone?: string | undefined;
}): WriteSteps<FactRememberItem, FactRememberTarget, RememberApplied> {
  const { store } = context;
  const today = dateTag(context.now, context.timeZone);
  return {
    label: (item) => quoteText(item.fact),
    fact: (item) => item.fact,
    file: (item) => item.path,
    evidence: () => "",
    replaces: (item) => item.replaces,
    removes: () => false,
    secretFields: (item) => [item.path, item.fact, item.replaces ?? ""],
    redact: (item, [path, fact, replaces]) => ({
      path: path ?? item.path,
      fact: fact ?? item.fact,
      replaces: item.replaces === null ? null : (replaces ?? item.replaces),
    }),
    datedFields: (item) => [item.fact],
    withDates: (item, [fact]) => ({ ...item, fact: fact ?? item.fact }),
    shape: (item) => {
      const shape = checkFactShape(normalizeFactText(item.fact), MAX_FACT_CHARS);
      return shape.ok ? undefined : `${shape.problem}; a memory line is one short fact`;
    },
    // Any path inside the folder names a fact file (its stem is the fact's name); `../evil` is
    // refused by the store's own path guard, not saved as `evil.md`.
    allowedPath: (item) => {
      const guarded = safeParseMemoryPath(/\.md$/i.test(item.path) ? item.path : `${item.path}.md`);
      return guarded.success
        ? undefined
        : `${JSON.stringify(item.path)} is not a file inside the memory folder (${guarded.error.reason}). A fact file is a name inside the memory folder, such as "deploy-host.md".`;
    },
    async locate(item) {
      const { name, description } = headerOf(item);
      const fold = (text: string) => foldText(text.trim()).normalize("NFKC");
      // The file named exactly is the row a listing finds first: when the recall index says the
      // listing holds it, it is read alone, not every file's header (decision 0099). A path that
      // names no file is not asked of the index (a new file lists every header anyway); one the
      // store refuses is left to the listing, as before.
      const named = /\.md$/.test(item.path)
        ? await store.read(item.path).catch(() => undefined)
        : undefined;
      if (named?.exists === true && (await indexListsPath(store, item.path))) {
        return locateLine(item, item.path, named);
      }
      // Any other path is looked up in every row, and a new file's checks read the files the
      // recall index names (`candidateFiles`, decision 0103): every row, from the index; the
      // files a unit of which shares a word with the fact (the duplicate and number-update rules
      // compare only such lines); and the files whose row the same-subject rule can choose (the
      // file it chooses bounds a number update, decision 0083). Every file is read when the index
      // cannot say, when a named file exists that the index does not hold (over 16 times the cap,
      // another project's), and for a name taken from the fact (a path with no stem), which the
      // name rule looks up among the files.
      const wanted = {
        path: /\.md$/i.test(item.path) ? item.path : `${item.path}.md`,
        names: [name],
      };
      const narrowed =
        named?.exists === true || name === ""
          ? undefined
          : await candidateFiles(store, {
              texts: [item.fact],
              subjects: async () => {
                const index = await store.readIndex?.();
                const indexText = index?.exists ? index.content : "";
                return { wanted: [factSubject(name)], indexText };
              },
            });
      const rows = narrowed?.rows() ?? (await store.list());
      const path = fold(item.path);
      const folded = fold(name);
      const slug = factSlug(name);
      const row =
        rows.find((candidate) => candidate.path === item.path) ??
        rows.find((candidate) => fold(candidate.path) === path) ??
        (name === ""
          ? undefined
          : rows.find(
              (candidate) => fold(candidate.name) === folded || factSlug(candidate.name) === slug,
            )) ??
        (await sameSubjectRow(store, rows, wanted));
      const read = row === undefined ? undefined : await store.read(row.path);
      if (row !== undefined && read?.exists) return locateLine(item, row.path, read);
      if (item.replaces !== null && item.replaces.trim() !== "") {
        return {
          ok: false,
          replaces: item.replaces,
          missing: `no fact file ${item.path} exists; leave replaces out to create it`,
        };
      }
      const folder =
        narrowed === undefined
          ? await readFactFolder(store)
          : await readFactFiles(store, rows, narrowed.paths);
      const steps = factWriteSteps({ store, folder, today, namedFile: true });
      const proposal: FactProposal = {
        action: "save",
        name: name === "" ? headOfText(item.fact, 60) : name,
        type: "user",
        description,
        body: item.fact,
        evidence: item.fact,
        replaces: null,
      };
      // The new-file step's whole answer, as the write pass and the memory tool's `create` take
      // it: the file that keeps the subject of the file it would make (`same_subject`), the line
      // it updates by value (`replaces_newer`).
      const located = await steps.locate(proposal);
      if (!located.ok) return located;
      const { sameSubject } = located;
      return {
        ...located,
        target: { kind: "file", proposal, target: located.target, steps },
        ...(sameSubject === undefined
          ? {}
          : {
              sameSubject: {
                ...sameSubject,
                fix: `Remember it with the path ${sameSubject.path} to add it there.`,
              },
            }),
      };
    },
    duplicate(item, target) {
      if (target.kind === "file") return target.steps.duplicate(target.proposal, target.target);
      if (target.fact === undefined) return undefined;
      return bodyHolds(bodyLines(target).join(""), item.fact) ? { path: target.path } : undefined;
    },
    async edit(item, target) {
      if (target.kind === "file") {
        const edited = await target.steps.edit(target.proposal, target.target, []);
        if (!edited.ok) return edited;
        const { path, line, replaced } = edited.applied;
        return { ok: true, applied: { path, line, replaced } };
      }
      return addLine(store, item, target, today, headerOf(item));
    },
    refresh: async () => {},
  };
}

// Where a remembered fact lands in an existing fact file `read`: a line it adds, the line it
// updates by value, or the line `replaces` names (refused when no line has that text).
function locateLine(
  item: FactRememberItem,
  path: string,
  read: ReadResult & { exists: true },
): LocateResult<FactRememberTarget> {
  const parsed = safeParseFactFile(read.content, path);
  const target: FactRememberTarget = {
    kind: "line",
    path: path,
    version: read.version,
    content: read.content,
    fact: parsed.success && read.notText === undefined ? parsed.value : undefined,
    notText: read.notText,
  };
  const updated = target.fact?.updated;
  const replacing = updated === undefined ? undefined : { path: path, date: updated };
  if (item.replaces === null || item.replaces.trim() === "") {
    // A line the fact updates ("takes 100 mg" after "takes 50 mg", "has been to Japan"
    // after "hasn't been to Japan", "my dog is named Bruno" after "my dog is named Rex") is
    // replaced: both kept, recall would show both answers.
    const at = updatedLine(bodyLines(target), item.fact);
    return at < 0 ? { ok: true, target } : { ok: true, target: { ...target, at }, replacing };
  }
  // The line as named, else without a date typed in front, as `forget` reads a line.
  const lines = bodyLines(target);
  const at =
    replacesKeys(item.replaces)
      .map((key) => lines.findIndex((line) => isLineNamed(line.trim(), key)))
      .find((index) => index >= 0) ?? -1;
  if (at < 0) {
    return {
      ok: false,
      replaces: item.replaces,
      missing: `no line of ${path} has that text; name a line of the file as written, or leave replaces out to add the fact`,
    };
  }
  return { ok: true, target: { ...target, at }, replacing };
}

// The body line (by index into `lines`) a remembered fact updates, by the fact layout's one rule
// for an updated fact: the same words with other numbers or the other polarity (`updatesLine`),
// else the one fact of one line holding half, and two or more, of a stored fact's words besides its values
// (`factUpdatedBy`, decision 0068; tied facts or none: the fact is added). -1 when none.
function updatedLine(lines: readonly string[], fact: string): number {
  const byValue = lines.findIndex((line) => updatesLine(fact, line.trim()));
  if (byValue >= 0) return byValue;
  const key = factKey(fact);
  const stored = bodyFacts(lines.join("")).filter((stored) => factKey(stored.text) !== key);
  const updated = factUpdatedBy(stored, fact, { least: 2 });
  const [at, ...more] = updated?.kind === "replace" ? updated.fact.lines : [];
  return at === undefined || more.length > 0 ? -1 : at;
}

// The file that keeps the subject of the new file `path` (see `findSameSubject`): the fact is
// added there, as it is to a file of the same name.
async function sameSubjectRow(
  store: FactWriteStore,
  rows: readonly MemoryRow[],
  wanted: SubjectWanted,
): Promise<MemoryRow | undefined> {
  const index = await store.readIndex?.();
  const same = findSameSubject(rows, wanted, index?.exists ? index.content : "");
  return same === undefined ? undefined : rows.find((row) => row.path === same.path);
}

// The header a fact file without one gets: a name from the path's stem, a description from the fact.
function headerOf(item: FactRememberItem): { name: string; description: string } {
  const name = (item.path.split("/").pop() ?? item.path)
    .replace(/\.md$/i, "")
    .replace(/[-_]+/g, " ")
    .trim();
  return { name, description: factDescription(item.fact) };
}

// The body's lines, each with its line break.
function bodyLines(target: Extract<FactRememberTarget, { kind: "line" }>): string[] {
  if (target.fact === undefined) return [];
  const body = target.content.slice(bodyOffset(target.content, target.fact));
  return body.split(/(?<=\r\n|\n|\r(?!\n))/);
}

async function addLine(
  store: FactWriteStore,
  item: FactRememberItem,
  target: Extract<FactRememberTarget, { kind: "line" }>,
  today: string,
  header: { name: string; description: string },
): Promise<EditResult<RememberApplied>> {
  const { path, content, fact } = target;
  if (fact === undefined) {
    return {
      ok: false,
      code: "unparsable_file",
      path,
      reason: target.notText ?? "it cannot be read as a memory file",
    };
  }
  const set: Record<string, string> = { updated: today };
  if (fact.name === "") set.name = header.name === "" ? headOfText(item.fact, 60) : header.name;
  if (fact.description === "") set.description = header.description;
  if (target.at !== undefined) {
    const old = bodyLines(target)[target.at]?.trim() ?? "";
    const description = descriptionAfterUpdate(fact.description, old, item.fact);
    if (description !== undefined) set.description = description;
  }
  if (fact.type === undefined) set.type = "user";
  const edited = editFactText(content, fact, { set });
  if (edited === undefined) {
    return {
      ok: false,
      code: "unparsable_file",
      path,
      reason:
        'its header is not plain "key: value" YAML, and memfiles never rewrites such a header',
    };
  }
  const bodyStart = edited.length - (content.length - bodyOffset(content, fact));
  const head = edited.slice(0, bodyStart);
  const body = edited.slice(bodyStart);
  const eol = /\r\n/.test(content) ? "\r\n" : /\r(?!\n)/.test(content) ? "\r" : "\n";
  const lines = body.split(/(?<=\r\n|\n|\r(?!\n))/);
  let next: string;
  let replaced: string[] = [];
  if (target.at !== undefined) {
    const old = lines[target.at] ?? "";
    const ending = old.match(/(\r\n|\n|\r)$/)?.[0] ?? "";
    replaced = [old.slice(0, old.length - ending.length)];
    lines[target.at] = item.fact + ending;
    next = head + lines.join("");
  } else {
    const kept = body === "" || /(\r\n|\n|\r)$/.test(body) ? body : body + eol;
    next = `${head}${kept}${item.fact}${eol}`;
  }
  const written = await store.write(path, next, target.version);
  if (!written.ok) {
    return {
      ok: false,
      code: written.code === "too_long" ? "too_long" : "version_conflict",
      path,
      reason: written.reason,
    };
  }
  return { ok: true, applied: { path, line: item.fact, replaced } };
}

// Where the body starts in the file's text (chars), from the parsed line map's 1-based body line.
function bodyOffset(text: string, fact: { file: { lineMap: { bodyLine: number } } }): number {
  const lines = text.split(/(?<=\r\n|\n|\r(?!\n))/);
  return lines.slice(0, fact.file.lineMap.bodyLine - 1).join("").length;
}
