// A large folder without a recall index, as the hook entry runs on it (a node process per event,
// the built dist/): the prompt goes on without recall while one detached process builds the
// index, and a build killed midway leaves no index but a whole one.
import { execFile, spawn } from "node:child_process";
import { access, mkdir, readFile, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { DEFAULT_MAX_CHARS, forgetOpenRecallIndexes } from "@memfiles/core/internal";
import {
  flushRecallIndexes,
  MemoryStore,
  openRecallIndex,
  recallIndexStartFits,
} from "@memfiles/core/recall";
import { beforeAll, describe, expect, it } from "vitest";
import { expectBuilt } from "../../core/test/fixtures/built-dist.js";
import { factFile, hookFolders, hookInput } from "../test/memory-folder.js";
import { HOOK_BUILD_MAX_FILES, HOOK_COMPACT_LOG_LINES } from "./recall-index-build.js";

const ENTRY = [
  "--conditions=memfiles-dist",
  fileURLToPath(new URL("../dist/hook-main.js", import.meta.url)),
];
// Node starts and a build of a few thousand files on a busy 2-core machine.
const PROCESS_TIMEOUT_MS = 120_000;
const EVENT = "recall-index-build";

beforeAll(() => expectBuilt(["claude-code", "core", "errors", "prompts"]));

/** A memory folder of `files` fact files (two of them hookFolders' own), no `.memfiles/`. */
async function largeFolder(files: number): Promise<{ cwd: string; root: string }> {
  const { cwd, root } = await hookFolders();
  for (let at = 2; at < files; at++) {
    await writeFile(
      join(root, `garden-${at}.md`),
      factFile(`Garden ${at}`, `Garden fact ${at}`, `The user planted row ${at} with tulips.`),
    );
  }
  return { cwd, root };
}

function hook(event: string, root: string, cwd: string, sessionId?: string): Promise<string> {
  const { ANTHROPIC_API_KEY: _key, NODE_PATH: _path, ...env } = process.env;
  const stdin = hookInput(cwd, {
    hook_event_name: event,
    prompt: "Where do I deploy my apps?",
    source: "startup",
    ...(sessionId === undefined ? {} : { session_id: sessionId }),
  });
  return new Promise((resolveRun, reject) => {
    const child = execFile(
      process.execPath,
      [...ENTRY, event, "--root", root],
      { env },
      (error, stdout) => (error ? reject(error) : resolveRun(stdout)),
    );
    child.stdin?.end(stdin);
  });
}

async function logLines(root: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(join(root, ".memfiles/claude-code/hook.log"), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The build children's log lines, once each child a hook started has logged its outcome. */
async function builds(root: string): Promise<Record<string, unknown>[]> {
  for (;;) {
    const lines = await logLines(root);
    const started = lines.filter((line) => String(line.message).includes("(started now)"));
    const ended = lines.filter((line) => line.event === EVENT);
    if (ended.length >= started.length) return ended;
    await sleep(100);
  }
}

const indexFile = (root: string) => join(root, ".memfiles/recall-index.json");

/** A stored index the next open reads: stored by these rules, and ending with its last line. */
const whole = (text: string) =>
  recallIndexStartFits(text.slice(0, 256), { layout: "fact", maxChars: DEFAULT_MAX_CHARS }) &&
  /\n"end"\n?$/.test(text);

describe("a large folder without a recall index", { timeout: PROCESS_TIMEOUT_MS }, () => {
  it.each(["user-prompt-submit", "session-start"])(
    "%s answers without recall while a detached build runs; a later run recalls",
    async (event) => {
      const { cwd, root } = await largeFolder(HOOK_BUILD_MAX_FILES + 50);
      expect(await hook(event, root, cwd)).toBe("");
      expect((await logLines(root)).find((line) => line.event === event)).toMatchObject({
        outcome: "skipped",
        message: expect.stringMatching(/being built in a background process \(started now\)/),
      });
      expect(await builds(root)).toMatchObject([{ outcome: "ok" }]);
      expect(await hook(event, root, cwd)).toContain("additionalContext");
    },
  );

  it(`a folder of ${HOOK_BUILD_MAX_FILES} files is indexed inside the hook`, async () => {
    const { cwd, root } = await largeFolder(HOOK_BUILD_MAX_FILES);
    expect(await hook("user-prompt-submit", root, cwd)).toContain("Fly.io");
  });

  it("two hooks at once start one build", async () => {
    const { cwd, root } = await largeFolder(1_000);
    const answers = await Promise.all([
      hook("user-prompt-submit", root, cwd),
      hook("user-prompt-submit", root, cwd),
    ]);
    expect(answers).toEqual(["", ""]);
    const ended = await builds(root);
    expect(ended.filter((line) => line.outcome === "ok")).toHaveLength(1);
    expect(ended.filter((line) => line.outcome !== "skipped")).toHaveLength(1);
  });

  it("a build killed midway leaves no index; once its lock is stale the next prompt builds", async () => {
    const { cwd, root } = await largeFolder(3_000);
    await mkdir(join(root, ".memfiles"), { recursive: true });
    const request = join(root, "..", "request.json");
    await writeFile(request, JSON.stringify({ root, layout: "fact" }));
    const child = spawn(
      process.execPath,
      [...ENTRY, "detached", "--event", EVENT, "--input-file", request],
      { stdio: "ignore" },
    );
    const lock = join(root, ".memfiles/claude-code/recall-index-build.lock");
    while (
      !(await access(lock).then(
        () => true,
        () => false,
      ))
    )
      await sleep(20);
    child.kill("SIGKILL");
    await new Promise((resolveExit) => child.once("exit", resolveExit));
    const text = await readFile(indexFile(root), "utf8").catch(() => undefined);
    // Either none, or one the next open reads whole.
    if (text !== undefined) expect(whole(text)).toBe(true);
    // While the killed build's lock is fresh, prompts wait for it.
    expect(await hook("user-prompt-submit", root, cwd)).toBe("");
    expect((await logLines(root)).at(-1)?.message).toMatch(/\(started earlier\)/);
    const past = new Date(Date.now() - 120_000);
    await utimes(lock, past, past);
    expect(await hook("user-prompt-submit", root, cwd)).toBe("");
    expect(await builds(root)).toMatchObject([{ outcome: "ok" }]);
    expect(whole(await readFile(indexFile(root), "utf8"))).toBe(true);
  });
});

describe("a stored index with a long log", { timeout: PROCESS_TIMEOUT_MS }, () => {
  it("a prompt recalls from it and a detached process stores it whole; the next recalls the same", async () => {
    const { cwd, root } = await largeFolder(HOOK_BUILD_MAX_FILES + 50);
    // Past the 2 s in which a file's stat is not trusted, so the index stamps what it read.
    await sleep(2_100);
    const store = new MemoryStore({ root, layout: "fact" });
    await openRecallIndex(store);
    await flushRecallIndexes();
    // Each write adds the store's line, and the next reader one for the file it indexed again.
    const written = HOOK_COMPACT_LOG_LINES / 2;
    for (let at = 2; at < 2 + written; at++) {
      const path = `garden-${at}.md`;
      const current = await store.read(path);
      const content = current.exists ? current.content : "";
      const added = `${content.trimEnd()} The user deploys the garden ${at} app on Fly.io.\n`;
      await store.write(path, added, current.version);
    }
    await sleep(2_100);
    forgetOpenRecallIndexes();
    await openRecallIndex(store);
    await flushRecallIndexes();
    const log = join(root, ".memfiles/recall-index.log");
    expect((await readFile(log, "utf8")).split("\n").filter(Boolean)).toHaveLength(
      HOOK_COMPACT_LOG_LINES,
    );
    const before = await hook("user-prompt-submit", root, cwd);
    expect(before).toContain("deploys the garden 2 app");
    let folded: Record<string, unknown> | undefined;
    while (folded === undefined) {
      folded = (await logLines(root)).find((line) => line.event === EVENT);
      await sleep(100);
    }
    expect(folded).toMatchObject({
      outcome: "ok",
      message: expect.stringMatching(/^stored the recall index whole, its log folded in/),
    });
    expect(await readFile(log, "utf8")).toBe("");
    expect(whole(await readFile(indexFile(root), "utf8"))).toBe(true);
    // Another session: a session's later prompt leaves out what it was shown already.
    const session = "0b6a1d2e-2222-4c3b-8e4f-5a6b7c8d9e0f";
    expect(await hook("user-prompt-submit", root, cwd, session)).toBe(before);
  });
});
