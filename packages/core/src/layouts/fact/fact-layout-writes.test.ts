import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../store/index.js";
import { matchesForgetQuery } from "../../write/forget-query.js";
import { forget, remember } from "../index.js";

const now = new Date("2026-11-20T10:00:00Z");

async function factStore(files: Record<string, string>): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-factw-")), "memory");
  await mkdir(root, { recursive: true });
  for (const [path, text] of Object.entries(files)) await writeFile(join(root, path), text);
  return new MemoryStore({ root, layout: "fact" });
}

const ROLE =
  "---\nname: user role\ndescription: The user's role.\ntype: user\n---\nSenior Go engineer, ten years; new to React.\n**Why:** tailor explanations.\n**How to apply:** compare React to Go.\n";

describe("remember in the fact layout adds, never drops a line", () => {
  it("adds the fact as a new line and keeps every line a person wrote", async () => {
    const store = await factStore({ "user_role.md": ROLE });
    const result = await remember({ store, path: "user_role.md", fact: "also writes Rust", now });
    expect(result).toMatchObject({ ok: true, code: "applied", path: "user_role.md", replaced: [] });
    const text = await readFile(join(store.root, "user_role.md"), "utf8");
    expect(text).toBe(
      "---\nname: user role\ndescription: The user's role.\ntype: user\nupdated: 2026/11/20\n---\nSenior Go engineer, ten years; new to React.\n**Why:** tailor explanations.\n**How to apply:** compare React to Go.\nalso writes Rust\n",
    );
  });

  it("keeps the text of a hand-made file without front matter", async () => {
    const store = await factStore({ "no_header.md": "likes jazz\r\nplays piano on Sundays" });
    const result = await remember({
      store,
      path: "no_header.md",
      fact: "drinks café au lait",
      now,
    });
    expect(result.ok).toBe(true);
    const text = await readFile(join(store.root, "no_header.md"), "utf8");
    expect(text).toContain("likes jazz\r\nplays piano on Sundays\r\ndrinks café au lait\r\n");
    expect(text.startsWith("---\r\n")).toBe(true);
  });

  it("replaces only the line `replaces` names", async () => {
    const store = await factStore({ "user_role.md": ROLE });
    const result = await remember({
      store,
      path: "user_role.md",
      fact: "Staff Go engineer, eleven years; new to React.",
      replaces: "senior go engineer, ten years; new to react",
      now,
    });
    expect(result).toMatchObject({
      ok: true,
      replaced: ["Senior Go engineer, ten years; new to React."],
    });
    const text = await readFile(join(store.root, "user_role.md"), "utf8");
    expect(text).toContain(
      "Staff Go engineer, eleven years; new to React.\n**Why:** tailor explanations.\n**How to apply:** compare React to Go.\n",
    );
    const missing = await remember({
      store,
      path: "user_role.md",
      fact: "x writes Zig",
      replaces: "no such line",
      now,
    });
    expect(missing).toMatchObject({ ok: false, code: "replaces_not_found" });
  });

  it("refuses a fact the file already holds, and creates a new file for a new path", async () => {
    const store = await factStore({ "user_role.md": ROLE });
    const again = await remember({ store, path: "user_role.md", fact: "also writes Rust", now });
    expect(again.ok).toBe(true);
    const twice = await remember({ store, path: "user_role.md", fact: "Also writes Rust.", now });
    expect(twice).toMatchObject({ ok: false, code: "duplicate" });
    const created = await remember({
      store,
      path: "deploy-region.md",
      fact: "deploys in fra",
      now,
    });
    expect(created).toMatchObject({ ok: true, code: "applied" });
    expect((await readdir(store.root)).sort()).toContain("deploy-region.md");
  });
});

describe("remember's generated description ends its first sentence", () => {
  it.each([
    ["no full stop", "deploys in the ams region", "deploys in the ams region."],
    ["a full stop already", "deploys in the ams region.", "deploys in the ams region."],
    ["a question mark", "asked whether Fly.io has ams?", "asked whether Fly.io has ams?"],
    ["CJK full stop", "在阿姆斯特丹部署。", "在阿姆斯特丹部署。"],
  ])("%s", async (_name, fact, sentence) => {
    const store = await factStore({});
    expect(await remember({ store, path: "region.md", fact, now })).toMatchObject({ ok: true });
    const text = await readFile(join(store.root, "region.md"), "utf8");
    expect(/^description: (.*)$/m.exec(text)?.[1]).toBe(
      `${sentence} Read when this matters to the answer.`,
    );
  });
});

describe("forget in the fact layout deletes a file only when the query is about it", () => {
  const files = {
    "deploy_host.md":
      "---\nname: Deploy host\ndescription: Where the user deploys.\ntype: project\n---\nDeploys on Fly.io.\n",
    "editor.md":
      "---\nname: editor\ndescription: Editor choice.\ntype: user\n---\nUses Neovim for everything, including deploy scripts.\n",
  };

  it("keeps a file whose body only mentions the word, and says so", async () => {
    const store = await factStore(files);
    const result = await forget({ store, query: "deploy", now });
    expect(result).toMatchObject({
      ok: true,
      code: "removed",
      removed: [{ path: "deploy_host.md", line: "Deploys on Fly.io." }],
      notRemoved: [{ path: "editor.md" }],
    });
    expect(result.notRemoved?.[0]?.reason).toContain("only mentioned in the body");
    expect(
      (await readdir(store.root)).filter((name) => name !== "MEMORY.md" && name.endsWith(".md")),
    ).toEqual(["editor.md"]);
  });

  it("deletes a file by a phrase of its body or by quoting the fact", async () => {
    const store = await factStore(files);
    const byPhrase = await forget({ store, query: "forget that I use Neovim", now });
    expect(byPhrase).toMatchObject({ code: "removed", removed: [{ path: "editor.md" }] });
    const byQuote = await forget({ store, query: "deploys on fly.io", now });
    expect(byQuote).toMatchObject({ code: "removed", removed: [{ path: "deploy_host.md" }] });
  });

  it("deletes a short fact that is mostly the query's word ('neovim' for 'Uses Neovim.')", async () => {
    const store = await factStore({
      "tools.md": "---\nname: tools\ndescription: Tools.\ntype: user\n---\nUses Neovim.\n",
      "editor.md": files["editor.md"],
    });
    const result = await forget({ store, query: "neovim", now });
    expect(result).toMatchObject({ code: "removed", removed: [{ path: "tools.md" }] });
    // The long fact that also names Neovim among other things is not "about" it by this rule.
    expect(result.removed.map((removed) => removed.path)).toEqual(["tools.md"]);
  });
});

describe("forget of one word in the fact layout: `fly`", () => {
  const fact = (name: string, description: string, body: string) =>
    `---\nname: ${name}\ndescription: ${description}\ntype: user\n---\n${body}\n`;

  it("deletes the facts named for it, its plural too; keeps mentions; leaves other words alone", async () => {
    const store = await factStore({
      "fly.md": fact("fly", "Likes to fly.", "Likes to fly small planes."),
      "flies.md": fact("flies", "Fishing.", "Ties fly-fishing flies."),
      "butterfly.md": fact("butterfly", "Butterfly collection.", "Collects butterfly specimens."),
      "tokyo.md": fact("tokyo trip", "Trip to Tokyo.", "Flying to Tokyo in March."),
    });
    const result = await forget({ store, query: "fly", now });
    expect({
      ...result,
      notRemoved: result.notRemoved?.map(({ path, line }) => ({ path, line })),
    }).toEqual({
      ok: true,
      code: "removed",
      removed: [
        { path: "flies.md", line: "Ties fly-fishing flies." },
        { path: "fly.md", line: "Likes to fly small planes." },
      ],
      notRemoved: [{ path: "tokyo.md", line: "Flying to Tokyo in March." }],
    });
  });
});

describe("forget matches words, not bare Porter stems (both layouts)", () => {
  it.each([
    ["ties flies for fishing", "fly", true],
    ["likes to fly", "flies", true],
    ["cried at the film", "cry", true],
    ["collects butterfly specimens", "fly", false],
    ["flew to Oslo", "fly", false],
    ["organic food", "organ", false],
    ["reads the news daily", "new", false],
    ["studies at the university", "universe", false],
    ["deploys to Fly.io", "deploy", true],
    ["deployed to Fly.io", "deploying", true],
    ["likes café crème", "cafe", true],
    ["has two cats", "cat", true],
    ["studies Rust", "study", true],
  ])("%s / %s -> %s", (line, query, expected) => {
    expect(matchesForgetQuery(line, query)).toBe(expected);
  });

  it("`organ` does not forget an `organic food` line in the subject layout", async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-subj-")), "memory");
    await mkdir(join(root, "topics"), { recursive: true });
    const text =
      "---\nname: food\ndescription: Food.\nupdated: 2026/11/01\n---\n[stated 2026/11/01] buys organic food\n[stated 2026/11/01] donated an organ\n";
    await writeFile(join(root, "topics/food.md"), text);
    const store = new MemoryStore({ root });
    const result = await forget({ store, query: "organ", now });
    expect(result.removed.map((removed) => removed.line)).toEqual([
      "[stated 2026/11/01] donated an organ",
    ]);
    expect(await readFile(join(root, "topics/food.md"), "utf8")).toContain("buys organic food");
  });
});
