import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { MemoryToolHandlers } from "@anthropic-ai/sdk/helpers/beta/memory";
import { describe, expect, it } from "vitest";
import { findSecrets } from "../../src/guards/index.js";
import { forget, type Layout } from "../../src/layouts/index.js";
import { createMemoryToolHandlers, type MemoryToolStore } from "../../src/memory-tool/index.js";
import { MemoryStore, type StoreLayout } from "../../src/store/index.js";
import { refuse, type WriteCheckCode } from "../../src/write/write-checks.js";
import { MAX_CONFLICT_RETRIES } from "../../src/write/write-pipeline.js";
import type { LayoutFixture, MemoryToolFixture } from "./fixture.js";

// `length` chars of `letter` with a space inside every 100: a run past 1,000 chars, or two lines
// glued into one, would be a long token, refused as a secret before its length (decision 0125).
const words = (letter: string, length: number): string =>
  Array.from({ length }, (_, at) => (at % 100 === 50 ? " " : letter)).join("");

// A dated line whose words an edit changes is stated on the edit's day (decision 0022): the
// expected text with the line holding `words` dated 2026/09/12 (a fact file has no date tags).
function redated(text: string, words: string): string {
  const escaped = words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(
    new RegExp(`\\[stated \\d{4}/\\d{2}/\\d{2}\\] (?=${escaped})`),
    "[stated 2026/09/12] ",
  );
}

// Every check a memory-tool write passes is a row of WRITE_CHECKS: a bad edit is refused with the
// row's code and message, and nothing is written.
const NOW = new Date("2026-09-12T09:00:00Z");
// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const anthropicKey = ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1Op"].join("-");
const keyId = ["AKI", "A", "Q2E4KQ7XY5ZB3MN6"].join("");

async function setup(layout: Layout, m: MemoryToolFixture) {
  const base = await mkdtemp(join(tmpdir(), "memfiles-memory-tool-checks-"));
  const root = join(base, "memory");
  const { edited, content } = m;
  await mkdir(join(root, "topics"), { recursive: true });
  await writeFile(join(root, edited), content);
  for (const [path, text] of Object.entries(m.seeded)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  const store = new MemoryStore({ root, layout: layout.name });
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
  const handlers = createMemoryToolHandlers({ store, now: NOW });
  const editedText = () => readFile(join(root, edited), "utf8");
  return { root, store, snapshot, handlers, editedText };
}

// The refusal of a secret made of the key id, in the edit `what`.
const keyIdRefusal = async (what: string, split: boolean) =>
  refuse("secret", {
    what,
    kinds: [...new Set((await findSecrets(keyId)).findings.map((found) => found.kind))],
    split,
  }).message;

const refusal = (result: unknown) =>
  Promise.resolve(result).then(
    () => undefined,
    (error: { code: string; message: string }) => ({ code: error.code, message: error.message }),
  );

type Case = {
  name: string;
  code: WriteCheckCode;
  /** Good edits the bad one is refused after (the first half of a key, a file filled). */
  before?: (handlers: MemoryToolHandlers, m: MemoryToolFixture) => unknown;
  /** Runs the bad edit. */
  run: (handlers: MemoryToolHandlers, m: MemoryToolFixture) => unknown;
  /** The refusal's message, made by the table's template (a pattern where a length varies). */
  message: (m: MemoryToolFixture, layout: Layout) => Promise<string | RegExp> | string | RegExp;
  /** A store in front of the real one, for the version-token case. */
  store?: (store: MemoryStore, m: MemoryToolFixture) => Promise<MemoryToolStore>;
  /** The layouts the case applies to, by name; default every one. */
  layouts?: readonly StoreLayout[];
};

/**
 * A store whose reads of the edited file hand back the file as it was before a person's edit
 * (`edited`, written now): every read (`reads: "all"`), or only the first.
 */
async function racing(
  store: MemoryStore,
  m: MemoryToolFixture,
  edited: string,
  reads: "all" | "first",
): Promise<MemoryToolStore> {
  const path = m.edited;
  const stale = await store.read(path);
  await writeFile(join(store.root, path), edited);
  let count = 0;
  return {
    root: store.root,
    maxChars: store.maxChars,
    layout: store.layout,
    list: () => store.list(),
    read: async (read) =>
      read === path && (reads === "all" || count++ === 0) ? stale : store.read(read),
    write: (write, content, version) => store.write(write, content, version),
    delete: (remove, version) => store.delete(remove, version),
    withLock: (fn) => store.withLock(fn),
    readInternal: (internal) => store.readInternal(internal),
    writeInternal: (internal, text) => store.writeInternal(internal, text),
    renderIndex: () => store.renderIndex(),
  };
}

const memories = (path: string) => `/memories/${path}`;
/** The edited file's last line number: an insert there adds a line at the end. */
const end = (m: MemoryToolFixture) => m.content.split("\n").length - 1;

const LINE = "likes long notes about many small things";
/** A word of letters for `index` (a, b, ..., z, aa, ...): lines that differ by a number (or by "ex", "no") would update each other. */
const tag = (index: number): string =>
  index < 26 ? String.fromCharCode(97 + index) : tag(Math.floor(index / 26) - 1) + tag(index % 26);

const CASES: Case[] = [
  {
    name: "a pasted key in a create",
    code: "secret",
    run: (handlers, m) =>
      handlers.create({
        command: "create",
        path: memories(m.created),
        file_text: `staging bot key: ${anthropicKey}\n`,
      }),
    message: (m) =>
      refuse("secret", {
        what: `the create of ${memories(m.created)}`,
        kinds: ["anthropic_api_key"],
        split: false,
      }).message,
  },
  {
    name: "a key spelled in halves over two inserts of one session",
    code: "secret",
    before: (handlers, m) =>
      handlers.insert({
        command: "insert",
        path: memories(m.edited),
        insert_line: end(m),
        insert_text: `aws key ${keyId.slice(0, 9)}`,
      }),
    run: (handlers, m) =>
      handlers.insert({
        command: "insert",
        path: memories(m.edited),
        insert_line: end(m) + 1,
        insert_text: keyId.slice(9),
      }),
    message: (m) => keyIdRefusal(`the insert of ${memories(m.edited)}`, true),
  },
  {
    name: "a create whose front matter is not YAML",
    code: "invalid_fact",
    run: (handlers, m) =>
      handlers.create({
        command: "create",
        path: memories(m.created),
        file_text: "---js\n{ name: 'x' }\n---\nuses vim\n",
      }),
    message: (m) =>
      refuse("invalid_fact", {
        what: `the create of ${memories(m.created)}`,
        problem:
          'its first line "---js" opens front matter in another language than YAML, which memfiles never reads or edits (front matter in other languages can run code); start the file with "---", "name: ...", "description: ...", "---", then the fact',
      }).message,
  },
  {
    name: "a create where the layout keeps no file",
    code: "path_not_allowed",
    run: (handlers, m) =>
      handlers.create({
        command: "create",
        path: memories(m.notAllowed),
        file_text: "uses vim\n",
      }),
    message: (m, layout) =>
      refuse("path_not_allowed", {
        what: `the create of ${memories(m.notAllowed)}`,
        reason: layout.memoryTool.createRule(m.notAllowed) ?? "",
      }).message,
  },
  {
    name: "a rename to where the layout keeps no file",
    code: "path_not_allowed",
    run: (handlers, m) =>
      handlers.rename({
        command: "rename",
        old_path: memories(m.edited),
        new_path: memories(m.notAllowed),
      }),
    message: (m, layout) =>
      refuse("path_not_allowed", {
        what: `the rename of ${memories(m.edited)} to ${memories(m.notAllowed)}`,
        reason: layout.memoryTool.createRule(m.notAllowed) ?? "",
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
    run: (handlers, m) =>
      handlers.create({
        command: "create",
        path: memories(m.created),
        file_text: "home address is 12 Elm Street\n",
      }),
    message: (m) =>
      refuse("forgotten", {
        what: `"home address is 12 Elm Street" (the create of ${memories(m.created)})`,
        date: "2026/09/12",
        rule: "same_fact",
      }).message,
  },
  {
    name: "a forgotten fact inserted again among other lines",
    code: "forgotten",
    run: (handlers, m) =>
      handlers.insert({
        command: "insert",
        path: memories(m.edited),
        insert_line: end(m),
        insert_text: "home address is 12 Elm Street",
      }),
    // Both layouts: the line the model added is checked, not the person's lines around it.
    message: (m) =>
      refuse("forgotten", {
        what: `"home address is 12 Elm Street" (the insert of ${memories(m.edited)})`,
        date: "2026/09/12",
        rule: "same_fact",
      }).message,
  },
  {
    name: "an insert that takes the file past the cap",
    code: "too_long",
    before: (handlers, m) =>
      handlers.insert({
        command: "insert",
        path: memories(m.edited),
        insert_line: end(m),
        insert_text: Array.from({ length: 180 }, (_, index) => `${LINE} q${tag(index)}`).join("\n"),
      }),
    run: (handlers, m) =>
      handlers.insert({
        command: "insert",
        path: memories(m.edited),
        insert_line: end(m),
        insert_text: Array.from({ length: 100 }, (_, index) => `${LINE} x${tag(index)}`).join("\n"),
      }),
    message: (m) => {
      const message = refuse("too_long", {
        what: `the insert of ${memories(m.edited)}`,
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
    run: (handlers, m) =>
      handlers.insert({
        command: "insert",
        path: memories(m.edited),
        insert_line: end(m),
        insert_text: "uses tmux",
      }),
    message: (m) =>
      refuse("version_conflict", {
        what: `the insert of ${memories(m.edited)}`,
        path: memories(m.edited),
        rereads: MAX_CONFLICT_RETRIES,
      }).message,
    // Reads hand back the file as it was before a person's edit; every write then conflicts.
    store: (store, m) =>
      racing(store, m, `${m.content}${m.dated("hand edit", "2026/09/02")}\n`, "all"),
  },
  {
    name: "an edit that spells a key only in the file as read again after a conflict",
    code: "secret",
    // A person wrote the key's first part where the model's text lands: the re-read edit joins them.
    run: (handlers, m) =>
      handlers.str_replace({
        command: "str_replace",
        path: memories(m.edited),
        old_str: "Heroku",
        new_str: keyId.slice(4),
      }),
    message: (m) => keyIdRefusal(`the str_replace of ${memories(m.edited)}`, false),
    store: (store, m) =>
      racing(
        store,
        m,
        m.content.replace("on Heroku", `with the key ${keyId.slice(0, 4)}Heroku`),
        "first",
      ),
  },
  {
    name: "an insert with a relative time that cannot be pinned to a day",
    code: "relative_date",
    run: (handlers, m) =>
      handlers.insert({
        command: "insert",
        path: memories(m.edited),
        insert_line: end(m),
        insert_text: "मैं कल जाऊँगा",
      }),
    message: (m) =>
      refuse("relative_date", {
        what: `the insert of ${memories(m.edited)}`,
        problem:
          '"कल" means both yesterday and tomorrow; the session date 2026-09-12 cannot say which. Restate the fact with an absolute date (YYYY/MM/DD).',
      }).message,
  },
  {
    name: "an insert of a placeholder line",
    code: "invalid_fact",
    run: (handlers, m) =>
      handlers.insert({
        command: "insert",
        path: memories(m.edited),
        insert_line: end(m),
        insert_text: "uses tmux\n- N/A",
      }),
    message: (m) =>
      refuse("invalid_fact", {
        what: `the insert of ${memories(m.edited)}`,
        problem: `one of its lines: "N/A" is a placeholder, not a fact${m.shapeNote}`,
      }).message,
  },
  {
    name: "a create whose description is a placeholder",
    code: "invalid_fact",
    run: (handlers, m) =>
      handlers.create({
        command: "create",
        path: memories(m.created),
        file_text: "---\nname: keys\ndescription: N/A\n---\nuses tmux\n",
      }),
    message: (m) =>
      refuse("invalid_fact", {
        what: `the create of ${memories(m.created)}`,
        problem: 'its description: "N/A" is a placeholder; say what the file holds',
      }).message,
  },
  {
    name: "a create whose name is blank",
    code: "invalid_fact",
    run: (handlers, m) =>
      handlers.create({
        command: "create",
        path: memories(m.created),
        file_text: '---\nname: ""\ndescription: The user\'s keys.\n---\nuses tmux\n',
      }),
    message: (m) =>
      refuse("invalid_fact", {
        what: `the create of ${memories(m.created)}`,
        problem: "its name: it is blank",
      }).message,
  },
  {
    name: "a create whose name is a list, never saved with its header as facts",
    code: "invalid_fact",
    run: (handlers, m) =>
      handlers.create({
        command: "create",
        path: memories(m.created),
        file_text: "---\nname: [N/A]\ndescription: The user's keys.\n---\nuses tmux\n",
      }),
    message: (m) => {
      const error = `"name" must be one line of text, not a list or mapping. Write it as "name: ..." on one line.`;
      const what = `Refused the create of ${memories(m.created)}`;
      return m.nameList(what, m.created, error);
    },
  },
  {
    name: "a str_replace that sets the name to a placeholder",
    code: "invalid_fact",
    run: (handlers, m) =>
      handlers.str_replace({
        command: "str_replace",
        path: memories(m.edited),
        old_str: "name: tools",
        new_str: "name: TODO",
      }),
    message: (m) =>
      refuse("invalid_fact", {
        what: `the str_replace of ${memories(m.edited)}`,
        problem: 'its name: "TODO" is a placeholder; say what the file holds',
      }).message,
  },
  {
    name: "a create with a line over the layout's length cap",
    code: "invalid_fact",
    run: (handlers, m) =>
      handlers.create({
        command: "create",
        path: memories(m.created),
        file_text: `${words("x", m.maxLine + 1)}\n`,
      }),
    message: (m) =>
      refuse("invalid_fact", {
        what: `the create of ${memories(m.created)}`,
        problem: `one of its lines: it is ${m.maxLine + 1} chars, over ${m.maxLine}${m.shapeNote}`,
      }).message,
  },
  {
    name: "a create whose fact is over the layout's length cap in two lines",
    code: "invalid_fact",
    // Subject: each line is a fact of its own; fact: the created file's body is its one fact.
    run: (handlers, m) =>
      handlers.create({
        command: "create",
        path: memories(m.created),
        file_text: `${words("y", 700)}\n${words("z", 700)}\n`,
      }),
    message: (m) =>
      refuse("invalid_fact", {
        what: `the create of ${memories(m.created)}`,
        problem: m.twoLongLines,
      }).message,
  },
  {
    name: "a create of a fact another file holds",
    code: "duplicate",
    run: (handlers, m) =>
      handlers.create({
        command: "create",
        path: memories(m.created),
        file_text: `${m.neovimAgain}\n`,
      }),
    message: (m) =>
      refuse("duplicate", {
        what: `the create of ${memories(m.created)}`,
        path: memories(m.held),
      }).message,
  },
  {
    name: "an insert that restates a line of the file",
    code: "duplicate",
    layouts: ["subject"],
    run: (handlers, m) =>
      handlers.insert({
        command: "insert",
        path: memories(m.edited),
        insert_line: end(m),
        insert_text: "Neovim",
      }),
    message: (m) =>
      refuse("duplicate", {
        what: `the insert of ${memories(m.edited)}`,
        path: memories(m.edited),
        as: "[stated 2026/09/01] uses Neovim",
      }).message,
  },
  ...[
    {
      name: "an insert of a dose beside the dose it changes",
      kept: "takes 50 mg of sertraline every morning",
      sent: "takes 100 mg of sertraline every morning",
    },
    {
      name: "an insert of a glued unit beside the value it changes",
      kept: "takes 50mg of sertraline every morning",
      sent: "takes 100mg of sertraline every morning",
    },
    {
      name: "an insert of an affirmation beside its denial",
      kept: "has never been to Japan",
      sent: "has been to Japan",
    },
  ].map(
    (row): Case => ({
      name: row.name,
      code: "updates_kept_line",
      before: (handlers, m) =>
        handlers.insert({
          command: "insert",
          path: memories(m.edited),
          insert_line: end(m),
          insert_text: row.kept,
        }),
      run: (handlers, m) =>
        handlers.insert({
          command: "insert",
          path: memories(m.edited),
          insert_line: end(m),
          insert_text: row.sent,
        }),
      message: (m) =>
        refuse("updates_kept_line", {
          what: `the insert of ${memories(m.edited)}`,
          path: memories(m.edited),
          line: m.dated(row.kept, "2026/09/12"),
          fact: row.sent,
        }).message,
    }),
  ),
  {
    name: "a str_replace of another line with a new value of a kept line",
    code: "updates_kept_line",
    before: (handlers, m) =>
      handlers.insert({
        command: "insert",
        path: memories(m.edited),
        insert_line: end(m),
        insert_text: "takes 50 mg of sertraline every morning",
      }),
    run: (handlers, m) =>
      handlers.str_replace({
        command: "str_replace",
        path: memories(m.edited),
        old_str: m.heroku,
        new_str: "takes 100 mg of sertraline every morning",
      }),
    message: (m) =>
      refuse("updates_kept_line", {
        what: `the str_replace of ${memories(m.edited)}`,
        path: memories(m.edited),
        line: m.dated("takes 50 mg of sertraline every morning", "2026/09/12"),
        fact: "takes 100 mg of sertraline every morning",
      }).message,
  },
  {
    name: "a create of two values of one fact",
    code: "updates_kept_line",
    run: (handlers, m) =>
      handlers.create({
        command: "create",
        path: memories(m.created),
        file_text:
          "takes 50 mg of sertraline every morning\ntakes 100 mg of sertraline every morning\n",
      }),
    message: (m) =>
      refuse("updates_kept_line", {
        what: `the create of ${memories(m.created)}`,
        path: memories(m.created),
        line: "takes 50 mg of sertraline every morning",
        fact: "takes 100 mg of sertraline every morning",
      }).message,
  },
];

export function describeMemoryToolChecks(layout: Layout, fixture: LayoutFixture): void {
  const m = fixture.memoryTool;
  describe("memory tool checks", () => {
    it.each(
      CASES.filter((check) => check.layouts === undefined || check.layouts.includes(layout.name)),
    )("$name: refused as $code, with the table's message", async (check) => {
      const { store, snapshot } = await setup(layout, m);
      const handlers = createMemoryToolHandlers({
        store: check.store === undefined ? store : await check.store(store, m),
        now: NOW,
      });
      if (check.before !== undefined) await check.before(handlers, m);
      const before = await snapshot();
      const result = await refusal(check.run(handlers, m));
      const message = await check.message(m, layout);
      expect(result).toEqual({
        code: check.code,
        message: typeof message === "string" ? message : expect.stringMatching(message),
      });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("memory tool: version token", () => {
    it("an edit whose file changed since the read is applied again to the file as it is now", async () => {
      const { root, store } = await setup(layout, m);
      const { edited, content } = m;
      const stale = await store.read(edited);
      const handEdit = m.dated("hand edit", "2026/09/02");
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
        insert_line: end(m),
        insert_text: "uses tmux",
      });
      const text = await readFile(join(root, edited), "utf8");
      expect(text.split("\n").slice(-3)).toEqual([
        m.dated("uses tmux", "2026/09/12"),
        handEdit,
        "",
      ]);
    });
  });

  describe("memory tool: the lines the model writes", () => {
    it("resolves a relative time against today, as remember does", async () => {
      const { handlers, editedText } = await setup(layout, m);
      await handlers.insert({
        command: "insert",
        path: memories(m.edited),
        insert_line: end(m),
        insert_text: "met Bob yesterday",
      });
      const lines = (await editedText()).split("\n");
      expect(lines.slice(-2)).toEqual([m.dated("met Bob on 2026/09/11", "2026/09/12"), ""]);
      expect(lines.length).toBe(m.content.split("\n").length + 1);
    });

    it("checks only the lines it wrote against the tombstones, not a person's line it sent as it was", async () => {
      const { root, handlers, editedText } = await setup(layout, m);
      const { content } = m;
      // A person wrote back by hand the line forgotten in setup; the model edits the line above.
      const forgotten = m.home;
      const { neovim } = m;
      const start = content.replace(`${neovim}\n`, `${neovim}\n${forgotten}\n`);
      await writeFile(join(root, m.edited), start);
      const helix = neovim.replace("Neovim", "Helix");
      await handlers.str_replace({
        command: "str_replace",
        path: memories(m.edited),
        old_str: `${neovim}\n${forgotten}`,
        new_str: `${helix}\n${forgotten}`,
      });
      expect(await editedText()).toBe(
        redated(start.replace("updated: 2026/09/01", "updated: 2026/09/12"), neovim).replace(
          neovim,
          helix,
        ),
      );
    });

    it("keeps a line sent as the file had it byte for byte, never refused or rewritten", async () => {
      const { root, handlers, editedText } = await setup(layout, m);
      const { content } = m;
      // A person's lines a write would refuse or rewrite: a placeholder, a relative time, a line
      // another line already says.
      const personal = ["N/A", "met Alice yesterday", "- uses Neovim"];
      const { heroku } = m;
      const tail = heroku.slice(heroku.indexOf("Heroku") + "Heroku".length);
      const start = content.replace(`${heroku}\n`, `${heroku}\n${personal.join("\n")}\n`);
      await writeFile(join(root, m.edited), start);
      await handlers.str_replace({
        command: "str_replace",
        path: memories(m.edited),
        old_str: `Heroku${tail}\n${personal.join("\n")}`,
        new_str: `Fly.io${tail}\n${personal.join("\n")}`,
      });
      expect(await editedText()).toBe(
        redated(start.replace("updated: 2026/09/01", "updated: 2026/09/12"), heroku).replace(
          "Heroku",
          "Fly.io",
        ),
      );
    });
  });
}
