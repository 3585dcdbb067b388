import {
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readlink,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { forget, remember } from "../layouts/index.js";
import { LAYOUT_NAMES } from "./layout-names.js";
import { MemoryStore } from "./memory-store.js";

// A MEMORY.md that is a symbolic link (kept in a dotfiles repository, say) is never written
// through nor replaced by a plain file: every change is refused before anything lands.
const pathIn = (layout: string, name: string) =>
  layout === "subject" ? `topics/${name}.md` : `${name}.md`;

const REFUSAL =
  'Refused memory path "MEMORY.md": it is a symbolic link, and memfiles rewrites the index after every change but never through a link. Nothing was written. Put the file itself in the memory folder (replace the link with a copy of what it points to, e.g. cp --remove-destination "$(readlink MEMORY.md)" MEMORY.md), or remove the link to have the index rebuilt; then try again.';

describe.each(LAYOUT_NAMES)("a MEMORY.md that is a link (%s layout)", (layout) => {
  it.each(["outside the folder", "inside the folder"])(
    "to a file %s: remember, forget and a rebuild refuse, the link and its file are kept",
    async (where) => {
      const sandbox = await mkdtemp(join(tmpdir(), "memfiles-linked-index-"));
      const root = join(sandbox, "memory");
      const store = new MemoryStore({ root, layout });
      await remember({ store, path: pathIn(layout, "drinks"), fact: "likes tea" });
      const indexText = await readFile(join(root, "MEMORY.md"), "utf8");
      const target =
        where === "inside the folder" ? join(root, "notes.txt") : join(sandbox, "MEMORY.md");
      await writeFile(target, indexText);
      await mkdir(root, { recursive: true });
      await rm(join(root, "MEMORY.md"));
      await symlink(target, join(root, "MEMORY.md"));
      const before = await readFile(join(root, pathIn(layout, "drinks")), "utf8");

      const refusals = [
        await remember({ store, path: pathIn(layout, "coffee"), fact: "likes coffee" }).catch(
          (error: unknown) => error,
        ),
        await forget({ store, query: "likes tea" }).catch((error: unknown) => error),
        await store.rebuildIndex().catch((error: unknown) => error),
      ];
      expect(
        refusals.map((refused) =>
          refused instanceof Error
            ? [refused.name, refused.message.includes(REFUSAL)]
            : [
                (refused as { code: string }).code,
                (refused as { message: string }).message.includes(REFUSAL),
              ],
        ),
      ).toEqual([
        ["path_not_allowed", true],
        ["ForgetFailedError", true],
        ["MemoryPathError", true],
      ]);
      expect((await lstat(join(root, "MEMORY.md"))).isSymbolicLink()).toBe(true);
      expect(await readlink(join(root, "MEMORY.md"))).toBe(target);
      expect(await readFile(target, "utf8")).toBe(indexText);
      expect(await readFile(join(root, pathIn(layout, "drinks")), "utf8")).toBe(before);
      expect((await store.read(pathIn(layout, "coffee"))).exists).toBe(false);
    },
  );

  // The trial: `check` said the linked index missed a file it lists, marked fixable, and the
  // rebuild of `--fix` then refused. The link is the one finding; the index is not compared.
  it.each(["outside the folder", "inside the folder"])(
    "to a file %s: check reports the link alone, nothing a rebuild would fix",
    async (where) => {
      const sandbox = await mkdtemp(join(tmpdir(), "memfiles-linked-index-"));
      const root = join(sandbox, "memory");
      const store = new MemoryStore({ root, layout });
      await remember({ store, path: pathIn(layout, "drinks"), fact: "likes tea" });
      const target =
        where === "inside the folder" ? join(root, "notes.txt") : join(sandbox, "MEMORY.md");
      await writeFile(target, await readFile(join(root, "MEMORY.md"), "utf8"));
      await rm(join(root, "MEMORY.md"));
      await symlink(target, join(root, "MEMORY.md"));
      const report = await new MemoryStore({ root, layout }).check();
      expect({
        ok: report.ok,
        missingFromIndex: report.missingFromIndex,
        indexWithoutFile: report.indexWithoutFile,
        outdatedIndexLines: report.outdatedIndexLines,
        linksOutside: report.linksOutside,
      }).toEqual({
        ok: false,
        missingFromIndex: [],
        indexWithoutFile: [],
        outdatedIndexLines: [],
        linksOutside: ["MEMORY.md"],
      });
    },
  );
});
