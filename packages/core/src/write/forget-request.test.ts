import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { forget, remember } from "../layouts/index.js";
import { MemoryStore } from "../store/index.js";
import { forgetQueryText, MAX_FORGET_QUERY_CHARS } from "./forget-request.js";

const NOW = new Date("2026-11-20T10:00:00Z");

async function folderWith(line: string): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-forget-request-")), "memory");
  await mkdir(root, { recursive: true });
  await writeFile(
    join(root, "profile.md"),
    `---\nname: profile\ndescription: Who the user is.\nupdated: 2026/11/01\n---\n[stated 2026/11/01] ${line}\n[stated 2026/11/01] keeps bees\n`,
  );
  return new MemoryStore({ root });
}

describe("forget: the request's own words in every language the date rules read", () => {
  it.each([
    ["en", "lives in Berlin", "forget that I live in Berlin"],
    ["zh", "住在柏林", "忘记我住在柏林"],
    ["zh, polite", "住在柏林", "请忘掉我住在柏林这件事"],
    ["ja", "ベルリンに住んでいる", "私がベルリンに住んでいることを忘れて"],
    ["ko", "베를린에 산다", "잊어줘 제가 베를린에 산다"],
    ["fr", "habite à Berlin", "oublie que j'habite à Berlin"],
    ["de", "wohne in Berlin", "vergiss bitte, dass ich in Berlin wohne"],
    ["es", "vivo en Berlín", "olvida que vivo en Berlín, por favor"],
    ["pt", "moro em Berlim", "esqueça que eu moro em Berlim"],
    ["it", "vivo a Berlino", "dimentica che io vivo a Berlino"],
    ["nl", "woon in Berlijn", "vergeet dat ik in Berlijn woon"],
    ["ru", "живу в Берлине", "забудь, что я живу в Берлине"],
    ["uk", "живу в Берліні", "забудь, що я живу в Берліні"],
    ["ar", "أعيش في برلين", "انس أنني أعيش في برلين"],
    ["tr", "Berlin'de yaşıyorum", "Berlin'de yaşıyorum, unut lütfen"],
    ["pl", "mieszkam w Berlinie", "zapomnij, że mieszkam w Berlinie"],
    ["sv", "bor i Berlin", "glöm att jag bor i Berlin"],
    ["hi", "बर्लिन में रहता है", "मैं बर्लिन में रहता हूँ यह भूल जाओ"],
  ])("%s: %s is forgotten by %s", async (_language, line, query) => {
    const store = await folderWith(line);
    const result = await forget({ store, query, now: NOW });
    expect(result).toEqual({
      ok: true,
      code: "removed",
      removed: [{ path: "profile.md", line: `[stated 2026/11/01] ${line}` }],
    });
    expect(await readFile(join(store.root, "profile.md"), "utf8")).toContain("keeps bees");
  });

  it.each([
    ["忘记我住在柏林", "住在 柏林"],
    ["oublie que j'habite à Lyon", "habite lyon"],
    ["vergiss das mit dem Rad", "rad"],
    ["olvida lo de la bici", "bici"],
    // Nothing but stop words of its language: they are the query.
    ["vergiss das", "das"],
    ["please forget where I deploy", "deploy"],
    ["forget", ""],
    ["forget that I moved to Berlin yesterday", "moved berlin"],
    ["oublie que je pars à Lyon demain", "pars lyon"],
    ["forget what I said yesterday", "yesterday"],
    ["forget Fly.io", "fly io"],
    ["forget that I use node.js", "use node js"],
    ["forget Ben", "ben"],
    ["forget about Mia", "mia"],
  ])("forgetQueryText(%s) is %j", (query, text) => {
    expect(forgetQueryText(query)).toBe(text);
  });
});

describe("forget: a name that holds a request word", () => {
  it.each([
    ["Fly.io", "deploys on Fly.io"],
    ["Ben", "Ben is my brother"],
  ])("forget %s removes only %s", async (query, line) => {
    const store = await folderWith(line);
    const other = "loves to fly kites";
    await writeFile(
      join(store.root, "preferences.md"),
      `---\nname: preferences\ndescription: How the user wants the model to work.\nupdated: 2026/11/01\n---\n[stated 2026/11/01] ${other}\n`,
    );
    const result = await forget({ store, query: `forget ${query}`, now: NOW });
    expect(result).toEqual({
      ok: true,
      code: "removed",
      removed: [{ path: "profile.md", line: `[stated 2026/11/01] ${line}` }],
    });
    expect(await readFile(join(store.root, "preferences.md"), "utf8")).toContain(other);
  });
});

describe("forget: a relative time in the query, stored as an absolute date", () => {
  it.each([
    ["subject", "profile.md", "[stated 2026/11/20] moved to Berlin on 2026/11/19"],
    ["fact", "home.md", "moved to Berlin on 2026/11/19"],
  ] as const)(
    "in the %s layout, the user's own words forget it days later",
    async (layout, path, line) => {
      const root = join(await mkdtemp(join(tmpdir(), "memfiles-forget-request-")), "memory");
      const store = new MemoryStore({ root, layout });
      await remember({ store, path, fact: "moved to Berlin yesterday", now: NOW });
      const later = new Date("2026-11-27T10:00:00Z");
      const query = "forget that I moved to Berlin yesterday";
      expect(await forget({ store, query, now: later })).toEqual({
        ok: true,
        code: "removed",
        removed: [{ path, line }],
      });
    },
  );
});

describe("forget: the query length is checked first", () => {
  it("refuses a query over the cap before it reads, locks or leaves a tombstone", async () => {
    const store = await folderWith("lives in Berlin");
    const calls: string[] = [];
    const recording = new Proxy(store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          calls.push(String(key));
          return value.apply(target, args);
        };
      },
    });
    const query = "lives in Berlin ".repeat(MAX_FORGET_QUERY_CHARS);
    expect(await forget({ store: recording, query, now: NOW })).toEqual({
      ok: false,
      code: "query_too_long",
      removed: [],
      message: `Refused to forget: the query is ${query.length} chars, over 1000. A forget query names one fact in a few words, e.g. "where I deploy"; nothing was removed.`,
    });
    expect(calls).toEqual([]);
    expect(await readFile(join(store.root, "profile.md"), "utf8")).toContain("lives in Berlin");
  });
});
