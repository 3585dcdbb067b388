// Drives the installed memfiles-mcp over stdio with the MCP SDK's own client: list the tools,
// remember a fact, read it back. Exits non-zero when anything is off.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [bin, root] = process.argv.slice(2);
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [bin, "--root", root],
});
const client = new Client({ name: "pack-smoke", version: "0.0.0" });
await client.connect(transport);
const { tools } = await client.listTools();
const names = tools.map((tool) => tool.name).sort();
for (const name of ["list", "read", "remember"]) {
  if (!names.includes(name)) throw new Error(`memfiles-mcp lacks the ${name} tool: ${names}`);
}
const remembered = await client.callTool({
  name: "remember",
  arguments: { file: "topics/tools.md", fact: "uses Neovim" },
});
if (remembered.isError) throw new Error(`remember failed: ${JSON.stringify(remembered.content)}`);
const read = await client.callTool({ name: "read", arguments: { path: "topics/tools.md" } });
const text = read.content.map((part) => part.text ?? "").join("");
if (!text.includes("uses Neovim")) throw new Error(`read did not return the fact: ${text}`);
console.log(`mcp: ${names.length} tools; remember and read work`);
await client.close();
