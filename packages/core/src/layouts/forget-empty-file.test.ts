import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { beginForget, finishPendingForget } from "../write/pending-forget.js";
import { forget, previewForget } from "./forget.js";

// Forgetting the last fact of a file leaves no empty file listed in MEMORY.md: a file holding
// nothing but memfiles' own header goes, in both layouts, and the preview says so; a person's
// heading, description, another front matter field or another line keeps it.
// The description memfiles gives a new file at topics/tools.md (`describeNewFile`).
const SUBJECT_HEADER =
  "---\nname: tools\ndescription: What the user stated about tools. Read for any question about tools.\nupdated: 2026/01/01\n---\n";
const FACT_HEADER = "---\nname: Editor\ndescription: The user's editor.\ntype: user\n---\n";
const LINE = "[stated 2026/01/01] uses Neovim";

const CASES: Array<[name: string, layout: StoreLayout, path: string, text: string, kept: boolean]> =
  [
    ["the only line", "subject", "topics/tools.md", `${SUBJECT_HEADER}${LINE}\n`, false],
    [
      "the only line, CRLF",
      "subject",
      "topics/tools.md",
      `${SUBJECT_HEADER}${LINE}\n`.replaceAll("\n", "\r\n"),
      false,
    ],
    [
      "a person's heading stays",
      "subject",
      "topics/tools.md",
      `${SUBJECT_HEADER}# My tools\n\n${LINE}\n`,
      true,
    ],
    [
      "a person's front matter field stays",
      "subject",
      "topics/tools.md",
      `---\nname: tools\ndescription: What the user stated about tools. Read for any question about tools.\ntags: [dev]\n---\n${LINE}\n`,
      true,
    ],
    [
      "a person's description stays",
      "subject",
      "topics/pets.md",
      `---\nname: pets\ndescription: Meine Haustiere, von Hand beschrieben: Katze Mia, Hund Bello, Schildkröte Tom\nupdated: 2026/01/01\n---\n[stated 2026/01/01] The user has a cat named Mia who loves Neovim\n`,
      true,
    ],
    [
      "the description memfiles gives a new file",
      "subject",
      "people/ana-lima.md",
      `---\nname: ana-lima\ndescription: ana lima, a person in the user's life, as the user described them. Read only when the user brings up ana lima.\nupdated: 2026/01/01\n---\n${LINE}\n`,
      false,
    ],
    [
      "no description",
      "subject",
      "topics/tools.md",
      `---\nname: tools\nupdated: 2026/01/01\n---\n${LINE}\n`,
      false,
    ],
    [
      "another line stays",
      "subject",
      "topics/tools.md",
      `${SUBJECT_HEADER}${LINE}\n[stated 2026/01/01] uses tmux\n`,
      true,
    ],
    ["the only fact", "fact", "editor.md", `${FACT_HEADER}The user edits code in Neovim.\n`, false],
    [
      "another fact stays",
      "fact",
      "editor.md",
      `${FACT_HEADER}The user edits code in Neovim.\nThe user uses tmux.\n`,
      true,
    ],
  ];

async function folderWith(path: string, text: string): Promise<string> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-forget-empty-")), "memory");
  await mkdir(join(root, path, ".."), { recursive: true });
  await writeFile(join(root, path), text);
  return root;
}

async function outcome(root: string, path: string): Promise<{ kept: boolean; listed: boolean }> {
  const index = existsSync(join(root, "MEMORY.md"))
    ? await readFile(join(root, "MEMORY.md"), "utf8")
    : "";
  return { kept: existsSync(join(root, path)), listed: index.includes(path) };
}

describe("forget leaves no empty file behind", () => {
  it.each(CASES)("%s (%s layout)", async (_name, layout, path, text, kept) => {
    const root = await folderWith(path, text);
    const store = new MemoryStore({ root, layout });
    const preview = await previewForget({ store, query: "Neovim" });
    const result = await forget({ store, query: "Neovim" });
    expect({
      code: result.code,
      deletesFile: preview.files.find((file) => file.path === path)?.deletesFile ?? false,
      ...(await outcome(root, path)),
    }).toEqual({ code: "removed", deletesFile: !kept, kept, listed: kept });
  });

  // The journal of a forget killed midway is finished by the same rule: the file left goes or
  // stays as the forget would have left it (only the subject layout journals its lines).
  it.each(CASES.filter(([, layout]) => layout === "subject"))(
    "%s, finished from the journal (%s layout)",
    async (_name, layout, path, text, kept) => {
      const root = await folderWith(path, text);
      const store = new MemoryStore({ root, layout });
      const preview = await previewForget({ store, query: "Neovim" });
      const lines = preview.files.flatMap((file) =>
        file.lines.map((line) => ({ path: file.path, line })),
      );
      const finished = await store.withLock(async () => {
        await beginForget(store, "2026/02/02", lines);
        return finishPendingForget(store);
      });
      expect({ finished, ...(await outcome(root, path)) }).toEqual({
        finished: 1,
        kept,
        listed: kept,
      });
    },
  );
});

describe("a forget counts what it removes", () => {
  it.each<[StoreLayout, string, string, number]>([
    [
      "fact",
      "cafe.md",
      "---\nname: Café\ndescription: Café and cake.\ntype: user\n---\n- Der Nutzer trinkt gern Café crème.\n- Der Nutzer isst gern Käsekuchen.\n",
      2,
    ],
    [
      "subject",
      "topics/cafe.md",
      "---\nname: cafe\ndescription: Café and cake.\nupdated: 2026/01/01\n---\n[stated 2026/01/01] Der Nutzer trinkt gern Café crème.\n[stated 2026/01/01] Der Nutzer mag das Café am Markt.\n",
      2,
    ],
  ])("a file named by the query (%s layout)", async (layout, path, text, count) => {
    const root = await folderWith(path, text);
    const store = new MemoryStore({ root, layout });
    const preview = await previewForget({ store, query: "Café" });
    const result = await forget({ store, query: "Café" });
    expect({
      shown: preview.files.flatMap((file) => file.lines).length,
      removed: result.removed.length,
      kept: existsSync(join(root, path)),
    }).toEqual({ shown: count, removed: count, kept: layout === "subject" });
  });
});
