import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../store/index.js";
import { boundaryStore } from "./boundary-store.js";

// With no project (`{}`, or no options), the boundary is global memories only: it is not the raw
// store, which `allProjects: true` alone gives.
async function folder(): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-boundary-none-")), "memory");
  await mkdir(join(root, "projects"), { recursive: true });
  await mkdir(join(root, "topics"), { recursive: true });
  const file = (name: string, extra = "") =>
    `---\nname: ${name}\ndescription: ${name} notes.\n${extra}updated: 2026/11/01\n---\n[stated 2026/11/01] ${name} line\n`;
  await writeFile(join(root, "projects/app.md"), file("app"));
  await writeFile(join(root, "topics/staging.md"), file("staging", "scope: other\n"));
  await writeFile(join(root, "topics/tools.md"), file("tools"));
  return new MemoryStore({ root });
}

describe("boundaryStore without a project", () => {
  it.each([
    ["{}", {}],
    ["no options", undefined],
    ["allProjects: false", { allProjects: false }],
  ])(
    "%s: lists and reads global memories only, and writes none of a project",
    async (_name, options) => {
      const raw = await folder();
      const store = options === undefined ? boundaryStore(raw) : boundaryStore(raw, options);
      expect((await store.list()).map((row) => row.path)).toEqual(["topics/tools.md"]);
      expect((await store.read("topics/staging.md")).exists).toBe(false);
      expect((await store.delete("projects/app.md")).ok).toBe(false);
      expect(await readFile(join(raw.root, "projects/app.md"), "utf8")).toContain("app line");
    },
  );
});
