import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type MemoryStore, versionToken } from "@memfiles/core";
import {
  dropForgottenLines,
  type ForgottenLine,
  foldFileName,
  formatTombstones,
  mergeTombstones,
  parseTombstones,
  readTombstones,
  safeParseMemoryFile,
  showWithoutForgotten,
} from "@memfiles/core/internal";
import { z } from "zod";
import { CliError } from "../cli-error.js";

/**
 * The bundle format's version: 2 carries the source's tombstones (`tombstones`), 1 has none;
 * `import` reads both and refuses any other, so a memfiles that knows only 1 refuses a bundle
 * whose tombstones it would drop (decision 0121).
 */
export const BUNDLE_VERSION = 2;

/** Encodings a memory file can have been in when its text went into a bundle as Unicode text. */
export const BUNDLE_SOURCE_ENCODINGS = ["utf-16le", "utf-16be", "windows-1252"] as const;

/** A memory folder as one JSON document: `memfiles export` writes it, `memfiles import` reads it. */
export const BundleSchema = z.object({
  format: z.literal("memfiles-bundle"),
  version: z.union([z.literal(1), z.literal(BUNDLE_VERSION)]),
  /**
   * The source's `.memfiles/tombstones.json` as `formatTombstones` writes it (hashes and dates
   * only, never a forgotten word): `import` adds those the folder lacks, so what was forgotten
   * there stays forgotten here. Absent when the source had none (and in version 1).
   */
  tombstones: z.string().optional(),
  /** When it was exported, ISO 8601. */
  exportedAt: z.string(),
  files: z.array(
    z.object({
      path: z.string(),
      /** Version token of `content` (first 12 hex of its sha1). */
      version: z.string(),
      content: z.string(),
      /**
       * The file's encoding on disk when it was not UTF-8 (UTF-16 with a byte order mark, or bytes
       * that are not valid UTF-8 read as Windows-1252, the superset of Latin-1): `content` is its
       * text converted, so import can say so. Absent for UTF-8 (and in bundles of older exports).
       */
      encoding: z.enum(BUNDLE_SOURCE_ENCODINGS).optional(),
    }),
  ),
});
export type Bundle = z.infer<typeof BundleSchema>;

/** What `import` does with one file of a bundle; the last five refuse the whole import. */
export type ImportStepCode =
  | "create"
  | "same"
  | "replace"
  | "forgotten"
  | "newer_on_disk"
  | "differs"
  | "name_clash"
  | "too_long"
  | "not_text";

/** The step codes that refuse the whole import before anything is written. */
export const REFUSING_STEPS: ReadonlySet<ImportStepCode> = new Set([
  "newer_on_disk",
  "differs",
  "name_clash",
  "too_long",
  "not_text",
]);

/** One file of an import plan. */
export type ImportStep = {
  path: string;
  code: ImportStepCode;
  message: string;
  /** Set when the text is written in another encoding than the file it came from had. */
  converted?: string;
  /** The bundle's lines a tombstone matches, left out of the write (`forget` asked for it). */
  forgotten?: ForgottenLine[];
};

const ENCODING_NAMES: Readonly<Record<string, string>> = {
  "utf-8": "UTF-8",
  "utf-16le": "UTF-16LE",
  "utf-16be": "UTF-16BE",
  "windows-1252": "Windows-1252 (Latin-1)",
};

/**
 * Every memory file of a folder, as a bundle. A file in UTF-16 goes in as its text; a file whose
 * bytes are not valid UTF-8 (and hold no NUL) is read as Windows-1252, where every byte is one
 * character, so nothing a person wrote becomes U+FFFD; both are marked with their `encoding`.
 *
 * A line a tombstone matches (a forgotten fact put back by hand) is left out, as every surface
 * shows the file (`showWithoutForgotten`): a bundle moves memory to a folder with no tombstones,
 * where it would be shown again; `forgottenLines` counts them. The tombstones themselves go in
 * too (`tombstones`, version 2), so the folder it is imported into keeps them (decision 0121).
 *
 * @param store - The memory folder.
 * @param now - The export time.
 * @returns The bundle, and how many lines a tombstone matched (left out).
 * @throws {CliError} `bad_argument` naming a file that is not text in any of those encodings
 *   (NUL bytes: UTF-16 without a byte order mark, or not a text file).
 * @throws {TombstoneFileError} when `.memfiles/tombstones.json` cannot be read (decision 0107).
 */
export async function exportBundle(
  store: MemoryStore,
  now: Date,
): Promise<{ bundle: Bundle; forgottenLines: number }> {
  const files: Bundle["files"] = [];
  let forgottenLines = 0;
  const shown = async (content: string) => {
    const text = await showWithoutForgotten(store, content);
    if (text !== content) forgottenLines += lineCount(content) - lineCount(text);
    return text;
  };
  for (const row of await store.list()) {
    const read = await store.read(row.path);
    if (!read.exists) continue;
    if (read.notText === undefined) {
      const content = await shown(read.content);
      files.push({
        path: read.path,
        version: content === read.content ? read.version : versionToken(content),
        content,
        ...(read.encoding === undefined || read.encoding === "utf-8"
          ? {}
          : { encoding: read.encoding }),
      });
      continue;
    }
    const bytes = await readFile(join(store.root, read.path)).catch(() => undefined);
    if (bytes === undefined || bytes.includes(0)) {
      throw new CliError(
        `Cannot export ${read.path}: ${read.notText}, then export again. Nothing was exported.`,
        { code: "bad_argument" },
      );
    }
    const content = await shown(new TextDecoder("windows-1252").decode(bytes));
    files.push({
      path: read.path,
      version: versionToken(content),
      content,
      encoding: "windows-1252",
    });
  }
  const tombstones = await readTombstones(store);
  return {
    bundle: {
      format: "memfiles-bundle",
      version: tombstones.length > 0 ? BUNDLE_VERSION : 1,
      exportedAt: now.toISOString(),
      ...(tombstones.length > 0 ? { tombstones: formatTombstones(tombstones) } : {}),
      files,
    },
    forgottenLines,
  };
}

function lineCount(text: string): number {
  return text.split(/\r\n|\n|\r/).length;
}

/**
 * What `export` converted, one sentence per file, for the person to check.
 *
 * @param bundle - A bundle from {@link exportBundle}.
 * @returns E.g. `notes.md: UTF-16LE, written into the bundle as Unicode text`; empty when nothing was.
 */
export function describeConversions(bundle: Bundle): string[] {
  return bundle.files.flatMap((file) =>
    file.encoding === undefined
      ? []
      : [
          file.encoding === "windows-1252"
            ? `${file.path}: not valid UTF-8, read as Windows-1252 (Latin-1), one character per byte, into Unicode text; if it was in another encoding, save it as UTF-8 and export again`
            : `${file.path}: ${ENCODING_NAMES[file.encoding]}, into Unicode text`,
        ],
  );
}

/**
 * What importing a bundle would do to each file: create a missing file, skip one that is the
 * same, replace one whose `updated:` date is older than the bundle's, and refuse a file that is
 * newer on disk or as new with different text (a person's edit would be lost). The whole bundle is
 * checked before anything is written: two bundle paths that are one file on macOS and Windows
 * (they differ only in case or Unicode normalization), a text over the store's cap, and a file on
 * disk that is not text memfiles edits each refuse the import too. A line a tombstone matches is
 * left out (`forgotten` lists it), as every write leaves it out; a file with nothing else is
 * not written (`forgotten` step).
 *
 * @param store - The memory folder.
 * @param bundle - A parsed bundle.
 * @returns One step per file, with the version token each write must hold.
 * @throws {MemoryPathError} when a bundle path is outside the folder.
 */
export async function planImport(
  store: MemoryStore,
  bundle: Bundle,
): Promise<Array<ImportStep & { ifVersion: string; content: string }>> {
  const steps: Array<ImportStep & { ifVersion: string; content: string }> = [];
  const byName = new Map<string, string[]>();
  for (const file of bundle.files) {
    const key = file.path.split("/").map(foldFileName).join("/");
    byName.set(key, [...(byName.get(key) ?? []), file.path]);
  }
  for (const file of bundle.files) {
    const current = await store.read(file.path);
    const base = { path: current.path, ifVersion: current.version, content: file.content };
    const alike = (byName.get(file.path.split("/").map(foldFileName).join("/")) ?? []).filter(
      (path) => path !== file.path,
    );
    const sameTwice = bundle.files.filter((other) => other.path === file.path).length > 1;
    if (alike.length > 0 || sameTwice) {
      steps.push({
        ...base,
        path: file.path,
        code: "name_clash",
        message: sameTwice
          ? `${file.path}: the bundle holds this path more than once; keep one`
          : `${file.path}: the bundle also holds ${alike.join(", ")}, the same name but for case or Unicode normalization (one file on macOS and Windows); merge them into one in the bundle`,
      });
      continue;
    }
    const tooLong =
      file.content.length > store.maxChars &&
      !(current.exists && file.content.length < current.content.length);
    if (tooLong) {
      steps.push({
        ...base,
        code: "too_long",
        message: `${current.path}: ${file.content.length} chars is over the ${store.maxChars}-char cap; split it by subject in the bundle, or consolidate it before exporting`,
      });
      continue;
    }
    if (!current.exists) {
      steps.push({
        ...base,
        code: "create",
        message: `${current.path}: new file`,
        ...converted(file.encoding, "utf-8"),
      });
    } else if (current.content === file.content) {
      steps.push({ ...base, code: "same", message: `${current.path}: already the same` });
    } else if (current.notText !== undefined) {
      steps.push({
        ...base,
        code: "not_text",
        message: `${current.path}: the file on disk cannot be replaced: ${current.notText}`,
      });
    } else {
      const onDisk = updatedOf(current.content, current.path);
      const inBundle = updatedOf(file.content, file.path);
      if (inBundle > onDisk) {
        steps.push({
          ...base,
          code: "replace",
          message: `${current.path}: bundle's ${inBundle} is newer than ${onDisk || "undated"} on disk`,
          ...converted(file.encoding, current.encoding ?? "utf-8"),
        });
      } else {
        steps.push({
          ...base,
          code: inBundle === onDisk ? "differs" : "newer_on_disk",
          message: `${current.path}: the file on disk (updated ${onDisk || "undated"}) differs from the bundle's (updated ${inBundle || "undated"}) and is not older; refusing to overwrite it`,
        });
      }
    }
  }
  const writes = steps.filter((step) => step.code === "create" || step.code === "replace");
  // The bundle's tombstones count as the folder's own: asked of every line written here, and
  // written with the import (`importTombstones`).
  const tombstones = await importTombstones(store, bundle);
  const kept = await dropForgottenLines(
    {
      layout: store.layout,
      readInternal: async (name) =>
        name === "tombstones.json" && tombstones !== undefined
          ? tombstones
          : store.readInternal(name),
    },
    writes,
  );
  writes.forEach((step, at) => {
    const { content, dropped } = kept[at] ?? { content: step.content, dropped: [] };
    if (dropped.length === 0) return;
    step.forgotten = dropped;
    if (content !== undefined) step.content = content;
    else
      Object.assign(step, {
        code: "forgotten",
        message: `${step.path}: not written, every line in it was forgotten`,
      });
  });
  return steps;
}

function converted(from: string | undefined, to: string): { converted?: string } {
  if (from === undefined || from === to) return {};
  return {
    converted: `was ${ENCODING_NAMES[from] ?? from} when exported; its text is kept and written as ${ENCODING_NAMES[to] ?? to}`,
  };
}

function updatedOf(text: string, path: string): string {
  const parsed = safeParseMemoryFile(text, { path });
  return parsed.success ? (parsed.value.header.updated ?? "") : "";
}

/**
 * The folder's tombstone file with the bundle's tombstones added (`mergeTombstones`): those the
 * folder lacks, after its own. A damaged tombstone text in the bundle, or a damaged file in the
 * folder, refuses the import as every write refuses it.
 *
 * @param store - The memory folder.
 * @param bundle - A parsed bundle.
 * @returns The text to write to `.memfiles/tombstones.json`, or `undefined` when nothing is added.
 * @throws {TombstoneFileError} when either cannot be read whole (nothing written).
 */
export async function importTombstones(
  store: MemoryStore,
  bundle: Bundle,
): Promise<string | undefined> {
  if (bundle.tombstones === undefined) return undefined;
  const own = await readTombstones(store);
  const merged = mergeTombstones(own, parseTombstones(bundle.tombstones));
  return merged === own ? undefined : formatTombstones(merged);
}
