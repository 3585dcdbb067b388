import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CountingStore } from "../../../test/counting-store.js";
import { killedAtFileWrite } from "../../../test/killed-store.js";
import {
  mockMessages,
  testClient,
  toolUseBlock,
  useMessagesApi,
} from "../../../test/messages-api.js";
import { MemoryStore } from "../../store/index.js";
import { forget, remember, writePass } from "../index.js";

// Issue 19, item 2: the write pass reads the folder once, not once per proposal.
const server = useMessagesApi();

const FILES = 12;
const SAID = "I switched to Neovim, I deploy on Fly.io, I drink oat milk and I run on Sundays.";
const PROPOSALS = [
  { file: "topics/editor.md", fact: "uses Neovim", evidence: "I switched to Neovim" },
  { file: "topics/hosting.md", fact: "deploys on Fly.io", evidence: "I deploy on Fly.io" },
  { file: "topics/food.md", fact: "drinks oat milk", evidence: "I drink oat milk" },
  { file: "topics/food.md", fact: "drinks oat milk", evidence: "I drink oat milk" },
  { file: "topics/sport.md", fact: "runs on Sundays", evidence: "I run on Sundays" },
].map((given) => ({ replaces: null, description: null, ...given }));

describe("writePass reads the folder once", () => {
  it(`${PROPOSALS.length} proposals over ${FILES} files: each file it does not write is read once`, async () => {
    const store = new CountingStore({
      root: join(await mkdtemp(join(tmpdir(), "memfiles-reads-")), "memory"),
    });
    await mkdir(join(store.root, "topics"), { recursive: true });
    for (let index = 0; index < FILES; index++) {
      await writeFile(
        join(store.root, "topics", `subject-${index}.md`),
        `---\nname: subject-${index}\ndescription: Subject ${index}.\n---\n[stated 2026/09/12] fact ${index}\n`,
      );
    }
    mockMessages(server, [
      { content: [toolUseBlock({ name: "propose_memories", input: { memories: PROPOSALS } })] },
    ]);
    const result = await writePass({
      store,
      transcript: { date: "2026-11-29", turns: [{ role: "user", content: SAID }] },
      client: testClient(),
      model: "claude-haiku-4-5",
      onTooLong: false,
    });
    // The repeated proposal is found in the file the one before it wrote: the snapshot is current.
    expect([...result.applied, ...result.rejected].map((item) => item.code)).toEqual([
      "applied",
      "applied",
      "applied",
      "applied",
      "duplicate",
    ]);
    const untouched = [...store.readPaths].filter(([path]) => path.startsWith("topics/subject-"));
    expect(new Map(untouched)).toEqual(
      new Map(Array.from({ length: FILES }, (_, index) => [`topics/subject-${index}.md`, 1])),
    );
  });
});

describe("writePass and a forget killed midway (issues 19 and 20 merged)", () => {
  const NOW = new Date("2026-10-02T08:00:00Z");
  const HOSTING = {
    file: "topics/hosting.md",
    fact: "keeps backups on Tigris",
    evidence: "I keep backups on Tigris",
    replaces: null,
    description: null,
  };

  async function storeWithPendingForget(): Promise<MemoryStore> {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-reads-forget-")), "memory");
    const store = new MemoryStore({ root });
    await remember({ store, path: "topics/hosting.md", fact: "deploys on Fly.io", now: NOW });
    await remember({ store, path: "topics/hosting.md", fact: "keeps staging on Render", now: NOW });
    return store;
  }

  it("finishes it before its one read: the request never shows the line, the proposal applies", async () => {
    const store = await storeWithPendingForget();
    await expect(
      forget({ store: killedAtFileWrite(store), query: "Fly.io", now: NOW }),
    ).rejects.toThrow("killed");
    expect((await store.check()).pendingForget).toEqual(["topics/hosting.md"]);
    const requests = mockMessages(server, [
      {
        content: [toolUseBlock({ name: "propose_memories", input: { memories: [HOSTING] } })],
      },
    ]);
    const result = await writePass({
      store,
      transcript: {
        date: "2026-10-02",
        turns: [{ role: "user", content: "I keep backups on Tigris." }],
      },
      client: testClient(),
      model: "claude-haiku-4-5",
      onTooLong: false,
      now: NOW,
    });
    expect(JSON.stringify(requests[0]?.messages)).not.toContain("Fly.io");
    expect(result.applied.map((item) => item.code)).toEqual(["applied"]);
    const file = await store.read("topics/hosting.md");
    expect(file.exists && file.content).not.toContain("Fly.io");
    expect(file.exists && file.content).toContain("Tigris");
    expect((await store.check()).pendingForget).toEqual([]);
  });

  it("finishes one killed during the model call before applying, on a refreshed snapshot", async () => {
    const store = await storeWithPendingForget();
    mockMessages(server, [
      {
        during: async () => {
          await expect(
            forget({ store: killedAtFileWrite(store), query: "Fly.io", now: NOW }),
          ).rejects.toThrow("killed");
        },
        content: [toolUseBlock({ name: "propose_memories", input: { memories: [HOSTING] } })],
      },
    ]);
    const result = await writePass({
      store,
      transcript: {
        date: "2026-10-02",
        turns: [{ role: "user", content: "I keep backups on Tigris." }],
      },
      client: testClient(),
      model: "claude-haiku-4-5",
      onTooLong: false,
      now: NOW,
    });
    expect(result.applied.map((item) => item.code)).toEqual(["applied"]);
    const file = await store.read("topics/hosting.md");
    expect(file.exists && file.content).not.toContain("Fly.io");
    expect(file.exists && file.content).toContain("Render");
    expect(file.exists && file.content).toContain("Tigris");
    expect((await store.check()).pendingForget).toEqual([]);
  });
});
