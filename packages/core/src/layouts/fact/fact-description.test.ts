import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../store/index.js";
import { remember } from "../remember.js";
import { factDescription } from "./fact-description.js";
import { applyFactProposals } from "./fact-write-pass.js";

const NOW = new Date("2026-12-07T10:00:00Z");
const HELIX = "The user edits code in Helix.";
const ZED = "The user edits code in Zed.";
const VIM = "The user prefers Vim keybindings in every editor.";
const TRANSCRIPT = {
  date: "2026-12-07",
  turns: [{ role: "user" as const, content: "I edit code in Zed these days." }],
};

// Each way one fact of a file is replaced, on a file of `body`.
const SURFACES: Record<string, { body: string; update: (store: MemoryStore) => Promise<unknown> }> =
  {
    "write pass, one fact of several": {
      body: `${HELIX}\n${VIM}\n`,
      update: (store) => save(store),
    },
    "write pass, a body of one fact": { body: `${HELIX}\n`, update: (store) => save(store) },
    "remember with replaces": {
      body: `${HELIX}\n${VIM}\n`,
      update: (store) =>
        remember({ store, path: "editor.md", fact: ZED, replaces: HELIX, now: NOW }),
    },
  };

function save(store: MemoryStore) {
  return applyFactProposals({
    store,
    transcript: TRANSCRIPT,
    now: NOW,
    proposals: [
      {
        action: "save",
        name: "editor",
        type: "user",
        description: "The model's words for the file.",
        body: ZED,
        evidence: "I edit code in Zed these days",
        replaces: "editor.md",
      },
    ],
  });
}

// The description before, and after the update: the one memfiles wrote from the replaced fact
// follows it; a person's, or one written from another fact, describes the file and stays.
const DESCRIPTIONS: Record<string, [before: string, after: string]> = {
  "memfiles' from the replaced fact": [factDescription(HELIX), factDescription(ZED)],
  "memfiles' from another fact": [factDescription(VIM), factDescription(VIM)],
  "a person's": ["Mein Editor, von Hand beschrieben.", "Mein Editor, von Hand beschrieben."],
};

const ENDINGS: Record<string, (text: string) => string> = {
  LF: (text) => text,
  "BOM + CRLF": (text) => `\uFEFF${text.replaceAll("\n", "\r\n")}`,
};

describe("a fact file's description when one of its facts is replaced", () => {
  it.each(
    Object.keys(SURFACES).flatMap((surface) =>
      Object.keys(DESCRIPTIONS).flatMap((description) =>
        Object.keys(ENDINGS).map((ending) => ({ surface, description, ending })),
      ),
    ),
  )("$surface, $description, $ending", async ({ surface, description, ending }) => {
    const { body, update } = SURFACES[surface] as (typeof SURFACES)[string];
    const [before, after] = DESCRIPTIONS[description] as [string, string];
    const form = ENDINGS[ending] as (text: string) => string;
    const root = await mkdtemp(join(tmpdir(), "memfiles-fact-description-"));
    const path = join(root, "editor.md");
    const head = (text: string) => `---\nname: editor\ndescription: ${text}\ntype: user\n`;
    await writeFile(path, form(`${head(before)}---\n${body}`));
    await update(new MemoryStore({ root, layout: "fact" }));
    const kept = body.replace(HELIX, ZED);
    expect(await readFile(path, "utf8")).toBe(
      form(`${head(after)}updated: 2026/12/07\n---\n${kept}`),
    );
  });
});
