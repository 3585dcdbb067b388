import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FakeBlock } from "./fake-anthropic-api.js";

/**
 * A small scenario that takes every path of the runner: a fixed transcript with a write pass, a
 * live session whose user asks to remember something (chat calls memory_write), a consolidation
 * with a remember while its request is in flight, and a final question answered after a
 * memory_read.
 */
export const TINY_SCENARIO = `id: tiny
title: Every runner path, small
source: test
seedFiles:
  topics/tools.md: |
    ---
    name: tools
    description: Editor, hosting and dev tools. Read for any coding or deploy question.
    updated: 2026/08/20
    ---
    [stated 2026/08/20] uses Neovim
sessions:
  - date: 2026-09-12
    turns:
      - user: I deploy everything on Fly.io
      - assistant: Noted, Fly.io it is.
    after: [write]
  - date: 2026-09-14
    live: true
    turns:
      - user: remember that I use tmux
    after:
      - consolidate:
          threshold: 0
          duringCall:
            remember: { path: topics/tools.md, fact: uses Ghostty as the terminal }
question:
  date: 2026-09-20
  text: How should I deploy this new service?
expect:
  files:
    - path: topics/tools.md
      contains: [Fly.io, Neovim, tmux, Ghostty]
      everyLineDated: true
  noNewFiles: true
  answer:
    mentionsAny: [fly deploy]
    noNarration: true
`;

type Body = Record<string, unknown>;
type Message = { role: string; content: string | { type: string; text?: string }[] };

function toolNames(body: Body): string[] {
  return ((body.tools as { name: string }[] | undefined) ?? []).map((tool) => tool.name);
}

/**
 * The fake model of the tiny scenario: answers each request as a compliant model would.
 *
 * @param body - The Messages API request body.
 * @returns The reply's content blocks.
 * @example startFakeAnthropicApi(tinyModel)
 */
export function tinyModel(body: Body): FakeBlock[] {
  const tools = toolNames(body);
  if (tools.includes("propose_memories")) {
    return [
      {
        type: "tool_use",
        name: "propose_memories",
        input: {
          memories: [
            {
              file: "topics/tools.md",
              fact: "deploys everything on Fly.io",
              evidence: "I deploy everything on Fly.io",
              replaces: null,
              description: null,
            },
          ],
        },
      },
    ];
  }
  if (tools.includes("save_consolidated_file")) {
    return [{ type: "text", text: "Nothing to merge." }];
  }
  const messages = body.messages as Message[];
  const last = messages.at(-1);
  const lastText = typeof last?.content === "string" ? last.content : undefined;
  if (lastText?.startsWith("remember")) {
    return [
      {
        type: "tool_use",
        name: "memory_write",
        input: { action: "remember", file: "topics/tools.md", fact: "uses tmux" },
      },
    ];
  }
  if (lastText?.startsWith("How should I deploy")) {
    return [{ type: "tool_use", name: "memory_read", input: { path: "topics/tools.md" } }];
  }
  if (messages.length > 2 && JSON.stringify(messages).includes("deploy this new service")) {
    return [{ type: "text", text: "Run `fly launch`, then `fly deploy` from the service folder." }];
  }
  return [{ type: "text", text: "Saved." }];
}

/**
 * Writes the tiny scenario into a fresh temporary scenarios folder.
 *
 * @returns The folder path.
 * @example const scenariosDir = await writeTinyScenario();
 */
export async function writeTinyScenario(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "memfiles-scenarios-"));
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "tiny.yaml"), TINY_SCENARIO, "utf8");
  return dir;
}

/** Authored replies of the tiny scenario, the same as `tinyModel` gives. */
export const TINY_AUTHORED = `scenario: tiny
replies:
  - step: "session 1: write"
    content:
      - type: tool_use
        name: propose_memories
        input:
          memories:
            - { file: topics/tools.md, fact: deploys everything on Fly.io, evidence: I deploy everything on Fly.io, replaces: null, description: null }
  - step: "session 2: chat"
    content:
      - { type: tool_use, name: memory_write, input: { action: remember, file: topics/tools.md, fact: uses tmux } }
  - step: "session 2: chat"
    content:
      - { type: text, text: Saved. }
  - step: "session 2: consolidate topics/tools.md"
    content:
      - { type: text, text: Nothing to merge. }
  - step: "question: chat"
    content:
      - { type: tool_use, name: memory_read, input: { path: topics/tools.md } }
  - step: "question: chat"
    content:
      - { type: text, text: "Run \`fly launch\`, then \`fly deploy\` from the service folder." }
`;

/**
 * Writes the tiny scenario's authored replies into a fresh temporary folder.
 *
 * @returns The folder path.
 * @example const authoredDir = await writeTinyAuthored();
 */
export async function writeTinyAuthored(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "memfiles-authored-"));
  await writeFile(join(dir, "tiny.yaml"), TINY_AUTHORED, "utf8");
  return dir;
}
