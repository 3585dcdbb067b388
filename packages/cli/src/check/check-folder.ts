import { type Dirent, readdirSync } from "node:fs";
import { readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { MemoryStore } from "@memfiles/core";
import {
  findForgottenLines,
  findTombstoneProblems,
  forgottenOn,
  type MaskedPath,
  maskPathsOfEach,
  parseMemoryIndex,
  type RecallIndexDrift,
  rebuildRecallIndex,
  recallIndexDrift,
  TOMBSTONE_FIX,
  withMaskedPaths,
} from "@memfiles/core/internal";
import { andList } from "../output.js";
import { findTextSecretsOfEach, type SecretLine } from "../secrets/find-text-secrets.js";

/** snake_case codes of a {@link Finding}. */
export type FindingCode =
  | "index_out_of_sync"
  | "unparsable"
  | "unreadable"
  | "not_utf8"
  | "undated_line"
  | "no_description"
  | "over_cap"
  | "broken_link"
  | "stale_lock"
  | "temp_file_left"
  | "pending_forget"
  | "secret"
  | "forgotten_line"
  | "tombstones_unreadable"
  | "name_clash"
  | "ignored_file"
  | "same_subject"
  | "updated_value_kept"
  | "empty_body"
  | "index_over_budget"
  | "secret_in_path"
  | "recall_index_out_of_step"
  | (string & {});

/** One problem `memfiles check` found. */
export type Finding = {
  code: FindingCode;
  /** Path relative to the memory folder, when the problem is about one file. */
  path?: string;
  message: string;
  /** Whether `--fix` repairs it (only what loses nothing a person wrote). */
  fixable: boolean;
  /** Set by `--fix`. */
  fixed?: boolean;
  /**
   * For `secret`: the 1-based line and the kind (never the secret itself); for `secret_in_path`,
   * the kinds found in the file's name.
   */
  line?: number;
  kind?: string;
  /** For `updated_value_kept`: the first pair of lines of the group, in file order. */
  lines?: [string, string];
  /** For `updated_value_kept`: how many pairs the group has (a lower bound unless `allCounted`). */
  pairs?: number;
  /** For `updated_value_kept`: the first pairs (at most core's `MAX_LISTED_PAIRS`), in file order. */
  listed?: Array<[string, string]>;
  allCounted?: boolean;
};

// proper-lockfile refreshes a held lock's mtime; one older than the store's stale limit (default
// 10 s, MemoryStore's lockStaleMs) has no living holder, and core would take it over anyway.
const STALE_LOCK_MS = 10_000;
// The store writes `<file>.memfiles-<hex>.tmp` then renames (older versions, via write-file-atomic,
// `<file>.<uint32>`); one older than a minute was left by a crash (a live write takes milliseconds).
const TEMP_FILE = /\.memfiles-[0-9a-f]{8}\.tmp$|\.(md|json|jsonl)\.\d+$/;
const TEMP_FILE_AGE_MS = 60_000;
// Files whose secret scan shares one `checkSecretsOfEach` (at the cap, 6,000 chars a file and
// about seven times that in joins: ~20 MB of text at once).
const FILES_PER_SCAN = 500;
// The store's row problems under the names this command has always used: the store decides which
// bytes are text (UTF-8, or UTF-16 with a byte order mark) when it reads a file.
const PROBLEM_CODES: Readonly<Record<string, FindingCode>> = {
  unparsable_header: "unparsable",
  not_text: "not_utf8",
};

/**
 * Checks a memory folder for what breaks reading or writing it: the index out of sync, files that
 * cannot be parsed or are not text (UTF-8, or UTF-16 with a byte order mark, as the store reads
 * them), undated lines, files without a description or over the cap, links the store will not follow, a stale lock and temp files left by a crash, a stored recall index out of step with the files. With `fix`, repairs
 * the safe ones: rebuilds `MEMORY.md` and the recall index, removes a stale lock and old temp files.
 *
 * @param store - The memory folder.
 * @param options - `{ fix }`.
 * @returns The findings (those fixed marked `fixed: true`); empty when the folder is clean.
 */
export async function checkFolder(
  store: MemoryStore,
  options: { fix: boolean },
): Promise<Finding[]> {
  const findings: Finding[] = [];
  const report = await store.check();
  const indexPaths = [
    ...report.missingFromIndex.map((path) => [path, "is not listed in MEMORY.md"] as const),
    ...report.indexWithoutFile.map(
      (path) => [path, "is listed in MEMORY.md but does not exist"] as const,
    ),
    ...report.outdatedIndexLines.map(
      (path) => [path, "has an out-of-date MEMORY.md line"] as const,
    ),
  ];
  for (const [path, what] of indexPaths) {
    findings.push({ code: "index_out_of_sync", path, message: `${path} ${what}.`, fixable: true });
  }
  for (const path of report.linksOutside) {
    findings.push({
      code: "broken_link",
      path,
      message:
        path === "MEMORY.md"
          ? 'MEMORY.md is a symbolic link: memfiles never writes the index through a link, so every remember, forget and `--fix` refuses to change it and it is not compared with the files. Replace the link by a copy of what it points to (cp --remove-destination "$(readlink MEMORY.md)" MEMORY.md), or remove it to have the index rebuilt.'
          : `${path} is a link that leads outside the folder or nowhere; remove it by hand.`,
      fixable: false,
    });
  }
  for (const { path, reason, notAFile } of report.ignoredFiles) {
    findings.push({
      code: "ignored_file",
      path,
      message:
        notAFile === true
          ? `${path} is never read, searched or recalled: ${reason}, and memfiles opens only files. Replace it by a file to be read.`
          : `${path} is never read, searched or recalled: its name is not one memfiles reads (${reason}). Rename it to be read.`,
      fixable: false,
    });
  }
  for (const path of report.pendingForget) {
    findings.push({
      code: "pending_forget",
      path,
      message: `${path} may still hold lines a killed forget was removing; the next forget, remember or write pass finishes it.`,
      fixable: false,
    });
  }
  const rows = await store.list();
  // A file named after a secret: every surface prints its name masked, so no tool can name it.
  const named = await maskPathsOfEach(rows.map((row) => row.path));
  for (const [at, { path, kinds }] of named.entries()) {
    if (kinds.length === 0) continue;
    findings.push({
      code: "secret_in_path",
      path: rows[at]?.path ?? path,
      kind: kinds.join(", "),
      message: `${rows[at]?.path ?? path} holds a secret in its name (${kinds.join(", ")}): memfiles prints the name masked, so no tool or model can name the file. Rename it (\`mv\` in a shell), run \`memfiles check --fix\` to rebuild MEMORY.md, and rotate the secret.`,
      fixable: false,
    });
  }
  for (const row of rows) {
    for (const problem of row.problems ?? []) {
      findings.push({
        code: PROBLEM_CODES[problem.code] ?? problem.code,
        path: row.path,
        message: problem.message,
        fixable: false,
      });
    }
  }
  // Names that differ only in case or Unicode normalization (NFC `josé.md` beside NFD `josé.md`)
  // are one file on macOS and Windows: the store will not edit them, and says so in notEditable.
  const reported = new Set(findings.map((finding) => `${finding.path}\u0000${finding.message}`));
  for (const { path, reason } of report.notEditable) {
    if (reported.has(`${path}\u0000${reason}`)) continue;
    findings.push({ code: "name_clash", path, message: reason, fixable: false });
  }
  // Two files for one person, project or topic: recall finds half of what is known of it.
  for (const { subject, paths } of report.sameSubject) {
    findings.push({
      code: "same_subject",
      path: paths[0] as string,
      message: `${andList(paths)} ${paths.length === 2 ? "both" : `all ${paths.length}`} name ${JSON.stringify(subject)}; merge them into one file by hand.`,
      fixable: false,
    });
  }
  // A line beside its updated value: recall reads both, and cannot tell which is current. Core
  // groups the pairs of one file and pattern (a file can hold millions), so one finding a group.
  for (const { path, lines, pairs, listed, allCounted } of report.updatedValueKept) {
    const [one, other] = lines.map((line) => JSON.stringify(line));
    const listedAll = allCounted && listed.length === pairs;
    findings.push({
      code: "updated_value_kept",
      path,
      message:
        pairs === 1
          ? `${path} keeps both ${one} and ${other}, one an update of the other; delete the one that is no longer true.`
          : `${path} keeps ${allCounted ? "" : "at least "}${pairs} pairs of lines where one is an update of the other, such as ${one} and ${other}; delete the ones that are no longer true (\`--json\` lists ${listedAll ? "every pair" : `the first ${listed.length}`}).`,
      fixable: false,
      lines,
      pairs,
      listed,
      allCounted,
    });
  }
  // A file with no fact (a forget keeps one whose description a person wrote; a person may leave
  // a heading or a comment): it is listed and recalled by its description alone.
  for (const empty of report.emptyBody) {
    findings.push({
      code: "empty_body",
      path: empty.path,
      message: `${empty.path} ${emptyBodyHolds(empty)}; add a fact to it, or delete it if ${empty.header ? "its description is" : "it is"} not worth keeping.`,
      fixable: false,
    });
  }
  // Claude Code loads only the first lines of MEMORY.md; a person's lines are never cut.
  const over = report.indexOverBudget;
  if (over !== null) {
    findings.push({
      code: "index_over_budget",
      path: "MEMORY.md",
      message: `MEMORY.md has ${over.lines} lines, past the ${over.maxLines} Claude Code loads (${over.handWritten} written by hand, which memfiles never cuts): lines past ${over.maxLines} are never seen. Shorten or move the hand-written lines.`,
      fixable: false,
    });
  }
  // A link line memfiles wrote for a file whose header holds a secret (an older memfiles, or the
  // header edited since): the rebuild of `--fix` leaves it out (core's `indexableRows`), so it is
  // the fixable `index_out_of_sync` above, not a line for the person to remove.
  const rebuiltAway = new Set(report.outdatedIndexLines);
  const secrets = await findFolderSecrets(store);
  const generatedLines = await indexLinesFor(store, secrets, rebuiltAway);
  for (const secret of secrets) {
    const path = generatedLines.get(secret.line);
    if (secret.path === "MEMORY.md" && path !== undefined) {
      const finding = findings.find(
        (found) => found.code === "index_out_of_sync" && found.path === path,
      );
      if (finding !== undefined) {
        finding.message = `${path} has an out-of-date MEMORY.md line that shows a secret of its header (${secret.kind}, MEMORY.md:${secret.line}); \`--fix\` rebuilds MEMORY.md without it.`;
        continue;
      }
    }
    findings.push({
      code: "secret",
      path: secret.path,
      line: secret.line,
      kind: secret.kind,
      message: `${secret.path}:${secret.line} holds a secret (${secret.kind}); remove it by hand and rotate it.`,
      fixable: false,
    });
  }
  // A tombstone file that cannot be read whole: every surface that shows memory to a model and
  // every write refuse it (a tombstone it could not read might hide any line); `check` says where.
  for (const problem of await findTombstoneProblems(store)) {
    findings.push({
      code: "tombstones_unreadable",
      path: problem.path,
      line: problem.line,
      message: tombstoneProblemMessage(problem),
      fixable: false,
    });
  }
  // A line the user asked to forget that is in a file again (a hand edit, a copy, an old undo):
  // it is recalled, and no write pass may ever update it. With a damaged tombstone file, the
  // lines the tombstones it could read match.
  for (const found of await findForgottenLines(store)) {
    findings.push({
      code: "forgotten_line",
      path: found.path,
      line: found.line,
      message: forgottenLineMessage(found),
      fixable: false,
    });
  }
  // The stored recall index against the files: recall reads it, not the files, for every prompt.
  for (const drift of await recallIndexDrift(store)) {
    findings.push({
      code: "recall_index_out_of_step",
      path: "path" in drift ? drift.path : ".memfiles/recall-index.json",
      message: recallIndexDriftMessage(drift),
      fixable: true,
    });
  }
  const lock = join(store.root, ".memfiles", "store.lock");
  const lockStats = await stat(lock).catch(() => undefined);
  if (lockStats && Date.now() - lockStats.mtimeMs > STALE_LOCK_MS) {
    findings.push({
      code: "stale_lock",
      path: ".memfiles/store.lock",
      message: `.memfiles/store.lock was left by a process that stopped ${Math.round((Date.now() - lockStats.mtimeMs) / 1000)} s ago.`,
      fixable: true,
    });
  }
  for (const path of tempFiles(store.root, "")) {
    const stats = await stat(join(store.root, path)).catch(() => undefined);
    if (stats && Date.now() - stats.mtimeMs > TEMP_FILE_AGE_MS) {
      findings.push({
        code: "temp_file_left",
        path,
        message: `${path} is a temp file left by an interrupted write.`,
        fixable: true,
      });
    }
  }
  if (options.fix) await fix(store, findings);
  return shownFindings(findings);
}

// Findings as printed: each path holding a secret in a name masked in `path` and `message`, as
// every surface prints a path (core's `maskPathsOfEach`); `--fix` has used the real paths.
async function shownFindings(findings: Finding[]): Promise<Finding[]> {
  const paths = [...new Set(findings.flatMap((finding) => finding.path ?? []))];
  const masked = await maskPathsOfEach(paths);
  const pairs = paths.map((path, at) => [path, masked[at] as MaskedPath] as const);
  if (pairs.every(([path, shown]) => shown.path === path)) return findings;
  const shownOf = new Map(pairs);
  return findings.map((finding) => ({
    ...finding,
    ...(finding.path === undefined
      ? {}
      : { path: shownOf.get(finding.path)?.path ?? finding.path }),
    message: withMaskedPaths(finding.message, pairs),
  }));
}

/**
 * Secrets in the folder's memory files and MEMORY.md, found by core's secret guard (files written
 * before the guard, by hand, or by another tool).
 *
 * @param store - The memory folder.
 * @returns Path, 1-based line and kind of each; the secret itself is never returned.
 */
export async function findFolderSecrets(store: MemoryStore): Promise<SecretLine[]> {
  const files: Array<{ path: string; text: string }> = [];
  const index = await readFile(join(store.root, "MEMORY.md"), "utf8").catch(() => undefined);
  if (index !== undefined) files.push({ path: "MEMORY.md", text: index });
  for (const { path, problems } of await store.list()) {
    // Reported as too_large and never parsed: the line-by-line scan of a 3 MB file ran out of memory.
    if (problems?.some((problem) => problem.code === "too_large")) continue;
    const read = await store.read(path).catch(() => undefined);
    if (read?.exists) files.push({ path, text: read.content });
  }
  const found: SecretLine[] = [];
  // Files scanned together share secretlint's calls; a bounded number at a time bounds the
  // texts and joins held at once.
  for (let start = 0; start < files.length; start += FILES_PER_SCAN) {
    const scanned = await findTextSecretsOfEach(files.slice(start, start + FILES_PER_SCAN));
    for (const lines of scanned) found.push(...lines);
  }
  return found;
}

// The link lines of MEMORY.md holding a secret that name a path in `paths`, by 1-based line.
async function indexLinesFor(
  store: MemoryStore,
  secrets: readonly SecretLine[],
  paths: ReadonlySet<string>,
): Promise<Map<number, string>> {
  const lines = new Map<number, string>();
  if (paths.size === 0 || !secrets.some((secret) => secret.path === "MEMORY.md")) return lines;
  const index = await store.readIndex();
  const text = index.exists ? index.content.split(/\r?\n/) : [];
  for (const secret of secrets) {
    if (secret.path !== "MEMORY.md") continue;
    const [entry] = parseMemoryIndex(text[secret.line - 1] ?? "");
    if (entry !== undefined && paths.has(entry.path)) lines.set(secret.line, entry.path);
  }
  return lines;
}

async function fix(store: MemoryStore, findings: Finding[]): Promise<void> {
  for (const finding of findings.filter((candidate) => candidate.fixable)) {
    if (finding.code === "stale_lock" || finding.code === "temp_file_left") {
      await rm(join(store.root, finding.path ?? ""), { recursive: true, force: true });
      finding.fixed = true;
    }
  }
  if (findings.some((finding) => finding.code === "recall_index_out_of_step")) {
    await rebuildRecallIndex(store);
    for (const finding of findings) {
      if (finding.code === "recall_index_out_of_step") finding.fixed = true;
    }
  }
  const index = findings.filter((finding) => finding.code === "index_out_of_sync");
  // A rebuild leaves out the rows a tombstone matches: with tombstones it cannot read, it could
  // bring a forgotten row back into MEMORY.md, which Claude Code loads. Fixed once they are read.
  if (findings.some((finding) => finding.code === "tombstones_unreadable")) {
    for (const finding of index) {
      finding.message += ` Not rebuilt while .memfiles/tombstones.json cannot be read: fix it first.`;
    }
    return;
  }
  if (index.length > 0) {
    await store.rebuildIndex();
    for (const finding of index) finding.fixed = true;
  }
}

// What each drift of the stored recall index is, and who mends it: the next recall (its walk sees
// a file whose stamp moved) or only a rebuild (`--fix`), when the index's own stamp still matches.
function recallIndexDriftMessage(drift: RecallIndexDrift): string {
  const now = "`memfiles check --fix` rebuilds the index now.";
  switch (drift.code) {
    case "unreadable":
      return `.memfiles/recall-index.json is of another format (an older memfiles) or damaged: the next recall rebuilds it, reading every file once; ${now}`;
    case "gone":
      return `${drift.path} is in the recall index but no longer in the folder: the next recall drops it; ${now}`;
    case "not_indexed":
      return `${drift.path} is not in the recall index yet: the next recall adds it; ${now}`;
    case "changed":
      return drift.nextRecall
        ? `${drift.path} changed since the recall index read it: the next recall reads it again; ${now}`
        : `${drift.path} changed since the recall index read it, but its stat is the one indexed, so recall keeps the old text: run \`memfiles check --fix\` to rebuild the index.`;
    case "units_differ":
      return `${drift.path} is indexed with ${drift.extra} unit${drift.extra === 1 ? "" : "s"} its lines do not give and without ${drift.missing} of its lines (a damaged recall index), and recall trusts it: run \`memfiles check --fix\` to rebuild the index.`;
  }
}

function tempFiles(root: string, prefix: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(join(root, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory() && !entry.name.endsWith(".lock")) return tempFiles(root, path);
    return entry.isFile() && TEMP_FILE.test(entry.name) ? [path] : [];
  });
}

// What a file with no fact is, as `empty_body` says it: "is empty (0 chars)", "holds no fact, only
// its header and a heading (a forget keeps ...)".
function emptyBodyHolds(empty: {
  chars: number;
  header: boolean;
  headings: number;
  comments: number;
}): string {
  const count = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);
  const parts = [
    ...(empty.header ? ["its header"] : []),
    ...(empty.headings > 0 ? [count(empty.headings, "a heading", "headings")] : []),
    ...(empty.comments > 0 ? [count(empty.comments, "an HTML comment", "HTML comments")] : []),
  ];
  if (parts.length === 0) {
    return empty.chars === 0 ? "is empty (0 chars)" : "holds only blank lines";
  }
  const listed =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  const why =
    empty.header && parts.length === 1
      ? " (a forget keeps a file whose description memfiles did not write)"
      : "";
  return `holds no fact, only ${listed}${why}`;
}

/**
 * What `check` and the memory page say of a part of `.memfiles/tombstones.json` that cannot be
 * read (core's `findTombstoneProblems`): where, what failed, what memfiles does meanwhile and how
 * to fix it.
 *
 * @param problem - `{ path, line, entry?, problem }`: the file, its 1-based line, the tombstone's
 *   0-based place in the list, what failed.
 * @returns One sentence, e.g. ".memfiles/tombstones.json:3 (tombstone 2): its date 7 is not YYYY/MM/DD; …".
 */
export function tombstoneProblemMessage(problem: {
  path: string;
  line: number;
  entry?: number;
  problem: string;
  fix?: string;
}): string {
  const entry = problem.entry === undefined ? "" : ` (tombstone ${problem.entry + 1})`;
  return `${problem.path}:${problem.line}${entry}: ${problem.problem}. Until it is fixed memfiles shows no memory to a model and writes none, since a tombstone it cannot read might hide any fact; ${problem.fix ?? TOMBSTONE_FIX}.`;
}

/**
 * What `check` and the memory page say of a line a tombstone matches (core's `findForgottenLines`):
 * where it is, when it was forgotten, and the two ways out.
 *
 * @param found - `{ path, line, forgotten }`: the file, its 1-based line, the forget's day.
 * @returns One sentence, e.g. "profile.md:6 holds a fact the user asked to forget on 2026/11/19; …".
 */
export function forgottenLineMessage(found: {
  path: string;
  line: number;
  forgotten: string;
}): string {
  return `${found.path}:${found.line} holds a fact the user asked to forget ${forgottenOn(found.forgotten)}; delete the line, or remember it again to lift the tombstone.`;
}
