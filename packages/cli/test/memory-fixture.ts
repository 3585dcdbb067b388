import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore, remember } from "@memfiles/core";

/** A fixed clock for the fixtures' date tags. */
export const FIXTURE_NOW = new Date("2026-09-12T09:00:00Z");

/**
 * A fresh temporary memory folder holding a few facts, one of them an HTML-looking fact that the
 * page must show as text.
 *
 * @returns The store and the folder around it (for bundles and other files).
 */
export async function memoryFixture(): Promise<{ store: MemoryStore; folder: string }> {
  const folder = await mkdtemp(join(tmpdir(), "memfiles-cli-"));
  const store = new MemoryStore({ root: join(folder, "memory") });
  const facts: Array<[string, string]> = [
    ["topics/tools.md", "uses Neovim, not VS Code"],
    ["topics/tools.md", "deploys on Fly.io"],
    ["topics/tools.md", "writes <script>window.pwned = true</script> in bug reports"],
    ["profile.md", "lives in Lyon"],
  ];
  for (const [file, fact] of facts) await remember({ store, path: file, fact, now: FIXTURE_NOW });
  return { store, folder };
}
