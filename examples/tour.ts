import { existsSync } from "node:fs";
import Anthropic from "@anthropic-ai/sdk";
import {
  applyBatchResults,
  chat,
  consolidateAll,
  forget,
  MemoryStore,
  MODELS,
  remember,
  submitWritePasses,
  type Transcript,
  writePass,
} from "@memfiles/core";
import { getPrompt } from "@memfiles/prompts";

const store = new MemoryStore({ root: "./memory" });
const client = new Anthropic(); // reads ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL)

// After a session: save the few durable facts the user stated (one model call; when a write would
// pass a file's 12,000-char cap, a second call consolidates that file first).
const transcript: Transcript = {
  date: "2026-11-29",
  turns: [{ role: "user", content: "I deploy everything on Fly.io" }],
};
const { applied, rejected } = await writePass({ store, client, model: MODELS.haiku, transcript });
console.log(`write pass: ${applied.length} applied, ${rejected.length} refused`);

// Or, for many sessions at half price: one Message Batch, applied when it has ended.
const sessions = [{ store, transcript, sessionId: "2026-11-29-a" }];
const { batchId } = await submitWritePasses({ sessions, client, model: MODELS.haiku });
if (batchId !== undefined) {
  const outcome = await applyBatchResults({
    batchId,
    sessions,
    client,
    model: MODELS.haiku,
    wait: {},
  });
  console.log(`batch ${batchId}: ${outcome.status}`);
}

// During a session: the system prompt carries the memory index, profile and preferences (cached);
// the model reads other files with memory_read and carries out "remember ..." / "forget ..."
// requests with memory_write.
const basePrompt = getPrompt("base").text;
const first = await chat({
  store,
  client,
  model: MODELS.opus,
  basePrompt,
  messages: [{ role: "user", content: "How should I deploy this new service?" }],
});
// stop_reason "max_tokens" means the text was cut off, "refusal" that the model declined; only
// "end_turn" is a complete answer.
if (first.stopReason !== "end_turn") console.warn(`incomplete answer (${first.stopReason})`);

// The next user turn: pass the conversation back. Its system prompt is resent byte for byte;
// memory changed since reaches the model as a note on the new user message.
const second = await chat({
  store,
  client,
  model: MODELS.opus,
  basePrompt,
  conversation: first.conversation,
  messages: [...first.messages, { role: "user", content: "And the CI step for it?" }],
});
console.log(second.text);

// Recall options: a cheap side query picks <= 5 files for this message, after the cache
// breakpoints; a project scope shows global memories and this project's only; verify marks a
// memory whose path no longer exists "possibly stale".
const scoped = await chat({
  store,
  client,
  model: MODELS.opus,
  basePrompt,
  messages: [{ role: "user", content: "Where are invoice PDFs rendered?" }],
  recall: {
    strategy: "side-query",
    project: "billing-api",
    verify: (claim) => existsSync(claim.text),
  },
});
if (scoped.recall.fallback) console.warn(`side query fell back: ${scoped.recall.fallback.reason}`);

// Explicit requests, at once, without a model call.
await remember({ store, path: "topics/tools.md", fact: "uses Neovim" });
await forget({ store, query: "Neovim" });

// Weekly, or when files grow: merge, correct and shrink files over 6,000 chars.
const consolidated = await consolidateAll({ store, client, model: MODELS.haiku });
console.log(`consolidated ${consolidated.results.length} file(s)`);
