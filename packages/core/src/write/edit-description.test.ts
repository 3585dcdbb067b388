import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { remember } from "../layouts/index.js";
import { MemoryStore } from "../store/index.js";
import { editDescription } from "./edit-description.js";

async function storeWithTools(): Promise<MemoryStore> {
  const store = new MemoryStore({
    root: join(await mkdtemp(join(tmpdir(), "memfiles-describe-")), "memory"),
  });
  await remember({ store, path: "topics/tools.md", fact: "uses Neovim" });
  return store;
}

describe("editDescription", () => {
  it("replaces the description and keeps the lines", async () => {
    const store = await storeWithTools();
    const { version } = await store.read("topics/tools.md");
    const result = await editDescription({
      store,
      path: "topics/tools.md",
      description: "Editors and dev tools. Read for coding questions.",
      ifVersion: version,
    });
    expect(result.ok).toBe(true);
    const text = await readFile(join(store.root, "topics/tools.md"), "utf8");
    expect(text).toContain("description: Editors and dev tools. Read for coding questions.\n");
    expect(text).toContain("] uses Neovim\n");
  });

  it.each([
    ["a stale version token", "0123456789ab", "Fine.", "version_conflict"],
    ["an empty description", undefined, "  ", "invalid_description"],
    ["two lines", undefined, "one\ntwo", "invalid_description"],
  ])("refuses %s and leaves the file as it was", async (_name, token, description, code) => {
    const store = await storeWithTools();
    const before = await store.read("topics/tools.md");
    const result = await editDescription({
      store,
      path: "topics/tools.md",
      description,
      ifVersion: token ?? before.version,
    });
    expect(result).toMatchObject({ ok: false, code });
    expect((await store.read("topics/tools.md")).version).toBe(before.version);
  });

  it("gives the current text on a version conflict", async () => {
    const store = await storeWithTools();
    const result = await editDescription({
      store,
      path: "topics/tools.md",
      description: "New.",
      ifVersion: "0123456789ab",
    });
    const current = await store.read("topics/tools.md");
    expect(result).toMatchObject({
      code: "version_conflict",
      current: current.exists && current.content,
    });
  });

  it.each([
    [
      "a comment, a field of its own and CRLF",
      "---\r\n# kept by hand\r\nname: billing\r\ndescription: Billing rewrite, tracked in PR #532\r\nowner: me   \r\n---\r\n[stated 2026/11/01] invoices go out on the 1st\r\n",
      "---\r\n# kept by hand\r\nname: billing\r\ndescription: Invoices and dunning. Read for payments.\r\nowner: me   \r\n---\r\n[stated 2026/11/01] invoices go out on the 1st\r\n",
    ],
    [
      "no header: front matter is added, the lines stay",
      "moved to Berlin\n",
      "---\ndescription: Invoices and dunning. Read for payments.\n---\nmoved to Berlin\n",
    ],
  ])("changes only the description line (%s)", async (_name, text, expected) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-describe-")), "memory");
    await mkdir(join(root, "projects"), { recursive: true });
    await writeFile(join(root, "projects/billing.md"), text);
    const store = new MemoryStore({ root });
    const { version } = await store.read("projects/billing.md");
    const result = await editDescription({
      store,
      path: "projects/billing.md",
      description: "Invoices and dunning. Read for payments.",
      ifVersion: version,
    });
    expect(result).toMatchObject({ ok: true, before: text });
    expect(await readFile(join(root, "projects/billing.md"), "utf8")).toBe(expected);
  });

  it("refuses a header it reads leniently, and leaves it as written", async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-describe-")), "memory");
    await mkdir(root, { recursive: true });
    const text = "---\nABOUT ME (edited by hand)\n---\nlives in Lyon\n";
    await writeFile(join(root, "profile.md"), text);
    const store = new MemoryStore({ root });
    const { version } = await store.read("profile.md");
    const result = await editDescription({
      store,
      path: "profile.md",
      description: "Who I am.",
      ifVersion: version,
    });
    expect(result).toMatchObject({ ok: false, code: "unparsable_file" });
    expect(await readFile(join(root, "profile.md"), "utf8")).toBe(text);
  });
});
