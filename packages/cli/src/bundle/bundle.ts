import type { MemoryStore } from "@memfiles/core";
import { safeParseMemoryFile } from "@memfiles/core/internal";
import { z } from "zod";

/** The bundle format's version; `import` refuses any other. */
export const BUNDLE_VERSION = 1;

/** A memory folder as one JSON document: `memfiles export` writes it, `memfiles import` reads it. */
export const BundleSchema = z.object({
  format: z.literal("memfiles-bundle"),
  version: z.literal(BUNDLE_VERSION),
  /** When it was exported, ISO 8601. */
  exportedAt: z.string(),
  files: z.array(
    z.object({
      path: z.string(),
      /** Version token of `content` (first 12 hex of its sha1). */
      version: z.string(),
      content: z.string(),
    }),
  ),
});
export type Bundle = z.infer<typeof BundleSchema>;

/** What `import` does with one file of a bundle. */
export type ImportStepCode = "create" | "same" | "replace" | "newer_on_disk" | "differs";

/** One file of an import plan. */
export type ImportStep = { path: string; code: ImportStepCode; message: string };

/**
 * Every memory file of a folder, as a bundle.
 *
 * @param store - The memory folder.
 * @param now - The export time.
 * @returns The bundle.
 */
export async function exportBundle(store: MemoryStore, now: Date): Promise<Bundle> {
  const files: Bundle["files"] = [];
  for (const row of await store.list()) {
    const read = await store.read(row.path);
    if (read.exists) files.push({ path: read.path, version: read.version, content: read.content });
  }
  return {
    format: "memfiles-bundle",
    version: BUNDLE_VERSION,
    exportedAt: now.toISOString(),
    files,
  };
}

/**
 * What importing a bundle would do to each file: create a missing file, skip one that is the
 * same, replace one whose `updated:` date is older than the bundle's, and refuse a file that is
 * newer on disk or as new with different text (a person's edit would be lost).
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
  for (const file of bundle.files) {
    const current = await store.read(file.path);
    const base = { path: current.path, ifVersion: current.version, content: file.content };
    if (!current.exists) {
      steps.push({ ...base, code: "create", message: `${current.path}: new file` });
    } else if (current.content === file.content) {
      steps.push({ ...base, code: "same", message: `${current.path}: already the same` });
    } else {
      const onDisk = updatedOf(current.content, current.path);
      const inBundle = updatedOf(file.content, file.path);
      if (inBundle > onDisk) {
        steps.push({
          ...base,
          code: "replace",
          message: `${current.path}: bundle's ${inBundle} is newer than ${onDisk || "undated"} on disk`,
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
  return steps;
}

function updatedOf(text: string, path: string): string {
  const parsed = safeParseMemoryFile(text, { path });
  return parsed.success ? (parsed.value.header.updated ?? "") : "";
}
