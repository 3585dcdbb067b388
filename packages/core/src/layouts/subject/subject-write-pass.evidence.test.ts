import { mkdtemp } from "node:fs/promises";
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
import { forget, writePass } from "../index.js";

// The evidence rule end to end, through the real SDK client and MSW: any substring of a user turn
// is a verbatim quote, so the write pass also checks that the quote can back the fact.
const server = useMessagesApi();

const transcript = {
  date: "2026-09-12",
  turns: [
    { role: "user" as const, content: "I started a new job in May. I drink green tea every day." },
  ],
};

describe("writePass: evidence that cannot back the fact", () => {
  it.each([
    ["a one-word quote", "I", "evidence_too_short"],
    ["a quote about something else", "I started a new job in May", "evidence_unrelated"],
    ["a quote that states it", "I drink green tea every day", "applied"],
  ])("%s", async (_name, evidence, code) => {
    const store = new MemoryStore({
      root: join(await mkdtemp(join(tmpdir(), "memfiles-evidence-")), "memory"),
    });
    const proposal = {
      file: "preferences.md",
      fact: "likes tea",
      evidence,
      replaces: null,
      description: null,
    };
    mockMessages(server, [
      { content: [toolUseBlock({ name: "propose_memories", input: { memories: [proposal] } })] },
    ]);
    const result = await writePass({
      store,
      transcript,
      client: testClient(),
      model: "claude-haiku-4-5",
      now: new Date("2026-09-12T18:00:00Z"),
      onTooLong: false,
    });
    expect([...result.applied, ...result.rejected].map((item) => item.code)).toEqual([code]);
    expect((await store.list()).map((row) => row.path)).toEqual(
      code === "applied" ? ["preferences.md"] : [],
    );
  });
});

describe("writePass: facts in any script (issue 10, item 6)", () => {
  it("applies grounded Chinese facts and a translated one, and forget removes them", async () => {
    const store = new MemoryStore({
      root: join(await mkdtemp(join(tmpdir(), "memfiles-evidence-")), "memory"),
    });
    const chinese = {
      date: "2026-11-29",
      turns: [
        { role: "user" as const, content: "我住在柏林，平时用 Neovim 写代码。我对花生过敏。" },
      ],
    };
    const memories = [
      ["profile.md", "住在柏林", "我住在柏林"],
      ["profile.md", "对花生过敏", "我对花生过敏"],
      ["topics/home.md", "lives in Berlin", "我住在柏林"],
      ["topics/editor.md", "写代码用 Neovim", "平时用 Neovim 写代码"],
      ["profile.md", "有一只猫", "我住在柏林"],
    ].map(([file, fact, evidence]) => ({
      file,
      fact,
      evidence,
      replaces: null,
      description: null,
    }));
    mockMessages(server, [
      { content: [toolUseBlock({ name: "propose_memories", input: { memories } })] },
    ]);
    const result = await writePass({
      store,
      transcript: chinese,
      client: testClient(),
      model: "claude-haiku-4-5",
      now: new Date("2026-11-29T18:00:00Z"),
      onTooLong: false,
    });
    expect(result.applied.map((item) => item.line)).toEqual([
      "[stated 2026/11/29] 住在柏林",
      "[stated 2026/11/29] 对花生过敏",
      "[stated 2026/11/29] lives in Berlin",
      "[stated 2026/11/29] 写代码用 Neovim",
    ]);
    expect(result.rejected.map((item) => [item.proposal.fact, item.code])).toEqual([
      ["有一只猫", "evidence_unrelated"],
    ]);
    expect(await forget({ store, query: "柏林", now: new Date("2026-11-30") })).toEqual({
      ok: true,
      code: "removed",
      removed: [{ path: "profile.md", line: "[stated 2026/11/29] 住在柏林" }],
    });
  });
});
