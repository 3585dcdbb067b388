// Texts shared by the store contract (store-contract.ts) and the real-server tests' child process
// (server-child.mjs), which runs on plain node: plain JavaScript, so the child loads no TypeScript
// loader and no vitest. Types in server-texts.d.mts.

/** The fact the forget races use: remembered, forgotten, then re-proposed by a write pass. */
export const FORGOTTEN_FACT = "deploys on Fly.io";

/** A memory file as memfiles writes one. @param {string} name @param {string} description @param {string[]} lines */
export function memoryFile(name, description, lines) {
  return `---\nname: ${name}\ndescription: ${description}\nupdated: 2026/09/12\n---\n\n${lines.map((line) => `- ${line}`).join("\n")}\n`;
}

/**
 * A write-pass reply (the model's `propose_memories` call), as the Messages API returns one.
 * @param {Array<{ file: string; fact: string; evidence: string }>} memories
 */
export function proposing(memories) {
  return {
    id: "msg_contract",
    type: "message",
    role: "assistant",
    model: "claude-haiku-4-5",
    content: [
      {
        type: "tool_use",
        id: "toolu_contract",
        name: "propose_memories",
        input: {
          memories: memories.map((memory) => ({ ...memory, replaces: null, description: null })),
        },
      },
    ],
    stop_reason: "tool_use",
    stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 20 },
  };
}
