import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { boundaryStore } from "../boundary/boundary-store.js";
import { MemoryStore } from "../store/memory-store.js";
import { buildSystem } from "./build-system.js";
import { inScope, readInScope } from "./scope.js";

describe("inScope", () => {
  it.each([
    ["no scope, no project", undefined, undefined, true],
    ["no scope, a project", undefined, "billing", true],
    ["global, a project", "global", "billing", true],
    ["the same project", "billing", "billing", true],
    ["the same project in other case and spaces", " Billing ", "billing", true],
    ["another project", "billing", "website", false],
    ["a project memory outside any project", "billing", undefined, false],
  ])("%s", (_name, scope, project, expected) => {
    expect(inScope(scope, project)).toBe(expected);
  });
});

const BILLING = `name: billing
description: The billing API project. Read for billing code questions.
scope: billing
[stated 2026/08/01] invoices are built in src/billing/invoice.ts
`;
const TOOLS = `---
name: tools
description: Editor and dev tools.
---
[stated 2026/08/01] uses Neovim
`;

async function folder(): Promise<MemoryStore> {
  const store = new MemoryStore({ root: await mkdtemp(join(tmpdir(), "memfiles-scope-")) });
  await store.write("projects/billing.md", BILLING, "new");
  await store.write("topics/tools.md", TOOLS, "new");
  return store;
}

describe("boundaryStore, as recall reads through it", () => {
  it("lists global memories and the current project's, never another project's", async () => {
    const store = await folder();
    expect((await store.list()).find((row) => row.path === "projects/billing.md")?.scope).toBe(
      "billing",
    );
    const paths = async (project?: string) =>
      (await boundaryStore(store, { project }).list()).map((row) => row.path).sort();
    expect(await paths("billing")).toEqual(["projects/billing.md", "topics/tools.md"]);
    expect(await paths("website")).toEqual(["topics/tools.md"]);
    expect(await paths(undefined)).toEqual(["topics/tools.md"]);
  });

  it("reads another project's file as missing, and the memory block never carries it", async () => {
    const store = await folder();
    expect(await boundaryStore(store, { project: "website" }).read("projects/billing.md")).toEqual({
      path: "projects/billing.md",
      exists: false,
      version: "new",
    });
    const system = await buildSystem({
      store: boundaryStore(store, { project: "website" }),
      basePrompt: "B",
    });
    expect(JSON.stringify(system)).not.toContain("billing");
    const inProject = await buildSystem({
      store: boundaryStore(store, { project: "billing" }),
      basePrompt: "B",
    });
    expect(JSON.stringify(inProject)).toContain("projects/billing.md");
  });

  it("says why a file is withheld", async () => {
    const result = await readInScope(await folder(), "projects/billing.md", "website");
    expect(result).toEqual({
      inScope: false,
      scope: "billing",
      message:
        'projects/billing.md is a memory of another project (scope: billing), and this conversation is in project "website"; it is not opened here. Answer without it.',
    });
  });
});
