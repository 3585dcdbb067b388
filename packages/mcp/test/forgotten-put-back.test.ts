import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { MemoryStore, memfilesMemoryTool, type StoreLayout } from "@memfiles/core";
import { renderMemoryBlock } from "@memfiles/core/internal";
import { recallForPrompt } from "@memfiles/core/recall";
import { describe, expect, it } from "vitest";
import { startInProcess } from "./in-process.js";

// A new user's trial: a forgotten fact put back by hand (a `git checkout`, a backup, an editor's
// undo) was left out of recall but reached the model through the memory block (SessionStart) and
// MEMORY.md, and every view of the file. A line a tombstone matches is never shown to a model
// (decision 0091): every surface, both layouts; a fact that differs in a number still shows
// (decision 0084), and so does a clean memory's.

type Case = {
  name: string;
  /** Stored, then forgotten by `forget` (none: a clean memory). */
  forgotten?: { fact: string; query: string };
  /** Written back by hand after the forget: a line and a file whose description holds it. */
  written: string;
  /** The put-back file's body line and profile line, when not `written` (only its description). */
  body?: string;
  shown: boolean;
  /** A search word and a recall prompt that find the written fact. */
  word: string;
  prompt: string;
};

const CASES: Case[] = [
  {
    name: "a forgotten fact put back",
    forgotten: { fact: "lives at 12 Elm Street, Springfield", query: "12 Elm Street" },
    written: "lives at 12 Elm Street, Springfield",
    shown: false,
    word: "elm",
    prompt: "which street does the user live on, Elm Street?",
  },
  {
    name: "a near miss: another number",
    forgotten: { fact: "rent is 900 EUR a month", query: "rent 900" },
    written: "rent is 650 EUR a month",
    shown: true,
    word: "rent",
    prompt: "how much is the rent in EUR",
  },
  // A description written by hand that holds the forget query and part of the removed line
  // (decision 0108): the file's other fact stays, the description is hidden.
  {
    name: "a description holding the forget query",
    forgotten: { fact: "plays the cello on Sundays", query: "cello" },
    written: "Cello practice on Sundays, and other music",
    body: "likes jazz",
    shown: false,
    word: "cello",
    prompt: "does the user practise the cello on Sundays?",
  },
  {
    name: "a clean memory",
    written: "lives at 12 Elm Street, Springfield",
    shown: true,
    word: "elm",
    prompt: "which street does the user live on, Elm Street?",
  },
];

const REPOSITORY = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");
const CLI = join(REPOSITORY, "packages/cli/bin/memfiles.js");

// The built CLI, as a person or a model through Bash runs it.
function memfiles(args: string[], input?: string): Promise<string> {
  const { ANTHROPIC_API_KEY: _key, NODE_PATH: _path, ...env } = process.env;
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      ["--conditions=memfiles-dist", CLI, ...args],
      { env },
      (_error, stdout) => done(stdout),
    );
    child.stdin?.end(input ?? "");
  });
}

// The files a case puts back by hand: subject, a dated line in profile.md (inlined in the memory
// block) and a topic file; fact, a fact file whose description is the fact.
function putBack(layout: StoreLayout, text: string, body = text): Array<[string, string]> {
  return layout === "subject"
    ? [
        [
          "topics/home.md",
          `---\nname: home\ndescription: ${text}\n---\n[stated 2026/12/01] ${body}\n`,
        ],
      ]
    : [["put-back.md", `---\nname: put back\ndescription: ${text}.\ntype: user\n---\n${body}.\n`]];
}

type Seen = { layout: StoreLayout; root: string; written: string; word: string; prompt: string };
type Surface = { name: string; shows: (seen: Seen) => Promise<string> };

const paths = (layout: StoreLayout) =>
  layout === "subject" ? ["profile.md", "topics/home.md"] : ["put-back.md"];

describe.each(["subject", "fact"] as const)("a line a tombstone matches, %s layout", (layout) => {
  // Each surface gives the text a model is shown; MCP through one in-process session a case.
  let call: (name: string, args: Record<string, unknown>) => Promise<string> = async () => "";
  let resources: () => Promise<string> = async () => "";
  const SURFACES: Surface[] = [
    {
      name: "the memory block (buildSystem)",
      shows: async ({ root }) => renderMemoryBlock({ store: new MemoryStore({ root, layout }) }),
    },
    {
      name: "SessionStart",
      shows: async ({ root }) =>
        memfiles(
          ["hook", "session-start", "--root", root],
          JSON.stringify({
            session_id: "11111111-2222-3333-4444-555555555555",
            transcript_path: join(root, "none.jsonl"),
            cwd: root,
            hook_event_name: "SessionStart",
            source: "startup",
          }),
        ),
    },
    {
      // The second session reads the recall index the first stored (the quick path).
      name: "SessionStart, the next session",
      shows: async ({ root }) =>
        memfiles(
          ["hook", "session-start", "--root", root],
          JSON.stringify({
            session_id: "11111111-2222-3333-4444-555555555556",
            transcript_path: join(root, "none.jsonl"),
            cwd: root,
            hook_event_name: "SessionStart",
            source: "startup",
          }),
        ),
    },
    {
      name: "MEMORY.md (check --fix)",
      shows: async ({ root }) => {
        await memfiles(["check", "--fix", root]);
        return readFile(join(root, "MEMORY.md"), "utf8");
      },
    },
    {
      name: "recall (the prompt hook's)",
      shows: async ({ root, prompt }) =>
        (await recallForPrompt({ root, layout, query: prompt })).text,
    },
    {
      name: "MCP read",
      shows: async () =>
        (await Promise.all(paths(layout).map((path) => call("read", { path })))).join("\n"),
    },
    { name: "MCP search", shows: async ({ word }) => call("search", { words: word }) },
    { name: "MCP list", shows: async () => call("list", {}) },
    { name: "MCP resources/list", shows: async () => resources() },
    {
      name: "memory tool view",
      shows: async ({ root }) => {
        const tool = memfilesMemoryTool({ store: new MemoryStore({ root, layout }) });
        const views = [];
        for (const path of paths(layout)) {
          views.push(
            await tool.run({ command: "view", path: `/memories/${path}` }, undefined as never),
          );
        }
        return JSON.stringify(views);
      },
    },
    {
      name: "memfiles show",
      shows: async ({ root }) =>
        (await Promise.all(paths(layout).map((path) => memfiles(["show", root, path])))).join(""),
    },
    { name: "memfiles search", shows: async ({ root, word }) => memfiles(["search", root, word]) },
    // `--json`: the table cuts a long description to the terminal's width.
    { name: "memfiles ls", shows: async ({ root }) => memfiles(["ls", root, "--json"]) },
  ];

  // Each case runs the built CLI six times (SessionStart twice, check --fix, show, search, ls):
  // about 25 s on a busy 2-core machine, so a limit of 120 s.
  it.each(CASES)(
    "$name",
    { timeout: 120_000 },
    async ({ forgotten, written, body, shown, word, prompt }) => {
      const root = join(await mkdtemp(join(tmpdir(), "memfiles-put-back-")), "memory");
      await mkdir(layout === "subject" ? join(root, "topics") : root, { recursive: true });
      const profile = (fact?: string) =>
        `---\nname: profile\ndescription: who the user is\n---\n[stated 2026/12/01] works as a nurse\n${
          fact === undefined ? "" : `[stated 2026/12/01] ${fact}\n`
        }`;
      const fact = (at: string, text: string) =>
        `---\nname: ${at}\ndescription: ${text}.\ntype: user\n---\n${text}.\n`;
      if (layout === "subject") await writeFile(join(root, "profile.md"), profile(forgotten?.fact));
      else {
        await writeFile(join(root, "editor.md"), fact("editor", "uses Neovim"));
        if (forgotten) await writeFile(join(root, "old-fact.md"), fact("old fact", forgotten.fact));
      }
      const session = await startInProcess(["--root", root, "--layout", layout]);
      call = async (name, args) => {
        const result = await session.client.callTool({ name, arguments: args });
        return (result.content as Array<{ type: string; text: string }>)[0]?.text ?? "";
      };
      resources = async () => JSON.stringify(await session.client.listResources());
      try {
        if (forgotten) {
          expect(JSON.parse(await call("forget", { query: forgotten.query })).code).toBe("removed");
        }
        // The undo: the forgotten line back in profile.md, and a file that holds it.
        if (layout === "subject")
          await writeFile(join(root, "profile.md"), profile(body ?? written));
        for (const [path, text] of putBack(layout, written, body))
          await writeFile(join(root, path), text);

        const seen: Seen = { layout, root, written, word, prompt };
        const got: Record<string, boolean> = {};
        for (const surface of SURFACES) {
          got[surface.name] = (await surface.shows(seen)).includes(written);
        }
        expect(got).toEqual(Object.fromEntries(SURFACES.map(({ name }) => [name, shown])));
      } finally {
        await session.close();
      }
    },
  );
});
