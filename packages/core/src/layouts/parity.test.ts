import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { getPrompt } from "@memfiles/prompts";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mockMessages, testClient, toolUseBlock } from "../../test/messages-api.js";
import { estimateTokens } from "../cost/index.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import type { Transcript } from "../transcript/index.js";
import { consolidateAll, remember, WritePromptLayoutError, writePass } from "./index.js";

// Every guarantee of the write stage, run on both layouts: a layout that skips one fails here.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const LAYOUTS: StoreLayout[] = ["subject", "fact"];
const MODEL = "claude-haiku-4-5";
// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const FAKE_KEY = ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1Op"].join("-");

// Counts each file read: a `read(path)`, each file of `readAll()`, each row of `list()` (a fresh
// store's listing reads every file).
class CountingStore extends MemoryStore {
  reads = 0;
  readonly readPaths = new Map<string, number>();
  #count(path: string) {
    this.reads += 1;
    this.readPaths.set(path, (this.readPaths.get(path) ?? 0) + 1);
  }
  override read(path: string) {
    this.#count(path);
    return super.read(path);
  }
  override async readAll() {
    const all = await super.readAll();
    for (const path of all.files.keys()) this.#count(path);
    return all;
  }
  override async list() {
    const rows = await super.list();
    for (const row of rows) this.#count(row.path);
    return rows;
  }
}

async function storeIn(layout: StoreLayout): Promise<CountingStore> {
  const root = join(await mkdtemp(join(tmpdir(), `memfiles-parity-${layout}-`)), "memory");
  await mkdir(root, { recursive: true });
  return new CountingStore({ root, layout });
}

/** One stored fact, in the layout's own file shape, stated (or updated) on `date` (YYYY/MM/DD). */
async function seed(
  layout: StoreLayout,
  store: MemoryStore,
  options: { slug: string; fact: string; date: string },
): Promise<string> {
  const path = layout === "subject" ? `topics/${options.slug}.md` : `${options.slug}.md`;
  const text =
    layout === "subject"
      ? `---\nname: ${options.slug}\ndescription: About ${options.slug}.\nupdated: ${options.date}\n---\n[stated ${options.date}] ${options.fact}\n`
      : `---\nname: ${options.slug.replace(/-/g, " ")}\ndescription: About ${options.slug}.\ntype: project\nupdated: ${options.date}\n---\n${options.fact}\n`;
  await mkdir(dirname(join(store.root, path)), { recursive: true });
  await writeFile(join(store.root, path), text);
  return path;
}

type Given = { slug: string; fact: string; evidence: string; replaces?: string | null };

/** A proposal in the layout's tool shape (`propose_memories` or `propose_facts`). */
function proposal(layout: StoreLayout, given: Given): Record<string, unknown> {
  return layout === "subject"
    ? {
        file: `topics/${given.slug}.md`,
        fact: given.fact,
        evidence: given.evidence,
        replaces: given.replaces ?? null,
        description: null,
      }
    : {
        action: "save",
        name: given.slug.replace(/-/g, " "),
        type: "project",
        description: `About ${given.slug}.`,
        body: given.fact,
        evidence: given.evidence,
        replaces: given.replaces ?? null,
      };
}

/** What `replaces` says to name the stored fact seeded by {@link seed}. */
function replacesOf(layout: StoreLayout, slug: string, fact: string): string {
  return layout === "subject" ? fact : `${slug}.md`;
}

function reply(layout: StoreLayout, memories: Record<string, unknown>[]) {
  const name = layout === "subject" ? "propose_memories" : "propose_facts";
  return { content: [toolUseBlock({ name, input: { memories } })] };
}

function session(date: string, said: string): Transcript {
  return { date, sessionId: `s-${date}`, turns: [{ role: "user", content: said }] };
}

async function run(
  store: MemoryStore,
  layout: StoreLayout,
  transcript: Transcript,
  memories: Record<string, unknown>[],
) {
  const requests = mockMessages(server, [reply(layout, memories)]);
  const result = await writePass({
    store,
    transcript,
    client: testClient(),
    model: MODEL,
    onTooLong: false,
  });
  return { result, requests };
}

describe.each(LAYOUTS)("the write stage in the %s layout", (layout) => {
  it("an older session never replaces a newer fact (replaces_newer), the stored one is kept", async () => {
    const store = await storeIn(layout);
    const path = await seed(layout, store, {
      slug: "deploy-host",
      fact: "deploys on Fly.io",
      date: "2026/09/20",
    });
    const before = await readFile(join(store.root, path), "utf8");
    const { result } = await run(
      store,
      layout,
      session("2026-09-01", "I deploy everything on Heroku."),
      [
        proposal(layout, {
          slug: "deploy-host",
          fact: "deploys on Heroku",
          evidence: "I deploy everything on Heroku",
          replaces: replacesOf(layout, "deploy-host", "deploys on Fly.io"),
        }),
      ],
    );
    expect(result.applied).toEqual([]);
    expect(result.rejected.map((item) => item.code)).toEqual(["replaces_newer"]);
    expect(await readFile(join(store.root, path), "utf8")).toBe(before);
  });

  it.each([
    ["undefined", "undefined"],
    ["N/A", "N/A"],
    ["---", "---"],
    ["a 425-char fact", `uses ${"the long word ".repeat(30)}`.slice(0, 425)],
  ])("remember refuses %s (invalid_fact) and writes nothing", async (_name, fact) => {
    const store = await storeIn(layout);
    const result = await remember({ store, path: "topics/editor.md", fact });
    expect(result).toEqual(expect.objectContaining({ ok: false, code: "invalid_fact" }));
    expect(await store.list()).toEqual([]);
  });

  const SAID = `I deploy on Fly.io. My key is ${FAKE_KEY}. I went to the shop on Monday morning.`;
  it.each([
    [
      "a secret in the evidence",
      { fact: "deploys on Fly.io", evidence: `My key is ${FAKE_KEY}` },
      "secret",
    ],
    [
      "a secret in replaces",
      { fact: "deploys on Fly.io", evidence: "I deploy on Fly.io", replaces: FAKE_KEY },
      "secret",
    ],
    [
      "evidence that does not back the fact",
      { fact: "deploys on Fly.io", evidence: "I went to the shop on Monday morning" },
      "evidence_unrelated",
    ],
    ["a placeholder", { fact: "...", evidence: "I deploy on Fly.io" }, "invalid_fact"],
    [
      "a fact over every cap (1,300 chars)",
      {
        fact: `deploys on Fly.io ${"and more ".repeat(160)}`.slice(0, 1300),
        evidence: "I deploy on Fly.io",
      },
      "invalid_fact",
    ],
  ])("the write pass refuses %s (%s)", async (_name, given, code) => {
    const store = await storeIn(layout);
    const { result } = await run(store, layout, session("2026-09-12", SAID), [
      proposal(layout, { slug: "deploy-host", ...given }),
    ]);
    expect(result.applied).toEqual([]);
    expect(result.rejected.map((item) => item.code)).toEqual([code]);
    expect(await store.list()).toEqual([]);
  });

  it("a prompt written for the other layout is refused before any request, naming both", async () => {
    const store = await storeIn(layout);
    const other =
      layout === "subject" ? getPrompt("fact-extraction", 1) : getPrompt("extraction", 3);
    const requests = mockMessages(server, []);
    const pass = writePass({
      store,
      transcript: session("2026-09-12", "hi"),
      client: testClient(),
      model: MODEL,
      prompt: other,
    });
    await expect(pass).rejects.toThrow(WritePromptLayoutError);
    await expect(pass).rejects.toThrow(
      new RegExp(
        `written for the ${layout === "subject" ? "fact" : "subject"} layout, and this store is in the ${layout} layout`,
      ),
    );
    expect(requests).toEqual([]);
  });

  it("20 proposals over 40 files: every file is read at most once, besides the ones written", async () => {
    const store = await storeIn(layout);
    const FILES = 40;
    for (let index = 0; index < FILES; index++) {
      await seed(layout, store, {
        slug: `subject-${index}`,
        fact: `likes thing ${index}`,
        date: "2026/09/01",
      });
    }
    const words =
      "rose tulip lily daisy orchid iris poppy violet aster dahlia peony lotus jasmine lilac magnolia camellia begonia azalea zinnia marigold".split(
        " ",
      );
    const said = words.map((word) => `I grow the ${word} flower`).join(". ");
    store.reads = 0;
    store.readPaths.clear();
    const { result } = await run(
      store,
      layout,
      session("2026-09-12", said),
      words.map((word) =>
        proposal(layout, {
          slug: `garden-${word}`,
          fact: `grows the ${word} flower`,
          evidence: `I grow the ${word} flower`,
        }),
      ),
    );
    expect(result.rejected).toEqual([]);
    expect(result.applied).toHaveLength(20);
    const seeded = [...store.readPaths].filter(([path]) => path.includes("subject-"));
    expect(seeded).toHaveLength(FILES);
    expect(seeded.every(([, reads]) => reads === 1)).toBe(true);
    // One read per stored file, and the one each write makes of its own file's version token.
    expect(store.reads).toBeLessThanOrEqual(FILES + result.applied.length + 2);
  });

  it("the write request lists a 300-file folder within the index budget, and says it is partial", async () => {
    const store = await storeIn(layout);
    for (let index = 0; index < 300; index++) {
      await seed(layout, store, {
        slug: `subject-${index}`,
        fact: `likes thing ${index}`,
        date: "2026/09/01",
      });
    }
    const requests = mockMessages(server, [reply(layout, [])]);
    await writePass({
      store,
      transcript: session("2026-09-12", "I like subject-7 a lot."),
      client: testClient(),
      model: MODEL,
      maxIndexTokens: 400,
    });
    const content = String(requests[0]?.messages[0]?.content);
    const listed = content.match(/subject-\d+\.md/g) ?? [];
    expect(new Set(listed).size).toBeLessThan(300);
    expect(content).toContain("subject-7.md");
    expect(content).toMatch(/of (the )?300( memory)? files/);
    // The index lines, in the layout's own format, within the budget.
    const index = content.slice(
      content.indexOf("<memory_index>"),
      content.indexOf("</memory_index>"),
    );
    const lines = index.split("\n").filter((line) => line.startsWith("- "));
    expect(estimateTokens(lines.join("\n"), MODEL)).toBeLessThanOrEqual(400);
  });

  it("consolidateAll sends the layout's own consolidation (subject: rewrite; fact: merge)", async () => {
    const store = await storeIn(layout);
    for (let index = 0; index < 10; index++) {
      await seed(layout, store, {
        slug: `subject-${index}`,
        fact: `likes thing ${index}`,
        date: "2026/09/01",
      });
    }
    const requests = mockMessages(server, []);
    await consolidateAll({ store, client: testClient(), model: MODEL, threshold: 0 }).catch(
      () => undefined,
    );
    const tools = requests[0]?.tools?.map((tool) => ("name" in tool ? tool.name : "")) ?? [];
    expect(tools).toEqual([layout === "subject" ? "save_consolidated_file" : "merge_facts"]);
  });
});

describe("a fact-layout forget", () => {
  it("with replaces: null deletes nothing, not even the file of the same name", async () => {
    const store = await storeIn("fact");
    const path = await seed("fact", store, {
      slug: "deploy-host",
      fact: "deploys on Fly.io",
      date: "2026/09/01",
    });
    const { result } = await run(store, "fact", session("2026-09-12", "Forget where I deploy."), [
      {
        ...proposal("fact", {
          slug: "deploy-host",
          fact: "deploys on Fly.io",
          evidence: "Forget where I deploy",
        }),
        action: "forget",
      },
    ]);
    expect(result.rejected.map((item) => item.code)).toEqual(["replaces_not_found"]);
    expect(await readFile(join(store.root, path), "utf8")).toContain("deploys on Fly.io");
  });
});
