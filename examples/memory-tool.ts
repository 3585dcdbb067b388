import Anthropic from "@anthropic-ai/sdk";
import { chat, MemoryStore, MODELS, memfilesMemoryTool } from "@memfiles/core";
import { getPrompt } from "@memfiles/prompts";

const store = new MemoryStore({ root: "./memory" });
const client = new Anthropic(); // reads ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL)

// Claude's memory tool (memory_20250818) on a memfiles store, with every guard; for the SDK's
// client.beta.messages.toolRunner({ tools: [tool], ... }), or run commands yourself:
const tool = memfilesMemoryTool({ store });
console.log(await tool.run({ command: "view", path: "/memories" }));

// Or chat() with the memory tool instead of memory_read / memory_write: the memory block stays in
// the cached system prompt, and context editing clears old tool results (the memory tool's kept).
const reply = await chat({
  store,
  client,
  model: MODELS.opus,
  basePrompt: getPrompt("base").text,
  tools: "memory-tool",
  messages: [{ role: "user", content: "What editor do I use?" }],
});
console.log(reply.text);
