import { execFileSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, readdir, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { expectBuilt } from "../../core/test/fixtures/built-dist.js";
import { codeCacheFolder, loadBundle } from "./load-bundle.js";

type Answer = { answer: () => string; later: () => Promise<{ word: string }> };

// Two bundles of the same length: V8 checks a code cache against the source's length only. Their
// `import()` is the loader's, as scripts/bundle-hooks.mjs rewrites it.
const bundle = (word: string) =>
  `"use strict";\nexports.answer = function () { return "${word}"; };\nexports.later = () => __memfilesImport("./later.mjs");\n`;

let folder: string;
let caches: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "memfiles-load-bundle-"));
  caches = join(folder, "caches");
  await mkdir(caches, { mode: 0o700 });
  await writeFile(join(folder, "later.mjs"), 'export const word = "later";\n');
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(folder, { recursive: true, force: true });
});

// Each load in a fresh process, as each hook runs: V8 keeps the scripts it compiled in memory,
// so a second load in one process would not read its code cache at all.
const RUN = fileURLToPath(new URL("../test/load-bundle-run.mjs", import.meta.url));
const BUILT = new URL("../dist/load-bundle.js", import.meta.url).href;
beforeAll(() => expectBuilt(["claude-code"]));
// A node start takes seconds on a busy 2-core machine.
const PROCESS_TIMEOUT_MS = 60_000;

function load(
  file: string,
  variant = "session-start",
): { codeCache: string; answer: string; later: string } {
  return JSON.parse(
    execFileSync(process.execPath, [RUN, BUILT, file, variant, caches], { encoding: "utf8" }),
  );
}

describe("loadBundle", () => {
  it("runs a CommonJS bundle whose import() resolves beside it", async () => {
    const file = join(folder, "bundle.cjs");
    await writeFile(file, bundle("aaaa"));
    const { exports } = loadBundle<Answer>(file, { variant: "session-start", cacheFolder: caches });
    expect({ answer: exports.answer(), later: (await exports.later()).word }).toEqual({
      answer: "aaaa",
      later: "later",
    });
  });

  it.each([
    {
      name: "the same bundle and variant use the cache",
      second: "aaaa",
      variant: "session-start",
      expected: "accepted",
    },
    {
      name: "a changed bundle of the same length never meets the old cache",
      second: "bbbb",
      variant: "session-start",
      expected: "missing",
    },
    {
      name: "another variant has a cache of its own",
      second: "aaaa",
      variant: "user-prompt-submit",
      expected: "missing",
    },
  ])("$name", { timeout: PROCESS_TIMEOUT_MS }, async ({ second, variant, expected }) => {
    const file = join(folder, "bundle.cjs");
    await writeFile(file, bundle("aaaa"));
    expect(load(file)).toEqual({ codeCache: "missing", answer: "aaaa", later: "later" });
    await writeFile(file, bundle(second));
    expect(load(file, variant)).toEqual({ codeCache: expected, answer: second, later: "later" });
  });

  it("replaces a cache V8 refuses, and the answer is the bundle's", {
    timeout: PROCESS_TIMEOUT_MS,
  }, async () => {
    const file = join(folder, "bundle.cjs");
    await writeFile(file, bundle("aaaa"));
    load(file);
    const [name] = await readdir(caches);
    await writeFile(join(caches, name ?? ""), "not a code cache");
    expect(load(file)).toEqual({ codeCache: "rejected", answer: "aaaa", later: "later" });
    expect(load(file)).toEqual({ codeCache: "accepted", answer: "aaaa", later: "later" });
    expect(await readdir(caches)).toEqual([name]);
  });

  // Names of the cache's own kind from other builds, oldest written first, and files it must
  // never touch.
  const oldBuild = `${"0".repeat(32)}-${"1".repeat(16)}.bin`;
  const recentBuilds = [`${"2".repeat(32)}.bin`, `${"3".repeat(32)}-${"1".repeat(16)}.bin.4242`];
  const notCaches = ["notes.txt", `${"4".repeat(31)}.bin`, `${"5".repeat(32)}.bin.old`];
  // A folder of a cache's name is no cache file: left as it is.
  const folderNamedLikeACache = `${"6".repeat(32)}.bin`;
  it.each([
    {
      name: "a save keeps the two other builds written last, not older ones nor other files",
      variant: "user-prompt-submit",
      others: [oldBuild, ...recentBuilds],
      expected: "missing",
      left: [...notCaches, ...recentBuilds],
      ownCaches: 2,
    },
    {
      name: "a save with two other builds in use removes neither",
      variant: "user-prompt-submit",
      others: recentBuilds,
      expected: "missing",
      left: [...notCaches, ...recentBuilds],
      ownCaches: 2,
    },
    {
      name: "a cache read (no save) removes nothing",
      variant: "session-start",
      others: [oldBuild, ...recentBuilds],
      expected: "accepted",
      left: [...notCaches, oldBuild, ...recentBuilds],
      ownCaches: 1,
    },
  ])(
    "$name",
    {
      timeout: PROCESS_TIMEOUT_MS,
    },
    async ({ variant, others, expected, left, ownCaches }) => {
      const file = join(folder, "bundle.cjs");
      await writeFile(file, bundle("aaaa"));
      load(file, variant);
      const build = ((await readdir(caches))[0] ?? "").slice(0, 32);
      const hourAgo = Date.now() / 1000 - 3600;
      for (const [index, name] of others.entries()) {
        await writeFile(join(caches, name), "x");
        await utimes(join(caches, name), hourAgo + index, hourAgo + index);
      }
      for (const name of notCaches) await writeFile(join(caches, name), "x");
      await mkdir(join(caches, folderNamedLikeACache));
      expect(load(file).codeCache).toBe(expected);
      const names = await readdir(caches);
      expect({
        own: names.filter((name) => name.startsWith(build)).length,
        others: names.filter((name) => !name.startsWith(build)).sort(),
      }).toEqual({ own: ownCaches, others: [...left, folderNamedLikeACache].sort() });
    },
  );

  it("runs without a cache folder", async () => {
    const file = join(folder, "bundle.cjs");
    await writeFile(file, bundle("aaaa"));
    const loaded = loadBundle<Answer>(file, { variant: "session-start", cacheFolder: undefined });
    loaded.saveCodeCache();
    expect({ codeCache: loaded.codeCache, answer: loaded.exports.answer() }).toEqual({
      codeCache: "off",
      answer: "aaaa",
    });
  });
});

describe("codeCacheFolder", () => {
  const own = `memfiles-code-cache-${process.getuid?.()}`;
  it.each([
    { name: "made private when missing", make: async () => undefined, used: true },
    {
      name: "a folder open to others is not used",
      make: async (at: string) => {
        await mkdir(at);
        await chmod(at, 0o777);
      },
      used: false,
    },
    {
      name: "a symbolic link is not used",
      make: async (at: string) => {
        await mkdir(join(folder, "elsewhere"), { mode: 0o700 });
        await symlink(join(folder, "elsewhere"), at);
      },
      used: false,
    },
  ])("$name", async ({ make, used }) => {
    vi.stubEnv("TMPDIR", folder);
    await make(join(folder, own));
    // No POSIX user id (Windows): no folder is private enough to trust.
    const usable = used && process.getuid !== undefined;
    expect(codeCacheFolder()).toEqual(usable ? join(folder, own) : undefined);
  });
});
