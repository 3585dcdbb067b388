// A plain Node ESM program using the installed @memfiles/core: remember a fact, then build the
// system prompt that carries it. Exits non-zero when anything is off.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSystem, MemoryStore, remember } from "@memfiles/core";

const store = new MemoryStore({ root: await mkdtemp(join(tmpdir(), "memfiles-pack-")) });
const saved = await remember({ store, path: "topics/tools.md", fact: "uses Neovim" });
if (!saved.ok) throw new Error(`remember refused: ${JSON.stringify(saved)}`);
const system = await buildSystem({ store, basePrompt: "You are a helpful assistant." });
const text = system.map((block) => block.text).join("\n");
if (!text.includes("topics/tools.md")) throw new Error(`the memory block lacks the file:\n${text}`);
console.log(`library: remember ${saved.code}, system prompt of ${system.length} blocks`);
