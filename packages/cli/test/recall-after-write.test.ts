// The recall index after the CLI's and the memory page's writes (core's table of write kinds): the
// `memfiles` command as a child process, another memfiles process writing while this one holds the
// memory's recall index warm; and the page's HTTP calls as its own script sends them.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { MemoryStore, versionToken } from "@memfiles/core";
import {
  expectRecallAfterWrite,
  factFile,
  RECALL_QUERY,
  type RecallSurface,
  recallFolder,
  recallWriteRows,
} from "@memfiles/core/test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { expectBuilt } from "../../core/test/fixtures/built-dist.js";
import { type MemoryPage, startMemoryPage } from "../src/page/memory-page-server.js";

// bin/memfiles.js on the built dist/ (the `memfiles-dist` condition): a third of the CPU of a tsx start.
const MEMFILES = [
  "--conditions=memfiles-dist",
  fileURLToPath(new URL("../bin/memfiles.js", import.meta.url)),
];
// Each row starts one `memfiles` process (1-3 s on a busy 2-core machine) after waiting up to 2 s
// for the files to settle: a minute guards a hang.
const PROCESS_TIMEOUT_MS = 60_000;

beforeAll(() => expectBuilt(["cli", "core", "errors"]));

/** A memory folder as the table gives it. */
type Folder = Pick<MemoryStore, "root" | "layout">;

// The child's clock is the real one: to it a file changed in the last 2 s is not settled (stamped
// "", read again by the next process). Correct, but these rows test the stamps of settled files.
const SETTLE_MS = 2_100;

async function settled(store: Folder): Promise<void> {
  let newest = 0;
  for (const entry of await readdir(store.root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".md")) continue;
    const stats = await stat(join(entry.parentPath, entry.name));
    newest = Math.max(newest, stats.mtimeMs, stats.ctimeMs);
  }
  const wait = newest + SETTLE_MS - vi.getRealSystemTime();
  if (wait > 0) await sleep(wait);
}

async function memfiles(store: Folder, args: string[]): Promise<void> {
  await settled(store);
  const { INIT_CWD: _init, MEMFILES_DIR: _dir, ANTHROPIC_API_KEY: _key, ...env } = process.env;
  await promisify(execFile)(process.execPath, [...MEMFILES, "--layout", store.layout, ...args], {
    cwd: store.root,
    env,
  });
}

const CLI: RecallSurface = {
  edit: (store, { path, from, to }) =>
    memfiles(store, ["remember", "-m", store.root, path, to, "--replaces", from]),
  add: (store, { path, fact }) => memfiles(store, ["remember", "-m", store.root, path, fact]),
  forget: (store, { query }) => memfiles(store, ["forget", "-m", store.root, "--yes", query]),
};

const WARM_WRITER = fileURLToPath(new URL("./warm-writer.mjs", import.meta.url));

/** Another long-lived memfiles process: its own index warm, it writes through the library. */
async function warmWriter(store: Folder, write: object): Promise<void> {
  await settled(store);
  await promisify(execFile)(process.execPath, [
    "--conditions=memfiles-dist",
    WARM_WRITER,
    store.root,
    store.layout,
    RECALL_QUERY,
    JSON.stringify(write),
  ]);
}

const WARM_PROCESS: RecallSurface = {
  edit: (store, { path, from, to }) =>
    warmWriter(store, { remember: { path, fact: to, replaces: from } }),
  add: (store, { path, fact }) => warmWriter(store, { remember: { path, fact } }),
  forget: (store, { query }) => warmWriter(store, { forget: { query } }),
};

/**
 * `memfiles import` of a bundle holding `path` as `content`, dated `updated: 2026/09/12` (newer
 * than the table's undated files, so import replaces an existing one).
 */
async function importFile(store: Folder, path: string, content: string): Promise<void> {
  const dated = content.replace(/^(description: .*\n)/m, "$1updated: 2026/09/12\n");
  const bundle = {
    format: "memfiles-bundle",
    version: 1,
    exportedAt: "2026-09-12T09:00:00Z",
    files: [{ path, version: versionToken(dated), content: dated }],
  };
  const file = join(await mkdtemp(join(tmpdir(), "memfiles-bundle-")), "bundle.json");
  await writeFile(file, JSON.stringify(bundle));
  await memfiles(store, ["import", file, store.root]);
}

async function currentText(
  store: Awaited<ReturnType<typeof recallFolder>>,
  path: string,
): Promise<string> {
  const current = await store.read(path);
  if (!current.exists) throw new Error(`the table's memory has no ${path}`);
  return current.content;
}

// A bundle's file replacing one of the memory's (edit), or a new fact in one (add).
const IMPORT: RecallSurface = {
  edit: async (store, { path, from, to }) =>
    importFile(store, path, (await currentText(store, path)).replace(from, to)),
  add: async (store, { path, fact }) => {
    if (store.layout === "fact") {
      return importFile(store, `${path}.md`, factFile(path, "Where the blog is hosted.", fact));
    }
    return importFile(
      store,
      path,
      `${await currentText(store, path)}[stated 2026/09/12] ${fact}\n`,
    );
  },
};

// One page per row, over its own store of the folder as `memfiles serve` opens one; its Undo stack
// lives as long as it does.
let page: { root: string; running: MemoryPage } | undefined;
afterEach(async () => {
  await page?.running.close();
  page = undefined;
});

/** The page's own calls: `fetch` of its API with its token, from its origin (the browser adds it). */
async function call(folder: Folder, method: string, path: string, body?: unknown) {
  if (page?.root !== folder.root) {
    const store = new MemoryStore({ root: folder.root, layout: folder.layout });
    page = { root: folder.root, running: await startMemoryPage({ store }) };
  }
  const { port, token } = page.running;
  const response = await fetch(`http://127.0.0.1:${port}${path}?token=${token}`, {
    method,
    headers: {
      origin: `http://127.0.0.1:${port}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const reply = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(reply)).toBe(200);
  return reply;
}

type PageFile = { path: string; version: string; lines: Array<{ written: string }> };

/** A file as the page shows it (its version token and lines), from the page's own listing. */
async function shownFile(folder: Folder, path: string): Promise<PageFile> {
  const { files } = (await call(folder, "GET", "/api/memory")) as { files: PageFile[] };
  const file = files.find((shown) => shown.path === path);
  if (file === undefined) throw new Error(`the page shows no ${path}`);
  return file;
}

const PAGE: RecallSurface = {
  forget: async (store, { path, line }) => {
    const file = await shownFile(store, path);
    expect(file.lines.map((shown) => shown.written)).toContain(line);
    await call(store, "POST", "/api/forget-line", { file: path, version: file.version, line });
  },
  restore: async (store) => {
    await call(store, "POST", "/api/undo", {});
  },
  describe: async (store, { path, description }) => {
    const file = await shownFile(store, path);
    await call(store, "POST", "/api/description", {
      file: path,
      version: file.version,
      description,
    });
  },
};

describe("the recall index after a write", () => {
  it.each(recallWriteRows(CLI))(
    "by the memfiles command in another process, %s",
    { timeout: PROCESS_TIMEOUT_MS },
    async (_name, layout, write) => {
      await expectRecallAfterWrite(await recallFolder(layout), write);
    },
  );

  it.each(recallWriteRows(WARM_PROCESS, "its own index warm"))(
    "by another memfiles process, %s",
    { timeout: PROCESS_TIMEOUT_MS },
    async (_name, layout, write) => {
      await expectRecallAfterWrite(await recallFolder(layout), write);
    },
  );

  it.each(recallWriteRows(IMPORT, "import"))(
    "by memfiles import in another process, %s",
    { timeout: PROCESS_TIMEOUT_MS },
    async (_name, layout, write) => {
      await expectRecallAfterWrite(await recallFolder(layout), write);
    },
  );

  it.each(recallWriteRows(PAGE))("on the memory page, %s", async (_name, layout, write) => {
    await expectRecallAfterWrite(await recallFolder(layout), write);
  });
});
