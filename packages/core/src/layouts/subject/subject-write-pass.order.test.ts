import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  mockMessages,
  testClient,
  toolUseBlock,
  useMessagesApi,
} from "../../../test/messages-api.js";
import { MemoryStore } from "../../store/index.js";
import { forget, remember, writePass } from "../index.js";

// Issue 10, items 7 to 9, end to end through the real SDK client and MSW: the order of sessions,
// rewordings of a stored fact, and placeholders in place of a fact.
const server = useMessagesApi();

type Given = { file: string; fact: string; evidence: string; replaces?: string | null };

async function storeWith(files: Record<string, string>): Promise<MemoryStore> {
  const store = new MemoryStore({
    root: join(await mkdtemp(join(tmpdir(), "memfiles-order-")), "memory"),
  });
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(store.root, path, ".."), { recursive: true });
    await writeFile(join(store.root, path), text);
  }
  return store;
}

async function pass(store: MemoryStore, date: string, said: string, proposals: Given[]) {
  const memories = proposals.map((given) => ({
    replaces: null,
    description: null,
    ...given,
  }));
  mockMessages(server, [
    { content: [toolUseBlock({ name: "propose_memories", input: { memories } })] },
  ]);
  return writePass({
    store,
    transcript: { date, turns: [{ role: "user", content: said }] },
    client: testClient(),
    model: "claude-haiku-4-5",
    now: new Date("2026-11-29T18:00:00Z"),
    onTooLong: false,
  });
}

const HOSTING = (line: string) =>
  `---\nname: hosting\ndescription: Where the user deploys. Read for hosting questions.\n---\n${line}\n`;

describe("an older session never overwrites a newer fact (item 7)", () => {
  it.each([
    ["the issue's input: 11/10 over 11/20", "2026-11-10", "2026/11/20", "replaces_newer"],
    ["one day older", "2026-11-19", "2026/11/20", "replaces_newer"],
    ["a year older", "2025-11-25", "2026/11/20", "replaces_newer"],
    ["the same day", "2026-11-20", "2026/11/20", "applied"],
    ["a newer session", "2026-11-25", "2026/11/20", "applied"],
  ])("%s: %s", async (_name, sessionDate, storedDate, code) => {
    const stored = `[stated ${storedDate}] deploys on Railway`;
    const store = await storeWith({ "topics/hosting.md": HOSTING(stored) });
    const result = await pass(store, sessionDate, "I deploy everything on Fly.io", [
      {
        file: "topics/hosting.md",
        fact: "deploys on Fly.io",
        evidence: "I deploy everything on Fly.io",
        replaces: "deploys on Railway",
      },
    ]);
    expect([...result.applied, ...result.rejected].map((item) => item.code)).toEqual([code]);
    const file = await store.read("topics/hosting.md");
    const facts = file.exists ? file.content.split("\n").filter((l) => l.startsWith("[")) : [];
    expect(facts).toEqual(
      code === "applied"
        ? [`[stated ${sessionDate.replaceAll("-", "/")}] deploys on Fly.io`]
        : [stored],
    );
  });
});

describe("a rewording of a stored fact is a duplicate unless it names the line (item 8)", () => {
  const EDITOR =
    "---\nname: tools\ndescription: Dev tools. Read for coding questions.\n---\n[stated 2026/11/01] uses Neovim as the main editor\n";
  const said =
    "Neovim is my main editor, always has been. I also use tmux. I no longer use VS Code.";
  it.each([
    ["the issue's first rewording", "topics/tools.md", "main editor is Neovim", null, "duplicate"],
    [
      "the issue's second, in another file",
      "topics/editor.md",
      "Neovim is the user's main editor",
      null,
      "duplicate",
    ],
    ["a subset of the words", "topics/editor.md", "uses Neovim", null, "duplicate"],
    ["a new word: not a rewording", "topics/tools.md", "uses tmux", null, "applied"],
    [
      "a rewording that names the line it replaces",
      "topics/tools.md",
      "main editor is Neovim",
      "uses Neovim as the main editor",
      "applied",
    ],
  ])("%s", async (_name, file, fact, replaces, code) => {
    const store = await storeWith({ "topics/tools.md": EDITOR });
    const evidence =
      fact === "uses tmux" ? "I also use tmux" : "Neovim is my main editor, always has been";
    const result = await pass(store, "2026-11-29", said, [{ file, fact, evidence, replaces }]);
    const outcome = [...result.applied, ...result.rejected][0];
    expect(outcome?.code).toBe(code);
    if (outcome?.code === "duplicate") {
      expect(outcome).toMatchObject({
        message: expect.stringContaining("[stated 2026/11/01] uses Neovim as the main editor"),
      });
    }
  });

  it("keeps a negated fact apart from its affirmative", async () => {
    const store = await storeWith({
      "topics/tools.md":
        "---\nname: tools\ndescription: Dev tools. Read for coding questions.\n---\n[stated 2026/11/01] uses VS Code\n",
    });
    const result = await pass(store, "2026-11-29", "I no longer use VS Code.", [
      {
        file: "topics/tools.md",
        fact: "no longer uses VS Code",
        evidence: "I no longer use VS Code",
      },
    ]);
    expect(result.applied.map((item) => item.line)).toEqual([
      "[stated 2026/11/29] no longer uses VS Code",
    ]);
  });
});

describe("placeholders are refused on every write path (item 9)", () => {
  it.each(["undefined", "null", "N/A", "...", "<fact>", "TODO"])(
    "writePass and remember refuse %j",
    async (fact) => {
      const store = await storeWith({});
      const result = await pass(store, "2026-11-29", "undefined null N/A ... <fact> TODO", [
        { file: "profile.md", fact, evidence: "undefined null N/A ... <fact> TODO" },
      ]);
      expect(result.rejected.map((item) => item.code)).toEqual(["invalid_fact"]);
      expect(await remember({ store, path: "profile.md", fact })).toMatchObject({
        code: "invalid_fact",
      });
      expect(await store.list()).toEqual([]);
    },
  );
});

describe("after forget('tea'), the steak and team facts are not forgotten (item 1)", () => {
  it("a write pass of the steak fact finds it still stored, not refused forgotten", async () => {
    const store = await storeWith({
      "profile.md":
        "---\nname: profile\ndescription: Who the user is.\n---\n[stated 2026/11/01] drinks green tea every morning\n[stated 2026/11/01] eats steak every Friday\n[stated 2026/11/01] is the team lead at Acme\n",
    });
    expect(await forget({ store, query: "tea", now: new Date("2026-11-28") })).toMatchObject({
      code: "removed",
      removed: [{ path: "profile.md", line: "[stated 2026/11/01] drinks green tea every morning" }],
    });
    const said = "I eat steak every Friday. I lead the team at Acme. I love tea.";
    const result = await pass(store, "2026-11-29", said, [
      {
        file: "topics/food.md",
        fact: "eats steak every Friday",
        evidence: "I eat steak every Friday",
      },
      {
        file: "topics/work.md",
        fact: "leads the team at Acme",
        evidence: "I lead the team at Acme",
      },
      { file: "topics/food.md", fact: "loves tea", evidence: "I love tea" },
    ]);
    expect(
      [...result.applied, ...result.rejected].map((item) => [item.proposal.fact, item.code]),
    ).toEqual([
      ["eats steak every Friday", "duplicate"],
      ["leads the team at Acme", "duplicate"],
      ["loves tea", "forgotten"],
    ]);
  });
});
