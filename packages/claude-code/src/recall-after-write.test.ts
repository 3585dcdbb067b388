// The recall index after Claude Code's writes (core's table of write kinds): a memory file Claude
// Code edits itself, once the PreToolUse hook let the edit through, and the SessionEnd write pass.
// This process holds the index warm; the UserPromptSubmit hook then recalls as a new process does.
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MemoryStore } from "@memfiles/core";
import {
  expectRecallAfterWrite,
  factFile,
  mockMessages,
  RECALL_QUERY,
  type RecallSurface,
  type RecallWrite,
  recallFolder,
  recallWriteRows,
  testClient,
  toolUseBlock,
  useMessagesApi,
} from "@memfiles/core/test";
import { describe, expect, it } from "vitest";
import { hookInput } from "../test/memory-folder.js";
import { runHook } from "./run-hook.js";
import { runSessionWritePass } from "./session-write-pass.js";

const server = useMessagesApi();

/** A project folder for the hooks' `cwd` (the memory is given as `--root`). */
const projectFolder = () => mkdtemp(join(tmpdir(), "memfiles-claude-code-project-"));

/**
 * Claude Code's own Edit or Write of a memory file: asked of the PreToolUse hook, which must let
 * it through (no answer), then made on disk as Claude Code makes it, a person's editor to memfiles.
 */
async function toolEdit(
  store: MemoryStore,
  tool: "Edit" | "Write",
  path: string,
  change: (before: string) => string,
  input: Record<string, string>,
): Promise<void> {
  const file = join(store.root, path);
  const stdin = hookInput(await projectFolder(), {
    hook_event_name: "PreToolUse",
    tool_name: tool,
    tool_input: { file_path: file, ...input },
  });
  expect(await runHook({ event: "pre-tool-use", stdin, root: store.root, env: {} })).toEqual({
    stdout: "",
  });
  const before = await readFile(file, "utf8").catch(() => "");
  await writeFile(file, change(before));
}

const edit = (store: MemoryStore, path: string, from: string, to: string) =>
  toolEdit(store, "Edit", path, (text) => text.replace(from, to), {
    old_string: from,
    new_string: to,
  });

const CLAUDE_CODE_TOOLS: RecallSurface = {
  byHand: true,
  edit: (store, { path, from, to }) => edit(store, path, from, to),
  add: (store, { path, fact }) => {
    if (store.layout === "fact") {
      const content = factFile(path, "Where the blog is hosted.", fact);
      return toolEdit(store, "Write", `${path}.md`, () => content, {
        file_path: join(store.root, `${path}.md`),
        content,
      });
    }
    const line = `[stated 2026/09/12] ${fact}\n`;
    return toolEdit(store, "Edit", path, (text) => `${text}${line}`, {
      old_string: "",
      new_string: line,
    });
  },
  forget: (store, { path, line }) => edit(store, path, `${line}\n`, ""),
  describe: async (store, { path, description }) => {
    const before = await readFile(join(store.root, path), "utf8");
    const from = /^description: .*$/m.exec(before)?.[0] ?? "description:";
    await edit(store, path, from, `description: ${description}`);
  },
};

/** The write pass of a session in which the user said `said`, its model proposing `proposal`. */
async function sessionWritePass(store: MemoryStore, said: string, proposal: unknown) {
  const transcriptPath = join(await projectFolder(), "session.jsonl");
  const record = {
    parentUuid: null,
    isSidechain: false,
    type: "user",
    uuid: "u1",
    sessionId: "s-1",
    timestamp: "2026-09-12T10:00:00.000Z",
    message: { role: "user", content: said },
  };
  await writeFile(transcriptPath, `${JSON.stringify(record)}\n`);
  const tool = store.layout === "fact" ? "propose_facts" : "propose_memories";
  mockMessages(server, [
    { content: [toolUseBlock({ name: tool, input: { memories: [proposal] } })] },
  ]);
  const result = await runSessionWritePass(
    { root: store.root, layout: store.layout, sessionId: "s-1", transcriptPath, timeZone: "UTC" },
    { client: testClient() },
  );
  expect(result).toMatchObject({ outcome: "ok", applied: 1, rejected: 0 });
}

/** The model's proposal in the layout's shape; `replaces` names the stored fact (its file, in facts). */
function proposal(store: MemoryStore, path: string, fact: string, said: string, replaces?: string) {
  if (store.layout === "subject") {
    return { file: path, fact, evidence: said, replaces: replaces ?? null, description: null };
  }
  const name = path.replace(/\.md$/, "").replace(/-/g, " ");
  return {
    action: "save",
    name,
    type: "user",
    description: `The user's ${name}.`,
    body: fact,
    evidence: said,
    replaces: replaces === undefined ? null : path,
  };
}

const SESSION_END: RecallSurface = {
  edit: (store, { path, from, to }) => {
    const said = `I ${to.replace(/^deploys/i, "deploy")} now`;
    return sessionWritePass(store, said, proposal(store, path, to, said, from));
  },
  add: (store, { path, fact }) => {
    const said = `I ${fact.replace(/^hosts/, "host")}`;
    return sessionWritePass(store, said, proposal(store, path, fact, said));
  },
};

/** What the UserPromptSubmit hook adds for the table's query, in a session of its own. */
async function promptRecall(store: MemoryStore): Promise<string> {
  const stdin = hookInput(await projectFolder(), {
    hook_event_name: "UserPromptSubmit",
    session_id: `prompt-${Date.now()}`,
    prompt: RECALL_QUERY,
  });
  const { stdout } = await runHook({
    event: "user-prompt-submit",
    stdin,
    root: store.root,
    env: {},
  });
  return stdout;
}

const check = async (layout: MemoryStore["layout"], write: RecallWrite) => {
  const store = await recallFolder(layout);
  await expectRecallAfterWrite(store, write, { recalled: () => promptRecall(store) });
};

describe("the recall index after a write by Claude Code", () => {
  it.each(recallWriteRows(CLAUDE_CODE_TOOLS, "Edit/Write tool"))(
    "%s",
    async (_name, layout, write) => check(layout, write),
  );

  it.each(recallWriteRows(SESSION_END, "SessionEnd write pass"))(
    "%s",
    async (_name, layout, write) => check(layout, write),
  );
});
