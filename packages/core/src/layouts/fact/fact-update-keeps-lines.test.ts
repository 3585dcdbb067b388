import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../store/index.js";
import { remember } from "../remember.js";
import { applyFactProposals } from "./fact-write-pass.js";
import type { FactProposal } from "./propose-facts-tool.js";

const NOW = new Date("2026-12-07T10:00:00Z");
const HEAD = "---\nname: editor\ndescription: The user's editor.\ntype: user\n---\n";
const ZED = "The user edits code in Zed.";
const UPDATED = HEAD.replace("type: user\n", "type: user\nupdated: 2026/12/07\n");
const TRANSCRIPT = {
  date: "2026-12-07",
  turns: [
    {
      role: "user" as const,
      content:
        "I edit code in Zed these days. I prefer Emacs keybindings in every editor. I like a dark theme. I edit code in Helix. I deploy on Render now. I have lunch every Saturday with Marta and her two children now.",
    },
  ],
};

// The user's words behind the proposal's body, quoted from the transcript.
function save(body: string, evidence = "I edit code in Zed these days"): FactProposal {
  return {
    action: "save",
    name: "editor",
    type: "user",
    description: "The user's editor.",
    body,
    evidence,
    replaces: "editor.md",
  };
}

async function storeWith(text: string): Promise<{ store: MemoryStore; path: string }> {
  const root = await mkdtemp(join(tmpdir(), "memfiles-fact-update-"));
  await writeFile(join(root, "editor.md"), text);
  return { store: new MemoryStore({ root, layout: "fact" }), path: join(root, "editor.md") };
}

// An update replaces only the fact of the body it updates; every other line stays byte for byte
// (decision 0068). Each row's file as stored, the proposal's body, the file after.
describe("a write-pass update of a fact file", () => {
  it.each([
    {
      name: "one-line body: the body is the fact, replaced",
      before: `${HEAD}The user edits code in Helix.\n`,
      body: ZED,
      after: `${HEAD.replace("type: user\n", "type: user\nupdated: 2026/12/07\n")}${ZED}\n`,
    },
    {
      name: "two-line body, update of line 1",
      before: `${HEAD}The user edits code in Helix.\nThe user prefers Vim keybindings in every editor\n`,
      body: ZED,
      after: `${HEAD.replace("type: user\n", "type: user\nupdated: 2026/12/07\n")}${ZED}\nThe user prefers Vim keybindings in every editor\n`,
    },
    {
      name: "two-line body, update of line 2",
      before: `${HEAD}The user edits code in Helix.\nThe user prefers Vim keybindings in every editor\n`,
      body: "The user prefers Emacs keybindings in every editor.",
      evidence: "I prefer Emacs keybindings in every editor",
      after: `${HEAD.replace("type: user\n", "type: user\nupdated: 2026/12/07\n")}The user edits code in Helix.\nThe user prefers Emacs keybindings in every editor.\n`,
    },
    {
      name: "hand-written CRLF body in Spanish, blank line and no updated",
      before:
        "---\r\nname: editor\r\ndescription: El editor del usuario.\r\n---\r\n\r\nEl usuario edita código en Helix.\r\nEl usuario prefiere los atajos de Vim.\r\n",
      body: "El usuario edita código en Zed.",
      after:
        "---\r\nname: editor\r\ndescription: El editor del usuario.\r\nupdated: 2026/12/07\r\ntype: user\r\n---\r\n\r\nEl usuario edita código en Zed.\r\nEl usuario prefiere los atajos de Vim.\r\n",
    },
    {
      name: "byte order mark and bullets: the marker kept",
      before: `\uFEFF${HEAD}- The user edits code in Helix.\n- The user prefers Vim keybindings in every editor.\n`,
      body: ZED,
      after: `\uFEFF${HEAD.replace("type: user\n", "type: user\nupdated: 2026/12/07\n")}- ${ZED}\n- The user prefers Vim keybindings in every editor.\n`,
    },
    {
      name: "a line in another language the update is not about",
      before: `${HEAD}The user edits code in Helix.\nユーザーは日本語のドキュメントを書く。\n`,
      body: ZED,
      after: `${HEAD.replace("type: user\n", "type: user\nupdated: 2026/12/07\n")}${ZED}\nユーザーは日本語のドキュメントを書く。\n`,
    },
    {
      name: "a line the model did not see (the body it restates lacks it)",
      before: `${HEAD}The user edits code in Helix.\nThe user prefers Vim keybindings in every editor\nThe user writes Rust at work.\n`,
      body: `${ZED}\nThe user prefers Vim keybindings in every editor`,
      after: `${HEAD.replace("type: user\n", "type: user\nupdated: 2026/12/07\n")}${ZED}\nThe user prefers Vim keybindings in every editor\nThe user writes Rust at work.\n`,
    },
    {
      name: "a hard-wrapped sentence, replaced whole with the lines it wraps over",
      before: `${HEAD}The user edits code in Helix\nevery day at work.\n- The user likes a dark theme.\n`,
      body: "The user edits code in Zed every day at work.",
      after: `${UPDATED}The user edits code in Zed every day at work.\n- The user likes a dark theme.\n`,
    },
    {
      name: "a sentence wrapped before a name, replaced whole",
      before: `${HEAD}The user has lunch every Sunday with\nMarta and her two children.\n- The user likes a dark theme.\n`,
      body: "The user has lunch every Saturday with Marta and her two children.",
      evidence: "I have lunch every Saturday with Marta and her two children now",
      after: `${UPDATED}The user has lunch every Saturday with Marta and her two children.\n- The user likes a dark theme.\n`,
    },
    {
      name: "a body of one hard-wrapped sentence is the fact, replaced whole",
      before: `${HEAD}The user edits code in Helix, with a colour theme\nthey built themselves.\n`,
      body: ZED,
      after: `${UPDATED}${ZED}\n`,
    },
    {
      name: "a heading over the one fact is kept",
      before: `${HEAD}## Mein Editor (von Hand)\n\nThe user edits code in Helix.\n`,
      body: ZED,
      after: `${UPDATED}## Mein Editor (von Hand)\n\n${ZED}\n`,
    },
    {
      name: "a one-word bullet holding only the new value is not the fact updated",
      before: `${HEAD}The user edits code in Helix.\n- Zed\n`,
      body: ZED,
      after: `${UPDATED}${ZED}\n- Zed\n`,
    },
    {
      name: "a two-fact update in a bullet list: both lines bullets",
      before: `${HEAD}- The user edits code in Helix.\n- The user likes Vim keys.\n`,
      body: `${ZED}\nThe user edits notes in Zed.`,
      after: `${UPDATED}- ${ZED}\n- The user edits notes in Zed.\n- The user likes Vim keys.\n`,
    },
    {
      name: "a heading over no fact is kept, the fact written below it",
      before: `${HEAD}## Mein Editor (von Hand)\n`,
      body: `## Mein Editor (von Hand)\n\n${ZED}`,
      after: `${UPDATED}## Mein Editor (von Hand)\n${ZED}\n`,
    },
    {
      name: "a fact added to a bullet list is a bullet",
      before: `${HEAD}- The user edits code in Helix.\n- The user likes Vim keys.\n`,
      body: "The user edits code in Helix.\nThe user likes Vim keys.\nThe user likes a dark theme.",
      evidence: "I like a dark theme",
      after: `${UPDATED}- The user edits code in Helix.\n- The user likes Vim keys.\n- The user likes a dark theme.\n`,
    },
    {
      name: "a value of several words (Fly.io) is what changes, not what the fact says",
      before: `${HEAD}The user deploys on Fly.io.\n\n**Why:** cheap.\n`,
      body: "The user deploys on Render.",
      evidence: "I deploy on Render now",
      after: `${UPDATED}The user deploys on Render.\n\n**Why:** cheap.\n`,
    },
  ])("$name", async ({ before, body, after, evidence }) => {
    const { store, path } = await storeWith(before);
    const result = await applyFactProposals({
      store,
      transcript: TRANSCRIPT,
      proposals: [save(body, evidence)],
      now: NOW,
    });
    expect(result.rejected).toEqual([]);
    expect(await readFile(path, "utf8")).toBe(after);
  });

  it("keeps a remembered line when a later session updates the file's first fact (the trial)", async () => {
    const { store, path } = await storeWith(`${HEAD}The user edits code in Helix.\n`);
    await remember({
      store,
      path: "editor.md",
      fact: "The user prefers Vim keybindings in every editor",
      now: NOW,
    });
    const result = await applyFactProposals({
      store,
      transcript: TRANSCRIPT,
      proposals: [save(ZED)],
      now: NOW,
    });
    expect(result.applied.map(({ line, replaced }) => ({ line, replaced }))).toEqual([
      { line: ZED, replaced: ["The user edits code in Helix."] },
    ]);
    expect((await readFile(path, "utf8")).split("---\n")[2]).toBe(
      `${ZED}\nThe user prefers Vim keybindings in every editor\n`,
    );
  });

  it.each([
    {
      name: "too few words in common with any fact",
      before: `${HEAD}The user edits code in Helix.\nThe user prefers Vim keybindings in every editor\n`,
      body: "The user likes a dark theme.",
      evidence: "I like a dark theme",
      reason: "editor.md it holds 2 facts and this one shares too few words with any of them",
    },
    {
      name: "as many words in common with two facts",
      before: `${HEAD}The user edits code in Helix at work.\nThe user edits code in Emacs at home.\n`,
      body: "The user edits code in Zed.",
      evidence: "I edit code in Zed these days",
      reason:
        'could update any of "The user edits code in Helix at work.", "The user edits code in Emacs at home."',
    },
    {
      name: "a hard-wrapped sentence it carries under half the words of (the trial's editor.md)",
      before:
        "\uFEFF---\r\nname: editor\r\ndescription: The user's editor.\r\ntype: user\r\n---\r\nThe user edits code in Helix, with a colour theme they built\r\nthemselves and Vim keybindings in every editor.\r\n- Lieblingsschrift: Iosevka\r\n",
      body: "The user edits code in Zed.",
      evidence: "I edit code in Zed these days",
      reason: "editor.md it holds 2 facts and this one shares too few words with any of them",
    },
    {
      name: "under half of what the fact says besides its value",
      before: `${HEAD}Uses Neovim with two spaces.\n\n**Why:** speed.\n`,
      body: "Uses Helix (previously Neovim).",
      evidence: "I edit code in Helix",
      reason: "editor.md it holds 2 facts and this one shares too few words with any of them",
    },
  ])("refuses, writing nothing, an update of several facts with $name", async (row) => {
    const { store, path } = await storeWith(row.before);
    const result = await applyFactProposals({
      store,
      transcript: TRANSCRIPT,
      proposals: [save(row.body, row.evidence)],
      now: NOW,
    });
    expect(result.applied).toEqual([]);
    expect(result.rejected.map(({ code }) => code)).toEqual(["replaces_not_found"]);
    expect(result.rejected[0]?.message).toContain(row.reason);
    expect(await readFile(path, "utf8")).toBe(row.before);
  });

  it("adds the new line when the proposal restates every other fact, and refuses a restatement", async () => {
    const two = `${HEAD}The user edits code in Helix.\nThe user prefers Vim keybindings in every editor\n`;
    const { store, path } = await storeWith(two);
    const restated = await applyFactProposals({
      store,
      transcript: TRANSCRIPT,
      proposals: [save("The user edits code in Helix.", "I edit code in Helix")],
      now: NOW,
    });
    expect(restated.rejected.map(({ code }) => code)).toEqual(["duplicate"]);
    expect(await readFile(path, "utf8")).toBe(two);
    const added = await applyFactProposals({
      store,
      transcript: TRANSCRIPT,
      proposals: [
        save(
          "The user edits code in Helix.\nThe user prefers Vim keybindings in every editor\nThe user likes a dark theme.",
          "I like a dark theme",
        ),
      ],
      now: NOW,
    });
    expect(added.rejected).toEqual([]);
    expect((await readFile(path, "utf8")).split("---\n")[2]).toBe(
      "The user edits code in Helix.\nThe user prefers Vim keybindings in every editor\nThe user likes a dark theme.\n",
    );
  });
});
