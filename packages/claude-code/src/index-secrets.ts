import { join } from "node:path";
import type { MemoryStore } from "@memfiles/core";
import { findSecrets } from "@memfiles/core/recall";

/**
 * Lines of the memory folder's `MEMORY.md` that core's secret scan (the one every write passes)
 * flags. Claude Code loads an auto memory's `MEMORY.md` into every session itself, so a key pasted
 * there by hand reaches the model without memfiles' checks: `status` and SessionStart warn of it.
 *
 * @param store - The memory folder.
 * @returns 1-based line numbers, `[]` when none (or no `MEMORY.md`).
 * @throws File-system errors other than a missing file pass through.
 * @example await indexSecretLines(new MemoryStore({ root })) // [12]
 */
export async function indexSecretLines(store: Pick<MemoryStore, "readIndex">): Promise<number[]> {
  const index = await store.readIndex();
  if (!index.exists) return [];
  const { findings } = await findSecrets(index.content);
  const lines = findings.map((finding) => index.content.slice(0, finding.start).split("\n").length);
  return [...new Set(lines)].sort((a, b) => a - b);
}

/**
 * The warning for {@link indexSecretLines}: which file, which lines, why it matters, what to do.
 *
 * @param root - The memory folder.
 * @param lines - Its flagged line numbers (not empty).
 * @returns One sentence, no newline.
 * @example indexSecretWarning("/m", [12]) // "/m/MEMORY.md holds what looks like a secret (line 12): ..."
 */
export function indexSecretWarning(root: string, lines: readonly number[]): string {
  return `${join(root, "MEMORY.md")} holds what looks like a secret (line ${lines.join(", ")}): Claude Code loads this file into every session itself, without memfiles' checks. Remove it from the file and rotate the key.`;
}
