import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../store/index.js";
import { refuse } from "../write/write-checks.js";
import { MAX_VIEW_ENTRIES } from "./commands/view.js";
import { createMemoryToolHandlers } from "./index.js";

const NOW = new Date("2026-11-20T10:00:00Z");

const TOOLS_FILE = [
  "---",
  "name: tools",
  "description: Editor and dev tools. Read for any coding question.",
  "updated: 2026/09/01",
  "---",
  "[stated 2026/09/01] uses Neovim",
  "",
].join("\n");

async function setup() {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-tool-limits-")), "memory");
  await mkdir(join(root, "topics"), { recursive: true });
  await writeFile(join(root, "topics/tools.md"), TOOLS_FILE);
  const store = new MemoryStore({ root });
  // Every store call, in order: a refusal checked first makes none.
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
  const handlers = createMemoryToolHandlers({ store: recording, now: NOW });
  const read = () => readFile(join(root, "topics/tools.md"), "utf8");
  return { root, store, handlers, calls, read };
}

const refusal = (result: unknown) =>
  Promise.resolve(result).then(
    () => undefined,
    (error: { name: string; code: string; message: string }) => ({
      name: error.name,
      code: error.code,
      message: error.message,
    }),
  );

describe("memory tool: limits before work", () => {
  const huge = "alpha bravo ".repeat(1_000_000); // 12 MB

  it.each([
    [
      "insert",
      { command: "insert", path: "/memories/topics/tools.md", insert_line: 6, insert_text: huge },
      "insert_text",
    ],
    [
      "str_replace",
      {
        command: "str_replace",
        path: "/memories/topics/tools.md",
        old_str: "uses Neovim",
        new_str: huge,
      },
      "new_str",
    ],
  ] as const)(
    "a 12 MB %s is refused before the lock, a read or a tombstone scan",
    async (name, command, field) => {
      const { handlers, calls, read } = await setup();
      const run = name === "insert" ? handlers.insert : handlers.str_replace;
      expect(await refusal(run(command as never))).toEqual({
        name: "MemoryToolError",
        code: "too_long",
        message: refuse("too_long", {
          what: `the ${name} of /memories/topics/tools.md`,
          reason: `\`${field}\` is ${huge.length} chars, over the 12000-char cap of a memory file; keep one subject per file and add a few lines at a time.`,
        }).message,
      });
      expect(calls).toEqual([]);
      expect(await read()).toBe(TOOLS_FILE);
    },
  );

  it.each([
    [
      "create",
      "file_text",
      { command: "create", path: "/memories/topics/a.md", file_text: 42 },
      "number",
    ],
    [
      "insert",
      "insert_text",
      { command: "insert", path: "/memories/topics/tools.md", insert_line: 6, insert_text: null },
      "null",
    ],
    [
      "str_replace",
      "new_str",
      {
        command: "str_replace",
        path: "/memories/topics/tools.md",
        old_str: "uses",
        new_str: { text: "x" },
      },
      "object",
    ],
    ["view", "path", { command: "view", path: ["/memories"] }, "object"],
    [
      "rename",
      "new_path",
      { command: "rename", old_path: "/memories/topics/tools.md", new_path: 7 },
      "number",
    ],
  ] as const)(
    "a %s whose %s is not a string is a clear refusal, not a TypeError",
    async (name, field, command, kind) => {
      const { handlers, read } = await setup();
      const run = handlers[name] as (command: never) => Promise<unknown>;
      expect(await refusal(run(command as never))).toEqual({
        name: "MemoryToolError",
        code: "invalid_input",
        message: `Refused the ${name} command: \`${field}\` must be a string, got ${kind}. Nothing was written; send the text as a string.`,
      });
      expect(await read()).toBe(TOOLS_FILE);
    },
  );
});

describe("memory tool: edits stay below the front matter", () => {
  const headerRefusal = (what: string) => ({
    name: "MemoryToolError",
    code: "invalid_insert_line",
    message: `Refused to ${what} in /memories/topics/tools.md: lines 1-5 are the file's front matter (name, description, dates), which stays the file's first lines. The body's first line is line 6: insert at insert_line 5 or later, or replace text from line 6 on. Nothing was written.`,
  });

  it.each([0, 1, 4])(
    "insert at line %i (inside the front matter) is refused, the body's first line named",
    async (line) => {
      const { handlers, read } = await setup();
      const command = {
        command: "insert",
        path: "/memories/topics/tools.md",
        insert_line: line,
        insert_text: "uses tmux",
      };
      expect(await refusal(handlers.insert(command as never))).toEqual(
        headerRefusal(`insert at line ${line}`),
      );
      expect(await read()).toBe(TOOLS_FILE);
    },
  );

  it("insert at the line right below the front matter is applied there", async () => {
    const { handlers, read } = await setup();
    await handlers.insert({
      command: "insert",
      path: "/memories/topics/tools.md",
      insert_line: 5,
      insert_text: "uses tmux",
    } as never);
    expect((await read()).split("\n").slice(4, 7)).toEqual([
      "---",
      "[stated 2026/11/20] uses tmux",
      "[stated 2026/09/01] uses Neovim",
    ]);
  });

  it.each([
    ["closing fence replaced by a fact", "---\n[stated", "uses tmux\n---\n[stated"],
    ["opening fence removed", "---\nname: tools", "name: tools"],
    [
      "a replacement across header and body",
      "2026/09/01\n---\n[stated 2026/09/01] uses Neovim",
      "2026/09/01\n---\nuses Helix",
    ],
  ])("str_replace on header lines is refused: %s", async (_name, oldText, newText) => {
    const { handlers, read } = await setup();
    const command = {
      command: "str_replace",
      path: "/memories/topics/tools.md",
      old_str: oldText,
      new_str: newText,
    };
    expect(await refusal(handlers.str_replace(command as never))).toEqual(
      headerRefusal("replace text"),
    );
    expect(await read()).toBe(TOOLS_FILE);
  });

  it("str_replace of the description in place is kept in the header", async () => {
    const { handlers, read } = await setup();
    await handlers.str_replace({
      command: "str_replace",
      path: "/memories/topics/tools.md",
      old_str: "Editor and dev tools.",
      new_str: "Editors, shells and dev tools.",
    } as never);
    expect((await read()).split("\n").slice(0, 3)).toEqual([
      "---",
      "name: tools",
      "description: Editors, shells and dev tools. Read for any coding question.",
    ]);
  });
});

describe("memory tool: create refuses a front matter memfiles would not edit", () => {
  it.each([
    ["---js", "---js\n{ name: 'x' }\n---\nuses vim\n"],
    ["---coffee", "---coffee\nname: 'x'\n---\nuses vim\n"],
    ["+++ (TOML)", "+++\nname = 'x'\n+++\nuses vim\n"],
  ])("%s", async (_name, fileText) => {
    const { handlers, root } = await setup();
    const result = await refusal(
      handlers.create({
        command: "create",
        path: "/memories/topics/a.md",
        file_text: fileText,
      } as never),
    );
    expect(result).toMatchObject({ name: "MemoryToolError", code: "invalid_fact" });
    expect(result?.message).toMatch(
      /^Refused the create of \/memories\/topics\/a\.md: its first line "(---js|---coffee|\+\+\+)" opens front matter in another language than YAML/,
    );
    await expect(readFile(join(root, "topics/a.md"), "utf8")).rejects.toThrow();
  });

  it("---yaml is YAML and is created", async () => {
    const { handlers } = await setup();
    expect(
      await handlers.create({
        command: "create",
        path: "/memories/topics/a.md",
        file_text: "---yaml\nname: a\ndescription: A.\n---\nuses vim\n",
      } as never),
    ).toBe("File created successfully at: /memories/topics/a.md");
  });
});

describe("memory tool: view of a folder is paged", () => {
  it("shows the first page of a large folder with a note of what was left out, view_range pages on", async () => {
    const { handlers, root } = await setup();
    for (let index = 0; index < 450; index += 1) {
      const name = `t${String(index).padStart(3, "0")}`;
      await writeFile(join(root, `topics/${name}.md`), `[stated 2026/11/01] fact ${index}\n`);
    }
    const first = (await handlers.view({ command: "view", path: "/memories" } as never)) as string;
    const entries = first.split("\n").filter((line) => line.includes("\t/memories/"));
    expect(entries.length).toBe(MAX_VIEW_ENTRIES);
    expect(first.split("\n").at(-1)).toBe(
      "(252 of 452 entries left out; entries 1-200 shown. View one folder (such as /memories/topics), or pass view_range [201, 400] for the next ones.)",
    );
    const second = (await handlers.view({
      command: "view",
      path: "/memories",
      view_range: [201, 400],
    } as never)) as string;
    expect(second).toContain("\t/memories/topics/t199.md");
    expect(second).not.toContain("\t/memories/topics/t198.md\n");
    const last = (await handlers.view({
      command: "view",
      path: "/memories",
      view_range: [401, -1],
    } as never)) as string;
    expect(last).toContain("\t/memories/topics/t449.md");
    expect(last).toContain("(400 of 452 entries left out; entries 401-452 shown.");
  });
});
