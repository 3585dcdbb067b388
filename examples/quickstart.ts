import Anthropic from "@anthropic-ai/sdk";
import {
  chat,
  createUsageLog,
  forget,
  MemoryStore,
  MODELS,
  remember,
  writePass,
} from "@memfiles/core";
import { getPrompt } from "@memfiles/prompts";

const store = new MemoryStore({ root: "./memory" });
const client = new Anthropic(); // reads ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL)
// Optional: each model call's tokens go to memory/.memfiles/usage.jsonl; `memfiles cost memory`
// prices them per session, stage and model.
const onUsage = createUsageLog({ store });

// After a session: one model call proposes facts; code checks and saves each one.
const turns = [{ role: "user" as const, content: "I deploy everything on Fly.io" }];
const written = await writePass({
  store,
  client,
  model: MODELS.haiku,
  transcript: { date: "2026-11-29", turns },
  onUsage,
  sessionId: "2026-11-29",
});
for (const item of written.applied) console.log(`saved to ${item.path}: ${item.line}`);
for (const item of written.rejected) console.log(`refused (${item.code}): ${item.message}`);

// Explicit requests act at once, without a model call.
await remember({ store, path: "topics/tools.md", fact: "uses Neovim" });
await forget({ store, query: "Neovim" });

// The next session: the memory rides in the system prompt, behind cache breakpoints.
const messages = [{ role: "user" as const, content: "How should I deploy this new service?" }];
const reply = await chat({
  store,
  client,
  model: MODELS.opus,
  basePrompt: getPrompt("base").text,
  messages,
  onUsage,
  sessionId: "2026-11-30",
});
console.log(reply.text);
