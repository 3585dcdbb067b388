import { mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { runRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { describe, expect, it } from "vitest";
import { forget, remember } from "../layouts/index.js";
import { MemoryStore } from "../store/index.js";
import { refuse } from "../write/write-checks.js";
import { MAX_CONFLICT_RETRIES } from "../write/write-pipeline.js";
import { memfilesMemoryTool } from "./memory-tool.js";
import { MemoryToolError } from "./memory-tool-error.js";
import type { MemoryToolStore } from "./memory-tool-handlers.js";

const NOW = new Date("2026-09-12T09:00:00Z");
// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const fakeAnthropicKey = ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1Op"].join("-");

type Command = Anthropic.Beta.BetaMemoryTool20250818Command;

async function setup(maxChars?: number) {
  const base = await mkdtemp(join(tmpdir(), "memfiles-memory-tool-"));
  const root = join(base, "memory");
  const store = new MemoryStore({ root, ...(maxChars === undefined ? {} : { maxChars }) });
  const tool = memfilesMemoryTool({ store, now: NOW });
  /** Runs one command the way the SDK's tool runner does: thrown errors become `Error: ...`. */
  const run = async (command: Command) => {
    const toolUse = { type: "tool_use", id: "toolu_1", name: "memory", input: command } as const;
    const outcome = await runRunnableTool(tool, command, {
      toolUse: toolUse as Anthropic.Beta.BetaToolUseBlock,
      toolUseBlock: toolUse as Anthropic.Beta.BetaToolUseBlock,
    });
    return { text: outcome.content as string, isError: outcome.isError };
  };
  const read = (path: string) => readFile(join(root, path), "utf8");
  /**
   * Every file under the base folder (memory folder and outside it), with its text; not the
   * internal state in `.memfiles/`, which a refused command's lock makes with its `.gitignore`
   * (docs/decisions/0089).
   */
  const snapshot = async () => {
    const files: Record<string, string> = {};
    for (const entry of await readdir(base, { recursive: true, withFileTypes: true })) {
      const internal = entry.parentPath.split(sep).includes(".memfiles");
      if (entry.isFile() && !internal) {
        const path = join(entry.parentPath, entry.name);
        files[path.slice(base.length + 1)] = await readFile(path, "utf8");
      }
    }
    return files;
  };
  return { base, root, store, tool, run, read, snapshot };
}

// TOOLS_FILE after a memory-tool edit on 2026/09/12: the header's `updated:` is today.
const bumped = (text: string) => text.replace("updated: 2026/09/01", "updated: 2026/09/12");

const TOOLS_FILE = [
  "---",
  "name: tools",
  "description: Editor and dev tools. Read for any coding question.",
  "updated: 2026/09/01",
  "---",
  "[stated 2026/09/01] uses Neovim",
  "[stated 2026/09/01] deploys on Heroku",
  "",
].join("\n");

describe("memory tool over MemoryStore, through the SDK's betaMemoryTool helper", () => {
  it("is the memory_20250818 tool definition", async () => {
    const { tool } = await setup();
    expect({ type: tool.type, name: tool.name }).toEqual({
      type: "memory_20250818",
      name: "memory",
    });
  });

  it("create: dates every line the model writes, adds a header, writes the file and MEMORY.md", async () => {
    const { run, read } = await setup();
    expect(
      await run({
        command: "create",
        path: "/memories/topics/hosting.md",
        file_text: "- deploys on Fly.io\nprefers blue-green deploys\n",
      }),
    ).toEqual({
      text: "File created successfully at: /memories/topics/hosting.md",
      isError: false,
    });
    expect(await read("topics/hosting.md")).toBe(
      [
        "---",
        "name: hosting",
        "description: What the user stated about hosting. Read for any question about hosting.",
        "updated: 2026/09/12",
        "---",
        "[stated 2026/09/12] deploys on Fly.io",
        "[stated 2026/09/12] prefers blue-green deploys",
        "",
      ].join("\n"),
    );
    expect(await read("MEMORY.md")).toContain("topics/hosting.md");
  });

  // The list marker rule (text/list-marker.ts): a dated line is written without its marker.
  it.each(["• ", "2. ", "  * "])(
    "create: a line written as a %j list item is dated without it",
    async (marker) => {
      const { run, read } = await setup();
      await run({
        command: "create",
        path: "/memories/topics/hosting.md",
        file_text: `${marker}deploys on Fly.io\n`,
      });
      expect(await read("topics/hosting.md")).toContain(
        "\n[stated 2026/09/12] deploys on Fly.io\n",
      );
    },
  );

  it("view: the folder listing and a file with line numbers, as the docs show them", async () => {
    const { run, root } = await setup();
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(root, "topics/tools.md"), TOOLS_FILE);
    await writeFile(join(root, "profile.md"), "---\nname: profile\ndescription: Who.\n---\n");
    expect(await run({ command: "view", path: "/memories" })).toEqual({
      text: [
        "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:",
        `${TOOLS_FILE.length + 40}B\t/memories`,
        "40B\t/memories/profile.md",
        `${TOOLS_FILE.length}B\t/memories/topics/`,
        `${TOOLS_FILE.length}B\t/memories/topics/tools.md`,
      ].join("\n"),
      isError: false,
    });
    expect(
      await run({ command: "view", path: "/memories/topics/tools.md", view_range: [6, 7] }),
    ).toEqual({
      text: [
        "Here's the content of /memories/topics/tools.md with line numbers:",
        "     6\t[stated 2026/09/01] uses Neovim",
        "     7\t[stated 2026/09/01] deploys on Heroku",
      ].join("\n"),
      isError: false,
    });
    expect(await run({ command: "view", path: "/memories/topics/missing.md" })).toEqual({
      text: "Error: The path /memories/topics/missing.md does not exist. Please provide a valid path.",
      isError: true,
    });
  });

  it("str_replace: replaces one unique occurrence, dates the new line, shows the snippet", async () => {
    const { run, read, root } = await setup();
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(root, "topics/tools.md"), TOOLS_FILE);
    expect(
      await run({
        command: "str_replace",
        path: "/memories/topics/tools.md",
        old_str: "[stated 2026/09/01] deploys on Heroku",
        new_str: "deploys on Fly.io (moved from Heroku)",
      }),
    ).toEqual({
      text: [
        "The memory file has been edited. Here is the snippet showing the change (with line numbers):",
        "     5\t---",
        "     6\t[stated 2026/09/01] uses Neovim",
        "     7\t[stated 2026/09/12] deploys on Fly.io (moved from Heroku)",
      ].join("\n"),
      isError: false,
    });
    expect(await read("topics/tools.md")).toBe(
      bumped(TOOLS_FILE).replace(
        "[stated 2026/09/01] deploys on Heroku",
        "[stated 2026/09/12] deploys on Fly.io (moved from Heroku)",
      ),
    );
    expect(
      await run({
        command: "str_replace",
        path: "/memories/topics/tools.md",
        old_str: "Vim",
        new_str: "x",
      }),
    ).toEqual({
      text: "Error: No replacement was performed, old_str `Vim` did not appear verbatim in /memories/topics/tools.md.",
      isError: true,
    });
    expect(
      await run({
        command: "str_replace",
        path: "/memories/topics/tools.md",
        old_str: "[stated",
        new_str: "x",
      }),
    ).toEqual({
      text: "Error: No replacement was performed. Multiple occurrences of old_str `[stated` in lines: 6, 7. Please ensure it is unique",
      isError: true,
    });
  });

  it("insert: adds dated lines at insert_line, refuses a line number out of range", async () => {
    const { run, read, root } = await setup();
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(root, "topics/tools.md"), TOOLS_FILE);
    expect(
      await run({
        command: "insert",
        path: "/memories/topics/tools.md",
        insert_line: 7,
        insert_text: "writes Rust at work\n",
      }),
    ).toEqual({ text: "The file /memories/topics/tools.md has been edited.", isError: false });
    expect(await read("topics/tools.md")).toBe(
      bumped(`${TOOLS_FILE}[stated 2026/09/12] writes Rust at work\n`),
    );
    expect(
      await run({
        command: "insert",
        path: "/memories/topics/tools.md",
        insert_line: 99,
        insert_text: "x",
      }),
    ).toEqual({
      text: "Error: Invalid `insert_line` parameter: 99. It should be within the range of lines of the file: [0, 8]",
      isError: true,
    });
  });

  it("rename and delete: move a file, then delete it; a deleted file's facts leave tombstones", async () => {
    const { run, read, root, store } = await setup();
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(root, "topics/tools.md"), TOOLS_FILE);
    expect(
      await run({
        command: "rename",
        old_path: "/memories/topics/tools.md",
        new_path: "/memories/topics/dev-tools.md",
      }),
    ).toEqual({
      text: "Successfully renamed /memories/topics/tools.md to /memories/topics/dev-tools.md",
      isError: false,
    });
    expect(await read("topics/dev-tools.md")).toBe(TOOLS_FILE);
    expect((await store.read("topics/tools.md")).exists).toBe(false);
    expect(await run({ command: "delete", path: "/memories/topics/dev-tools.md" })).toEqual({
      text: "Successfully deleted /memories/topics/dev-tools.md",
      isError: false,
    });
    expect((await store.list()).map((row) => row.path)).toEqual([]);
    expect(await run({ command: "delete", path: "/memories/topics/dev-tools.md" })).toEqual({
      text: "Error: The path /memories/topics/dev-tools.md does not exist",
      isError: true,
    });
    expect(await run({ command: "delete", path: "/memories" })).toEqual({
      text: "Error: Cannot delete the /memories directory itself",
      isError: true,
    });
    // The deleted facts cannot come back through the tool.
    const again = await run({
      command: "create",
      path: "/memories/topics/tools.md",
      file_text: "uses Neovim\n",
    });
    expect(again.isError).toBe(true);
    expect(again.text).toBe(
      `Error: ${refuse("forgotten", { what: '"uses Neovim" (the create of /memories/topics/tools.md)', date: "2026/09/12", rule: "same_fact" }).message}`,
    );
  });

  it("create and rename refuse an existing file, as the docs say", async () => {
    const { run, root } = await setup();
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(root, "topics/tools.md"), TOOLS_FILE);
    await writeFile(join(root, "profile.md"), "---\nname: profile\ndescription: Who.\n---\n");
    expect(await run({ command: "create", path: "/memories/profile.md", file_text: "x" })).toEqual({
      text: "Error: File /memories/profile.md already exists",
      isError: true,
    });
    expect(
      await run({
        command: "rename",
        old_path: "/memories/topics/tools.md",
        new_path: "/memories/profile.md",
      }),
    ).toEqual({
      text: "Error: The destination /memories/profile.md already exists",
      isError: true,
    });
  });
});

describe("hostile commands are refused with nothing written", () => {
  const cases: Array<[string, Command, string]> = [
    [
      "a path outside /memories",
      { command: "create", path: "/etc/passwd.md", file_text: "x" },
      "Error: Path must start with /memories, got: /etc/passwd.md",
    ],
    [
      "traversal out of /memories",
      { command: "create", path: "/memories/../outside.md", file_text: "uses Neovim" },
      "Error: Path /memories/../outside.md would escape /memories directory. Nothing was read or written; use a path such as /memories/topics/tools.md.",
    ],
    [
      "traversal in a view",
      { command: "view", path: "/memories/topics/../../outside.md" },
      "Error: Path /memories/topics/../../outside.md would escape /memories directory. Nothing was read or written; use a path such as /memories/topics/tools.md.",
    ],
    [
      "the tombstone folder",
      { command: "create", path: "/memories/.memfiles/tombstones.md", file_text: "x" },
      "refused",
    ],
    [
      "a pasted API key",
      {
        command: "create",
        path: "/memories/topics/keys.md",
        file_text: `anthropic key is ${fakeAnthropicKey}`,
      },
      `Error: ${refuse("secret", { what: "the create of /memories/topics/keys.md", kinds: ["anthropic_api_key"], split: false }).message}`,
    ],
    [
      "a pasted API key in an insert",
      {
        command: "insert",
        path: "/memories/topics/tools.md",
        insert_line: 7,
        insert_text: `key ${fakeAnthropicKey}`,
      },
      "holds a secret",
    ],
    [
      "a 50,000-char create",
      {
        command: "create",
        path: "/memories/topics/huge.md",
        file_text: "likes long notes ".repeat(2942),
      },
      `Error: ${refuse("too_long", { what: "the create of /memories/topics/huge.md", reason: "`file_text` is 50014 chars, over the 12000-char cap of a memory file; keep one subject per file and add a few lines at a time." }).message}`,
    ],
    [
      "a file outside the subject layout",
      { command: "create", path: "/memories/notes/today.md", file_text: "x" },
      `Error: ${refuse("path_not_allowed", { what: "the create of /memories/notes/today.md", reason: 'this memory keeps one subject per file. Use /memories/profile.md, /memories/preferences.md, or /memories/topics/, /memories/projects/ or /memories/people/ plus one kebab-case name ending in ".md", such as "/memories/topics/home-cooking.md".' }).message}`,
    ],
    [
      "a project file not named by the project rule: the project to use",
      { command: "create", path: "/memories/projects/my_app.md", file_text: "x" },
      `Error: ${refuse("path_not_allowed", { what: "the create of /memories/projects/my_app.md", reason: 'this memory keeps one subject per file. A project is named by lower-case letters and digits (any script) joined by single hyphens, so "my_app" is not one: use "/memories/projects/my-app.md".' }).message}`,
    ],
    [
      "a .txt file: the subject layout's path rule",
      { command: "create", path: "/memories/notes.txt", file_text: "x" },
      'the create of /memories/notes.txt: it is not a memory file: those end in ".md", and this memory keeps one subject per file.',
    ],
    [
      "a folder path with an allowed file name: that name with .md",
      { command: "create", path: "/memories/topics/tools", file_text: "x" },
      'it is not a memory file: those end in ".md", such as /memories/topics/tools.md.',
    ],
    [
      "writing the generated index",
      { command: "create", path: "/memories/MEMORY.md", file_text: "x" },
      `Error: ${refuse("path_not_allowed", { what: "the create of /memories/MEMORY.md", reason: "it is the index memfiles generates from the files, never written; edit the memory files instead." }).message}`,
    ],
  ];

  it.each(cases)("%s", async (_name, command, expected) => {
    const { run, root, snapshot } = await setup();
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(root, "topics/tools.md"), TOOLS_FILE);
    const before = await snapshot();
    const result = await run(command);
    expect(result.isError).toBe(true);
    if (expected.startsWith("Error: ")) expect(result.text).toBe(expected);
    else expect(result.text).toContain(expected);
    expect(await snapshot()).toEqual(before);
  });

  it.each(["bogus", "toString", 42])(
    "an unknown command (%s) is a MemoryToolError",
    async (command) => {
      const { tool, snapshot } = await setup();
      const before = await snapshot();
      let thrown: unknown;
      try {
        await tool.run({ command } as unknown as Command);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(MemoryToolError);
      expect(thrown).toMatchObject({ code: "invalid_input" });
      expect((thrown as Error).message).toContain("use one of view, create");
      expect(await snapshot()).toEqual(before);
    },
  );

  // One contract for all six commands (docs/memory-tool-and-mcp.md): `tool.run` throws a refusal
  // as a MemoryToolError, and the SDK's tool runner sends it back as `Error: <message>`.
  it.each<[string, Command]>([
    ["view", { command: "view", path: "/memories/topics/missing.md" }],
    ["create", { command: "create", path: "/memories/MEMORY.md", file_text: "x" }],
    [
      "str_replace",
      { command: "str_replace", path: "/memories/topics/tools.md", old_str: "Vim", new_str: "x" },
    ],
    [
      "insert",
      { command: "insert", path: "/memories/topics/tools.md", insert_line: 99, insert_text: "x" },
    ],
    ["delete", { command: "delete", path: "/memories" }],
    [
      "rename",
      {
        command: "rename",
        old_path: "/memories/topics/tools.md",
        new_path: "/memories/profile.md",
      },
    ],
  ])(
    "%s: run throws a MemoryToolError, the runner answers `Error: <message>`",
    async (_name, command) => {
      const { run, tool, root } = await setup();
      await mkdir(join(root, "topics"), { recursive: true });
      await writeFile(join(root, "topics/tools.md"), TOOLS_FILE);
      await writeFile(join(root, "profile.md"), "---\nname: profile\ndescription: Who.\n---\n");
      const thrown = await Promise.resolve(tool.run(command)).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(thrown).toBeInstanceOf(MemoryToolError);
      expect(await run(command)).toEqual({
        text: `Error: ${(thrown as Error).message}`,
        isError: true,
      });
    },
  );

  it("a link out of the folder is neither read nor written through", async () => {
    const { run, root, base, snapshot } = await setup();
    await mkdir(join(base, "outside"), { recursive: true });
    await writeFile(join(base, "outside/secret.md"), "outside text\n");
    await mkdir(root, { recursive: true });
    await symlink(join(base, "outside"), join(root, "topics"));
    const before = await snapshot();
    const view = await run({ command: "view", path: "/memories/topics/secret.md" });
    expect(view.isError).toBe(true);
    expect(view.text).not.toContain("outside text");
    const create = await run({
      command: "create",
      path: "/memories/topics/new.md",
      file_text: "x",
    });
    expect(create.isError).toBe(true);
    expect(create.text).toMatch(
      /^Error: Refused the create of \/memories\/topics\/new\.md: .*a link that resolves outside the memory folder/,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("re-creating a forgotten fact through create, insert or str_replace", async () => {
    const { run, store, root, snapshot } = await setup();
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(root, "topics/tools.md"), TOOLS_FILE);
    await forget({ store, query: "where I deploy", now: NOW });
    const before = await snapshot();
    const attempts: Command[] = [
      { command: "create", path: "/memories/topics/hosting.md", file_text: "deploys on Heroku\n" },
      {
        command: "insert",
        path: "/memories/topics/tools.md",
        insert_line: 6,
        insert_text: "deploys on Render",
      },
      {
        command: "str_replace",
        path: "/memories/topics/tools.md",
        old_str: "uses Neovim",
        new_str: "uses Neovim\ndeploys on Heroku",
      },
    ];
    for (const command of attempts) {
      const result = await run(command);
      expect(result).toEqual({
        text: expect.stringMatching(
          /^Error: Refused "deploys on \w+" \(the (create|insert|str_replace) of \/memories\/topics\/\S+\): the user asked on 2026\/09\/12 to forget it \(tombstone rule \w+\)\.$/,
        ),
        isError: true,
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a str_replace that removes a fact line is a forget: the line cannot come back", async () => {
    const { run, read, root } = await setup();
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(root, "topics/tools.md"), TOOLS_FILE);
    const removed = await run({
      command: "str_replace",
      path: "/memories/topics/tools.md",
      old_str: "[stated 2026/09/01] deploys on Heroku\n",
      new_str: "",
    });
    expect(removed.isError).toBe(false);
    expect(await read("topics/tools.md")).toBe(
      bumped(TOOLS_FILE.replace("[stated 2026/09/01] deploys on Heroku\n", "")),
    );
    const back = await run({
      command: "insert",
      path: "/memories/topics/tools.md",
      insert_line: 6,
      insert_text: "deploys on Heroku",
    });
    expect(back.isError).toBe(true);
    expect(back.text).toBe(
      `Error: ${refuse("forgotten", { what: '"deploys on Heroku" (the insert of /memories/topics/tools.md)', date: "2026/09/12", rule: "same_fact" }).message}`,
    );
  });

  it("a str_replace of a fact's words alone leaves no empty dated line (new-user trial)", async () => {
    const { run, read, root } = await setup();
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(root, "topics/tools.md"), TOOLS_FILE);
    const removed = await run({
      command: "str_replace",
      path: "/memories/topics/tools.md",
      old_str: "deploys on Heroku",
      new_str: "",
    });
    expect(removed.isError).toBe(false);
    expect(await read("topics/tools.md")).toBe(
      bumped(TOOLS_FILE.replace("[stated 2026/09/01] deploys on Heroku\n", "")),
    );
  });

  it("remember lifts the tombstone: the user's own word wins again", async () => {
    const { run, store, root } = await setup();
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(root, "topics/tools.md"), TOOLS_FILE);
    await forget({ store, query: "deploys on Heroku", now: NOW });
    await remember({ store, path: "topics/tools.md", fact: "deploys on Heroku", now: NOW });
    const result = await run({ command: "view", path: "/memories/topics/tools.md" });
    expect(result.text).toContain("deploys on Heroku");
  });

  it("a write made after the read is never overwritten (version token)", async () => {
    const { root, store, read } = await setup();
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(root, "topics/tools.md"), TOOLS_FILE);
    // A store whose read hands back the file as it was, while a person has since edited it.
    const stale = await store.read("topics/tools.md");
    await writeFile(join(root, "topics/tools.md"), `${TOOLS_FILE}[stated 2026/09/02] hand edit\n`);
    const racing: MemoryToolStore = {
      root: store.root,
      maxChars: store.maxChars,
      list: () => store.list(),
      read: async (path) => (path === "topics/tools.md" ? stale : store.read(path)),
      write: (path, content, version) => store.write(path, content, version),
      delete: (path, version) => store.delete(path, version),
      withLock: (fn) => store.withLock(fn),
      readInternal: (path) => store.readInternal(path),
      writeInternal: (path, text) => store.writeInternal(path, text),
      renderIndex: () => store.renderIndex(),
    };
    const tool = memfilesMemoryTool({ store: racing, now: NOW });
    await expect(
      tool.run(
        {
          command: "insert",
          path: "/memories/topics/tools.md",
          insert_line: 7,
          insert_text: "x y",
        },
        undefined as never,
      ),
    ).rejects.toThrow(
      refuse("version_conflict", {
        what: "the insert of /memories/topics/tools.md",
        path: "/memories/topics/tools.md",
        rereads: MAX_CONFLICT_RETRIES,
      }).message,
    );
    expect(await read("topics/tools.md")).toBe(`${TOOLS_FILE}[stated 2026/09/02] hand edit\n`);
  });
});
