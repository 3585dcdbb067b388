import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { forget, MemoryStore } from "@memfiles/core";
import { recallForPrompt } from "@memfiles/core/recall";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

type Layout = "subject" | "fact";
const QUERY = "Café Müller";

// A file memfiles reads leniently but never writes back (Latin-1), holding the fact to forget
// beside another: every surface keeps the file byte for byte and names the fix.
const FILES: Record<Layout, { path: string; text: string }> = {
  subject: {
    path: "topics/drinks.md",
    text: "---\nname: drinks\ndescription: what the user drinks\n---\n[stated 2026/01/01] drinks coffee at Café Müller\n[stated 2026/01/02] drinks green tea\n",
  },
  fact: {
    path: "drinks.md",
    text: "---\nname: Drinks\ndescription: What the user drinks.\ntype: user\n---\nThe user drinks coffee at Café Müller.\nThe user drinks green tea.\n",
  },
};

// Each surface's forget of QUERY in folder `root` (the MCP server's `forget` tool is the library's).
const SURFACES: Record<string, (root: string, layout: Layout) => Promise<unknown>> = {
  "library (MCP forget)": (root, layout) =>
    forget({ store: new MemoryStore({ root, layout }), query: QUERY }),
  "CLI forget --yes": (root) =>
    runMemfiles(["forget", root, QUERY, "--yes"], contextIn(root).context),
  "CLI forget --json": (root) =>
    runMemfiles(["forget", root, QUERY, "--json"], contextIn(root).context),
};

// One rule on every surface: a forget whose every match is refused (the file is not text memfiles
// writes) removes nothing and still leaves the tombstone of the query's words, so recall leaves the
// line out until the file is saved as UTF-8 and forgotten again.
describe("a refused forget leaves a tombstone on every surface", () => {
  it.each(
    Object.keys(SURFACES).flatMap((surface) =>
      (["subject", "fact"] as const).map((layout) => ({ surface, layout })),
    ),
  )("$surface, $layout layout", async ({ surface, layout }) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-forget-tombstone-")), "memory");
    const { path, text } = FILES[layout];
    const bytes = Buffer.from(text, "latin1");
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), bytes);
    const recalled = async () =>
      (await recallForPrompt({ root, layout, query: "Where does the user drink coffee?" })).text;
    expect(await recalled()).toContain("Müller");

    await (SURFACES[surface] as (root: string, layout: Layout) => Promise<unknown>)(root, layout);

    expect(await readFile(join(root, path))).toEqual(bytes);
    expect(existsSync(join(root, ".memfiles/tombstones.json"))).toBe(true);
    expect(await recalled()).not.toContain("Müller");
    // A fact file is one recall unit: the tombstone leaves out the whole body, as the library did.
    if (layout === "subject") expect(await recalled()).toContain("green tea");
  });

  it("the CLI says why the line stays and that its words are tombstoned", async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-forget-tombstone-")), "memory");
    await mkdir(root, { recursive: true });
    await writeFile(join(root, FILES.fact.path), Buffer.from(FILES.fact.text, "latin1"));
    const { context, output } = contextIn(root);
    expect(await runMemfiles(["forget", root, QUERY, "--yes"], context)).toBe(1);
    expect(output.stdout).toMatch(
      /^Nothing removed for "Café Müller":\n {2}drinks\.md: .*Save it as UTF-8.*then forget again\nA tombstone \(hashes only\) keeps the query's words out of recall and the write pass; remember lifts it\.\n$/,
    );
  });
});
