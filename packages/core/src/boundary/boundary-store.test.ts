import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../store/index.js";
import { boundaryStore } from "./boundary-store.js";

async function folder(): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-boundary-")), "memory");
  await mkdir(join(root, "projects"), { recursive: true });
  await mkdir(join(root, "topics"), { recursive: true });
  const file = (name: string, extra = "") =>
    `---\nname: ${name}\ndescription: ${name} notes.\n${extra}updated: 2026/11/01\n---\n[stated 2026/11/01] ${name} line\n`;
  await writeFile(join(root, "projects/app.md"), file("app"));
  await writeFile(join(root, "projects/other.md"), file("other"));
  await writeFile(join(root, "topics/staging.md"), file("staging", "scope: other\n"));
  await writeFile(join(root, "topics/tools.md"), file("tools"));
  return new MemoryStore({ root });
}

describe("boundaryStore", () => {
  it("lists, reads and renders the index of global memories and the project's only", async () => {
    const store = boundaryStore(await folder(), { project: "app" });
    expect((await store.list()).map((row) => row.path)).toEqual([
      "projects/app.md",
      "topics/tools.md",
    ]);
    expect(await store.read("projects/other.md")).toEqual({
      path: "projects/other.md",
      exists: false,
      version: "new",
    });
    const index = await store.renderIndex();
    expect(index).toContain("projects/app.md");
    expect(index).not.toContain("other");
    expect(index).not.toContain("staging");
  });

  it("reads the stored MEMORY.md without another project's link lines", async () => {
    const raw = await folder();
    // The stored index also lists a path renamed by hand since (projects/old-other.md).
    const stored = [
      "# Memory index",
      "- [app](projects/app.md) — app notes.",
      "- [other](projects/other.md) — other notes.",
      "- [old other](projects/old-other.md) — other notes.",
      "- [staging](topics/staging.md) — staging notes.",
      "- [cooking](topics/cooking.md) — cooking notes.",
      "A line a person wrote.",
      "",
    ].join("\n");
    await writeFile(join(raw.root, "MEMORY.md"), stored);
    const index = await boundaryStore(raw, { project: "app" }).readIndex?.();
    expect(index).toMatchObject({ exists: true });
    expect(index?.exists ? index.content : "").toBe(
      [
        "# Memory index",
        "- [app](projects/app.md) — app notes.",
        "- [cooking](topics/cooking.md) — cooking notes.",
        "A line a person wrote.",
        "",
      ].join("\n"),
    );
  });

  it.each([
    ["an existing file of another project", "projects/other.md", "x\n"],
    ["a missing file of another project", "projects/elsewhere.md", "x\n"],
    [
      "a global file turned into another project's",
      "topics/tools.md",
      "---\nname: t\ndescription: t.\nscope: other\n---\nx\n",
    ],
    ["a file whose header names another project", "topics/staging.md", "x\n"],
  ])("refuses to write %s, saying so, nothing written", async (_name, path, content) => {
    const raw = await folder();
    const store = boundaryStore(raw, { project: "app" });
    const before = await readFile(join(raw.root, path), "utf8").catch(() => "(none)");
    const version = (await raw.read(path)).version;
    expect(await store.write(path, content, version)).toEqual({
      ok: false,
      code: "version_conflict",
      outOfScope: true,
      message: `Refused to change ${path}: it is outside project "app" and the global memories, the only memories this surface may change. Nothing was written; write to a global file or to projects/app.md instead.`,
      reason: `it is outside project "app" and the global memories, the only memories this surface may change. Nothing was written; write to a global file or to projects/app.md instead.`,
    });
    expect(await readFile(join(raw.root, path), "utf8").catch(() => "(none)")).toBe(before);
  });

  it("refuses to delete another project's file and passes everything through with allProjects", async () => {
    const raw = await folder();
    expect((await boundaryStore(raw, { project: "app" }).delete("projects/other.md")).ok).toBe(
      false,
    );
    const all = boundaryStore(raw, { allProjects: true });
    expect((await all.list()).length).toBe(4);
    expect((await all.delete("projects/other.md")).ok).toBe(true);
  });
});
