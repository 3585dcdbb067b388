import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mockMessages, testClient, toolUseBlock } from "../../test/messages-api.js";
import { MemoryStore } from "../store/index.js";
import { writePass } from "./write-pass.js";

// Issue 19, item 2: the write pass reads the folder once, not once per proposal.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const FILES = 12;
const SAID = "I switched to Neovim, I deploy on Fly.io, I drink oat milk and I run on Sundays.";
const PROPOSALS = [
  { file: "topics/editor.md", fact: "uses Neovim", evidence: "I switched to Neovim" },
  { file: "topics/hosting.md", fact: "deploys on Fly.io", evidence: "I deploy on Fly.io" },
  { file: "topics/food.md", fact: "drinks oat milk", evidence: "I drink oat milk" },
  { file: "topics/food.md", fact: "drinks oat milk", evidence: "I drink oat milk" },
  { file: "topics/sport.md", fact: "runs on Sundays", evidence: "I run on Sundays" },
].map((given) => ({ replaces: null, description: null, ...given }));

/** A store that counts `read` calls per path. */
class CountingStore extends MemoryStore {
  readonly reads = new Map<string, number>();
  override read(path: string) {
    this.reads.set(path, (this.reads.get(path) ?? 0) + 1);
    return super.read(path);
  }
}

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
    const untouched = [...store.reads].filter(([path]) => path.startsWith("topics/subject-"));
    expect(new Map(untouched)).toEqual(
      new Map(Array.from({ length: FILES }, (_, index) => [`topics/subject-${index}.md`, 1])),
    );
  });
});
