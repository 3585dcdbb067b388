// A plain Node ESM program using the installed @memfiles/core: remember a fact, then build the
// system prompt that carries it, in the memory folder given as its argument (the caller removes
// it). Exits non-zero when anything is off.
import { buildSystem, MemoryStore, remember } from "@memfiles/core";

const root = process.argv[2];
if (root === undefined) throw new Error("usage: node library.mjs <memory folder>");
const store = new MemoryStore({ root });
const saved = await remember({ store, path: "topics/tools.md", fact: "uses Neovim" });
if (!saved.ok) throw new Error(`remember refused: ${JSON.stringify(saved)}`);
const system = await buildSystem({ store, basePrompt: "You are a helpful assistant." });
const text = system.map((block) => block.text).join("\n");
if (!text.includes("topics/tools.md")) throw new Error(`the memory block lacks the file:\n${text}`);
console.log(`library: remember ${saved.code}, system prompt of ${system.length} blocks`);
