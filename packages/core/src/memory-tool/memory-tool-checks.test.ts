import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MemoryToolHandlers } from "@anthropic-ai/sdk/helpers/beta/memory";
import { describe, expect, it } from "vitest";
import { findSecrets } from "../guards/index.js";
import { forget, layoutNamed } from "../layouts/index.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { refuse, type WriteCheckCode } from "../write/write-checks.js";
import { MAX_CONFLICT_RETRIES } from "../write/write-pipeline.js";
import { createMemoryToolHandlers, type MemoryToolStore } from "./index.js";

// Every check a memory-tool write passes is a row of WRITE_CHECKS: the same bad edit is refused
// with the row's code and message in both layouts, and nothing is written.
const NOW = new Date("2026-09-12T09:00:00Z");
// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const anthropicKey = ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1Op"].join("-");
const keyId = ["AKI", "A", "Q2E4KQ7XY5ZB3MN6"].join("");

/** Per layout: the file every case edits, and where a new file may and may not be created. */
const LAYOUTS = {
  subject: {
    edited: "topics/tools.md",
    content: [
      "---",
      "name: tools",
      "description: Editor and dev tools. Read for any coding question.",
      "updated: 2026/09/01",
      "---",
      "[stated 2026/09/01] uses Neovim",
      "[stated 2026/09/01] deploys on Heroku",
      "",
    ].join("\n"),
    created: "topics/keys.md",
    notAllowed: "notes/today.md",
  },
  fact: {
    edited: "tools.md",
    content: [
      "---",
      "name: tools",
      "description: Editor and dev tools. Read for any coding question.",
      "type: user",
      "updated: 2026/09/01",
      "---",
      "Uses Neovim.",
      "Deploys on Heroku.",
      "",
    ].join("\n"),
    created: "keys.md",
    notAllowed: "topics/keys.md",
  },
} as const;

type Layout = keyof typeof LAYOUTS;

async function setup(layout: Layout) {
  const base = await mkdtemp(join(tmpdir(), "memfiles-memory-tool-checks-"));
  const root = join(base, "memory");
  const { edited, content } = LAYOUTS[layout];
  await mkdir(join(root, "topics"), { recursive: true });
  await writeFile(join(root, edited), content);
  await writeFile(
    join(root, layout === "subject" ? "topics/home.md" : "home.md"),
    layout === "subject"
      ? "---\nname: home\ndescription: Where the user lives.\nupdated: 2026/09/01\n---\n[stated 2026/09/01] home address is 12 Elm Street\n"
      : "---\nname: home\ndescription: Where the user lives.\ntype: user\n---\nHome address is 12 Elm Street.\n",
  );
  const store = new MemoryStore({ root, layout: layout as StoreLayout });
  expect((await forget({ store, query: "home address", now: NOW })).ok).toBe(true);
  const snapshot = async () => {
    const files: Record<string, string> = {};
    for (const entry of await readdir(base, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) {
        const path = join(entry.parentPath, entry.name);
        files[path.slice(base.length + 1)] = await readFile(path, "utf8");
      }
    }
    return files;
  };
  return { root, store, snapshot };
}

const refusal = (result: unknown) =>
  Promise.resolve(result).then(
    () => undefined,
    (error: { code: string; message: string }) => ({ code: error.code, message: error.message }),
  );

type Case = {
  name: string;
  code: WriteCheckCode;
  /** Good edits the bad one is refused after (the first half of a key, a file filled). */
  before?: (handlers: MemoryToolHandlers, layout: Layout) => unknown;
  /** Runs the bad edit. */
  run: (handlers: MemoryToolHandlers, layout: Layout) => unknown;
  /** The refusal's message, made by the table's template (a pattern where a length varies). */
  message: (layout: Layout) => Promise<string | RegExp> | string | RegExp;
  /** A store in front of the real one, for the version-token case. */
  store?: (store: MemoryStore, layout: Layout) => Promise<MemoryToolStore>;
};

const memories = (path: string) => `/memories/${path}`;
/** The edited file's last line number: an insert there adds a line at the end. */
const end = (layout: Layout) => LAYOUTS[layout].content.split("\n").length - 1;

const LINE = "likes long notes about many small things";

const CASES: Case[] = [
  {
    name: "a pasted key in a create",
    code: "secret",
    run: (handlers, layout) =>
      handlers.create({
        command: "create",
        path: memories(LAYOUTS[layout].created),
        file_text: `staging bot key: ${anthropicKey}\n`,
      }),
    message: (layout) =>
      refuse("secret", {
        what: `the create of ${memories(LAYOUTS[layout].created)}`,
        kinds: ["anthropic_api_key"],
        split: false,
      }).message,
  },
  {
    name: "a key spelled in halves over two inserts of one session",
    code: "secret",
    before: (handlers, layout) =>
      handlers.insert({
        command: "insert",
        path: memories(LAYOUTS[layout].edited),
        insert_line: end(layout),
        insert_text: `aws key ${keyId.slice(0, 9)}`,
      }),
    run: (handlers, layout) =>
      handlers.insert({
        command: "insert",
        path: memories(LAYOUTS[layout].edited),
        insert_line: end(layout) + 1,
        insert_text: keyId.slice(9),
      }),
    message: async (layout) =>
      refuse("secret", {
        what: `the insert of ${memories(LAYOUTS[layout].edited)}`,
        kinds: [...new Set((await findSecrets(keyId)).findings.map((found) => found.kind))],
        split: true,
      }).message,
  },
  {
    name: "a create whose front matter is not YAML",
    code: "invalid_fact",
    run: (handlers, layout) =>
      handlers.create({
        command: "create",
        path: memories(LAYOUTS[layout].created),
        file_text: "---js\n{ name: 'x' }\n---\nuses vim\n",
      }),
    message: (layout) =>
      refuse("invalid_fact", {
        what: `the create of ${memories(LAYOUTS[layout].created)}`,
        problem:
          'its first line "---js" opens front matter in another language than YAML, which memfiles never reads or edits (front matter in other languages can run code); start the file with "---", "name: ...", "description: ...", "---", then the fact',
      }).message,
  },
  {
    name: "a create where the layout keeps no file",
    code: "path_not_allowed",
    run: (handlers, layout) =>
      handlers.create({
        command: "create",
        path: memories(LAYOUTS[layout].notAllowed),
        file_text: "uses vim\n",
      }),
    message: (layout) =>
      refuse("path_not_allowed", {
        what: `the create of ${memories(LAYOUTS[layout].notAllowed)}`,
        reason: layoutNamed(layout).memoryToolCreateRule(LAYOUTS[layout].notAllowed) ?? "",
      }).message,
  },
  {
    name: "a rename to where the layout keeps no file",
    code: "path_not_allowed",
    run: (handlers, layout) =>
      handlers.rename({
        command: "rename",
        old_path: memories(LAYOUTS[layout].edited),
        new_path: memories(LAYOUTS[layout].notAllowed),
      }),
    message: (layout) =>
      refuse("path_not_allowed", {
        what: `the rename of ${memories(LAYOUTS[layout].edited)} to ${memories(LAYOUTS[layout].notAllowed)}`,
        reason: layoutNamed(layout).memoryToolCreateRule(LAYOUTS[layout].notAllowed) ?? "",
      }).message,
  },
  {
    name: "a write of the generated index",
    code: "path_not_allowed",
    run: (handlers) =>
      handlers.create({ command: "create", path: "/memories/MEMORY.md", file_text: "x\n" }),
    message: () =>
      refuse("path_not_allowed", {
        what: "the create of /memories/MEMORY.md",
        reason:
          "it is the index memfiles generates from the files, never written; edit the memory files instead.",
      }).message,
  },
  {
    name: "a forgotten fact created again",
    code: "forgotten",
    run: (handlers, layout) =>
      handlers.create({
        command: "create",
        path: memories(LAYOUTS[layout].created),
        file_text: "home address is 12 Elm Street\n",
      }),
    message: (layout) =>
      refuse("forgotten", {
        what: `"home address is 12 Elm Street" (the create of ${memories(LAYOUTS[layout].created)})`,
        date: "2026/09/12",
        rule: "same_fact",
      }).message,
  },
  {
    name: "a forgotten fact inserted again among other lines",
    code: "forgotten",
    run: (handlers, layout) =>
      handlers.insert({
        command: "insert",
        path: memories(LAYOUTS[layout].edited),
        insert_line: end(layout),
        insert_text: "home address is 12 Elm Street",
      }),
    // Subject: the added line is the fact; fact: the file's body is its one fact.
    message: (layout) =>
      refuse("forgotten", {
        what: `${JSON.stringify(layout === "subject" ? "home address is 12 Elm Street" : "Uses Neovim.\nDeploys on Heroku.\nhome address is 12 Elm Street")} (the insert of ${memories(LAYOUTS[layout].edited)})`,
        date: "2026/09/12",
        rule: layout === "subject" ? "same_fact" : "forget_query_words",
      }).message,
  },
  {
    name: "an insert that takes the file past the cap",
    code: "too_long",
    before: (handlers, layout) =>
      handlers.insert({
        command: "insert",
        path: memories(LAYOUTS[layout].edited),
        insert_line: end(layout),
        insert_text: Array.from({ length: 180 }, (_, index) => `${LINE} ${index}`).join("\n"),
      }),
    run: (handlers, layout) =>
      handlers.insert({
        command: "insert",
        path: memories(LAYOUTS[layout].edited),
        insert_line: end(layout),
        insert_text: Array.from({ length: 100 }, (_, index) => `${LINE} more ${index}`).join("\n"),
      }),
    message: (layout) => {
      const message = refuse("too_long", {
        what: `the insert of ${memories(LAYOUTS[layout].edited)}`,
        reason:
          "LENGTH chars is over the 12000-char cap of a memory file; keep one subject per file and merge or drop old lines.",
      }).message;
      return new RegExp(
        `^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("LENGTH", "1\\d{4}")}$`,
      );
    },
  },
  {
    name: "an edit of a file that changed since it was read",
    code: "version_conflict",
    run: (handlers, layout) =>
      handlers.insert({
        command: "insert",
        path: memories(LAYOUTS[layout].edited),
        insert_line: end(layout),
        insert_text: "uses tmux",
      }),
    message: (layout) =>
      refuse("version_conflict", {
        what: `the insert of ${memories(LAYOUTS[layout].edited)}`,
        path: memories(LAYOUTS[layout].edited),
        rereads: MAX_CONFLICT_RETRIES,
      }).message,
    // Reads hand back the file as it was before a person's edit; every write then conflicts.
    store: async (store, layout) => {
      const { edited } = LAYOUTS[layout];
      const stale = await store.read(edited);
      await writeFile(
        join(store.root, edited),
        `${LAYOUTS[layout].content}${layout === "subject" ? "[stated 2026/09/02] hand edit" : "Hand edit."}\n`,
      );
      return {
        root: store.root,
        maxChars: store.maxChars,
        layout: store.layout,
        list: () => store.list(),
        read: async (path) => (path === edited ? stale : store.read(path)),
        write: (path, content, version) => store.write(path, content, version),
        delete: (path, version) => store.delete(path, version),
        withLock: (fn) => store.withLock(fn),
        readInternal: (path) => store.readInternal(path),
        writeInternal: (path, text) => store.writeInternal(path, text),
        renderIndex: () => store.renderIndex(),
      };
    },
  },
];

describe.each(["subject", "fact"] as const)("memory tool checks on the %s layout", (layout) => {
  it.each(CASES)("$name: refused as $code, with the table's message", async (check) => {
    const { store, snapshot } = await setup(layout);
    const handlers = createMemoryToolHandlers({
      store: check.store === undefined ? store : await check.store(store, layout),
      now: NOW,
    });
    if (check.before !== undefined) await check.before(handlers, layout);
    const before = await snapshot();
    const result = await refusal(check.run(handlers, layout));
    const message = await check.message(layout);
    expect(result).toEqual({
      code: check.code,
      message: typeof message === "string" ? message : expect.stringMatching(message),
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe.each(["subject", "fact"] as const)(
  "memory tool on the %s layout: version token",
  (layout) => {
    it("an edit whose file changed since the read is applied again to the file as it is now", async () => {
      const { root, store } = await setup(layout);
      const { edited, content } = LAYOUTS[layout];
      const stale = await store.read(edited);
      const handEdit = layout === "subject" ? "[stated 2026/09/02] hand edit" : "Hand edit.";
      await writeFile(join(root, edited), `${content}${handEdit}\n`);
      // The first read hands back the file as it was before a person's edit; later reads are true.
      let reads = 0;
      const racing: MemoryToolStore = {
        root: store.root,
        maxChars: store.maxChars,
        layout: store.layout,
        list: () => store.list(),
        read: async (path) => (path === edited && reads++ === 0 ? stale : store.read(path)),
        write: (path, text, version) => store.write(path, text, version),
        delete: (path, version) => store.delete(path, version),
        withLock: (fn) => store.withLock(fn),
        readInternal: (path) => store.readInternal(path),
        writeInternal: (path, text) => store.writeInternal(path, text),
        renderIndex: () => store.renderIndex(),
      };
      const handlers = createMemoryToolHandlers({ store: racing, now: NOW });
      await handlers.insert({
        command: "insert",
        path: memories(edited),
        insert_line: end(layout),
        insert_text: "uses tmux",
      });
      const text = await readFile(join(root, edited), "utf8");
      expect(text.split("\n").slice(-3)).toEqual([
        layout === "subject" ? "[stated 2026/09/12] uses tmux" : "uses tmux",
        handEdit,
        "",
      ]);
    });
  },
);
