// Guards of the fact layout's write pass at their edges, through applyFactProposals (not the
// pipeline's own lines), so a change that breaks one fails here whatever file holds the step.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../store/index.js";
import { applyFactProposals, readFactFolder } from "./fact-write-pass.js";
import type { FactProposal } from "./propose-facts-tool.js";

const NOW = new Date("2026-11-30T12:00:00Z");
// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const fakeAnthropicKey = ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1Op"].join("-");

async function factStore(): Promise<{ store: MemoryStore; root: string }> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-fact-edges-")), "memory");
  return { store: new MemoryStore({ root, layout: "fact" }), root };
}

function save(overrides: Partial<FactProposal> = {}): FactProposal {
  return {
    action: "save",
    name: "deploy host",
    type: "project",
    description: "Where the user deploys services. Read for any hosting or deploy question.",
    body: "Deploys everything on Fly.io.",
    evidence: "I deploy everything on Fly.io",
    replaces: null,
    ...overrides,
  };
}

const transcript = (content = "I deploy everything on Fly.io") => ({
  date: "2026-11-30",
  turns: [{ role: "user" as const, content }],
});

/** What a pass did with each proposal, in order: `applied` or the refusal code. */
async function outcome(store: MemoryStore, proposals: FactProposal[], content?: string) {
  const result = await applyFactProposals({
    store,
    transcript: transcript(content),
    proposals,
    now: NOW,
  });
  return [...result.applied.map(() => "applied"), ...result.rejected.map((item) => item.code)];
}

describe("the fact layout's secret check reads the description too", () => {
  it("refuses a key that is only in the description, and writes nothing", async () => {
    const { store } = await factStore();
    const description = `Where the user deploys. Token ${fakeAnthropicKey} for the deploy bot.`;
    expect(await outcome(store, [save({ description })])).toEqual(["secret"]);
    expect(await store.list()).toEqual([]);
  });
});

describe("a fact file's name cap: 100 chars", () => {
  it.each([
    [100, "applied"],
    [101, "invalid_fact"],
  ])("a name of %i chars: %s", async (length, code) => {
    const { store } = await factStore();
    const name = `deploy ${"h".repeat(length - 7)}`;
    expect(name).toHaveLength(length);
    expect(await outcome(store, [save({ name })])).toEqual([code]);
  });
});

describe("a forget of a file that was deleted after the request was built", () => {
  it("is refused as missing, not reported as forgotten", async () => {
    const { store, root } = await factStore();
    // A hand-written file the pass lists but cannot load as a fact (no type): the request shows
    // it by name, and only the disk can say whether it is still there.
    await mkdir(root, { recursive: true });
    await writeFile(
      join(root, "editor.md"),
      "---\nname: editor\ndescription: The editor.\n---\nUses Neovim.\n",
    );
    const snapshot = await readFactFolder(store);
    expect(snapshot.rows.map((row) => row.path)).toEqual(["editor.md"]);
    await rm(join(root, "editor.md"));
    const result = await applyFactProposals({
      store,
      transcript: transcript("Forget which editor I use"),
      proposals: [
        save({
          action: "forget",
          name: "editor",
          evidence: "Forget which editor I use",
          replaces: "editor.md",
        }),
      ],
      now: NOW,
      snapshot,
    });
    expect(result.applied).toEqual([]);
    expect(
      result.rejected.map((item) => [item.code, item.message.includes("no longer exists")]),
    ).toEqual([["replaces_not_found", true]]);
  });
});
