import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addLine } from "../../../test/add-line.js";
import { tempStore } from "../../../test/temp-store.js";
import type { MemoryStore } from "../../store/index.js";
import { readFolder } from "../../write/memory-files.js";

const base = { replaces: null, stated: "2026/09/12", updated: "2026/09/12", checkTombstones: true };

describe("addLine: evidence must back the fact", () => {
  it.each([
    ["a one-word quote", "likes tea", "I", "evidence_too_short"],
    [
      "a quote about something else",
      "likes tea",
      "I started a new job in May",
      "evidence_unrelated",
    ],
    ["a quote that states it", "likes tea", "I love a cup of tea", "applied"],
    ["no evidence (remember)", "likes tea", undefined, "applied"],
  ])("%s", async (_name, fact, evidence, code) => {
    const store = await tempStore();
    const result = await addLine({ ...base, store, path: "preferences.md", fact, evidence });
    expect(result.code).toBe(code);
    expect((await store.list()).length).toBe(code === "applied" ? 1 : 0);
  });
});

describe("addLine: the stored text", () => {
  it("drops a date tag the model wrote into the line", async () => {
    const store = await tempStore();
    const fact = "[stated 2026/01/02] likes tea";
    expect((await addLine({ ...base, store, path: "preferences.md", fact })).code).toBe("applied");
    const text = await readFile(join(store.root, "preferences.md"), "utf8");
    expect(text.trimEnd().split("\n").at(-1)).toBe("[stated 2026/09/12] likes tea");
  });
});

describe("addLine: a file written by hand", () => {
  it.each([
    ["LF, no BOM", "\n", ""],
    ["CRLF", "\r\n", ""],
    ["a BOM", "\n", "\uFEFF"],
    ["CRLF and a BOM", "\r\n", "\uFEFF"],
  ])("keeps %s, and gives a header-less file a name and description", async (_name, eol, bom) => {
    const store = await tempStore();
    await mkdir(join(store.root, "topics"), { recursive: true });
    const path = join(store.root, "topics/tea.md");
    await writeFile(path, `${bom}[stated 2026/09/01] drinks oolong${eol}`);
    const result = await addLine({ ...base, store, path: "topics/tea.md", fact: "likes tea" });
    expect(result.code).toBe("applied");
    const lines = [
      "---",
      "name: tea",
      "description: What the user stated about tea. Read for any question about tea.",
      "updated: 2026/09/12",
      "---",
      "[stated 2026/09/01] drinks oolong",
      "[stated 2026/09/12] likes tea",
    ];
    expect(await readFile(path, "utf8")).toBe(bom + lines.map((line) => line + eol).join(""));
    expect((await store.list())[0]).toEqual({
      path: "topics/tea.md",
      name: "tea",
      description: "What the user stated about tea. Read for any question about tea.",
      chars: (bom + lines.map((line) => line + eol).join("")).length,
      updated: "2026/09/12",
    });
  });

  it("keeps the name and other fields of a header without a description, in place", async () => {
    const store = await tempStore();
    await writeFile(
      join(await mkdir(store.root, { recursive: true }).then(() => store.root), "profile.md"),
      "---\nname: me\ntype: user\n---\n",
    );
    await addLine({ ...base, store, path: "profile.md", fact: "is a nurse" });
    expect(await readFile(join(store.root, "profile.md"), "utf8")).toBe(
      [
        "---",
        "name: me",
        "type: user",
        "description: Who the user is (name, role, where they live, languages, background). Read when the answer depends on who they are.",
        "updated: 2026/09/12",
        "---",
        "[stated 2026/09/12] is a nurse",
        "",
      ].join("\n"),
    );
  });
});

describe("addLine: a reversed fact updates the line it reverses", () => {
  it.each([
    // The three examples, and both directions.
    ["used to live in Berlin", "lives in Berlin"],
    ["stopped drinking coffee", "drinks coffee"],
    ["quit using Vim for Emacs", "uses Vim"],
    ["drinks coffee", "stopped drinking coffee"],
    ["lives in Berlin", "no longer lives in Berlin"],
    ["wohnt in Berlin", "wohnt nicht mehr in Berlin"],
  ])("%j, then %j", async (stored, fact) => {
    const store = await tempStore();
    await addLine({ ...base, store, path: "profile.md", fact: stored });
    const result = await addLine({
      ...base,
      store,
      path: "profile.md",
      fact,
      stated: "2026/11/20",
      updated: "2026/11/20",
    });
    expect(result).toEqual({
      code: "applied",
      path: "profile.md",
      line: `[stated 2026/11/20] ${fact}`,
      replaced: [`[stated 2026/09/12] ${stored}`],
    });
    const text = await readFile(join(store.root, "profile.md"), "utf8");
    expect(text).toContain(`[stated 2026/11/20] ${fact}\n`);
    expect(text).not.toContain(`] ${stored}\n`);
  });

  it("a same-polarity rewording is still a duplicate", async () => {
    const store = await tempStore();
    await addLine({ ...base, store, path: "profile.md", fact: "stopped drinking coffee" });
    const result = await addLine({
      ...base,
      store,
      path: "profile.md",
      fact: "quit drinking coffee",
    });
    expect(result.code).toBe("duplicate");
  });

  it("an older session does not overwrite the newer line it reverses", async () => {
    const store = await tempStore();
    await addLine({ ...base, store, path: "profile.md", fact: "used to live in Berlin" });
    const result = await addLine({
      ...base,
      store,
      path: "profile.md",
      fact: "lives in Berlin",
      stated: "2026/01/02",
    });
    expect(result.code).toBe("replaces_newer");
  });
});

describe("addLine without a snapshot: one read of the folder", () => {
  const render =
    "---\nname: hosting\ndescription: Hosting.\nupdated: 2026/09/20\n---\n[stated 2026/09/20] deploys on Render\n";

  async function twoHolders(): Promise<MemoryStore> {
    const store = await tempStore();
    await mkdir(join(store.root, "topics"), { recursive: true });
    await writeFile(join(store.root, "topics/a-hosting.md"), render);
    await writeFile(join(store.root, "topics/b-hosting.md"), render);
    return store;
  }

  // Two files hold the replaced line at the same newer date: the refusal names the first in the
  // folder's path order, whichever file the proposal names, as the write pass's snapshot does.
  it.each(["topics/a-hosting.md", "topics/b-hosting.md"])(
    "a tie of newer lines names the first file by path (proposal for %s)",
    async (path) => {
      const store = await twoHolders();
      const options = {
        ...base,
        store,
        path,
        fact: "deploys on Fly.io",
        replaces: "deploys on Render",
      };
      const alone = await addLine(options);
      expect(alone).toEqual({
        code: "replaces_newer",
        path,
        message:
          'Refused "deploys on Fly.io" (stated 2026/09/12): it replaces what topics/a-hosting.md holds since 2026/09/20, after this session. An older session never overwrites a newer fact; the newer one is kept.',
      });
      expect(await addLine({ ...options, snapshot: await readFolder(store) })).toEqual(alone);
    },
  );

  it("reads every file once through readAll, none one by one", async () => {
    const store = await twoHolders();
    const calls: string[] = [];
    const counting = new Proxy(store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== "function") return value;
        // Methods run on the store itself: its private fields are not the proxy's.
        return (...args: unknown[]) => {
          if (key === "read" || key === "readAll" || key === "list") calls.push(String(key));
          return (value as (...given: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const result = await addLine({
      ...base,
      store: counting,
      path: "topics/b-hosting.md",
      fact: "deploys on Fly.io",
    });
    expect(result.code).toBe("applied");
    expect(calls).toEqual(["readAll"]);
  });
});
