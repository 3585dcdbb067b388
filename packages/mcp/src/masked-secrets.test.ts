import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMemfilesMcpServer } from "./server.js";

// Built from parts so no scanner takes this file for a leak.
const TOKEN = ["ghp", "_", "a1B2c3D4e5F6g7H8i9J0", "k1L2m3N4o5P6q7R8s9T0"].join("");
const FILE = `---\nname: tools\ndescription: The user's tools.\nupdated: 2026/09/01\n---\n[stated 2026/09/01] deploys on Fly.io\ndeploy token for ci: ${TOKEN}\n`;

/** A folder where a person pasted a token into a memory file by hand, and a client on it. */
async function connect() {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-masked-")), "memory");
  await mkdir(join(root, "topics"), { recursive: true });
  await writeFile(join(root, "topics/tools.md"), FILE);
  const server = createMemfilesMcpServer({ root });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "memfiles-test", version: "0.0.0" });
  await client.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    return (result.content as Array<{ text: string }>)[0]?.text ?? "";
  };
  return { root, client, call };
}

const NOTE =
  "topics/tools.md holds a secret (random_token) written into the file by hand; it is shown as [redacted]. The file on disk is unchanged: tell the user to remove the secret from it and rotate it.";

describe("MCP read and search mask a secret a person wrote into a file", () => {
  it("read returns the text with the secret as [redacted] and says so; the file keeps it", async () => {
    const { root, call } = await connect();
    const read = JSON.parse(await call("read", { path: "topics/tools.md" })) as {
      content: string;
      masked?: string;
    };
    expect(read.content).toBe(FILE.replace(TOKEN, "[redacted]"));
    expect(read.masked).toBe(NOTE);
    expect(await readFile(join(root, "topics/tools.md"), "utf8")).toBe(FILE);
  });

  it.each([
    ["the line's words", "deploy token"],
    ["the secret's own characters", TOKEN.slice(0, 12)],
  ])("search by %s never returns the secret", async (_name, words) => {
    const { call } = await connect();
    const text = await call("search", { words });
    expect(text).not.toContain(TOKEN.slice(4));
    const matches = JSON.parse(text) as Array<{ line: number; text: string; masked?: string }>;
    expect(matches).toEqual(
      words === "deploy token"
        ? [
            {
              path: "topics/tools.md",
              line: 7,
              text: "deploy token for ci: [redacted]",
              masked: NOTE,
            },
          ]
        : [],
    );
  });

  it("the memory-file resource is masked too", async () => {
    const { client } = await connect();
    const resource = await client.readResource({ uri: "memfiles://memory/topics/tools.md" });
    expect((resource.contents[0] as { text: string }).text).toBe(FILE.replace(TOKEN, "[redacted]"));
  });

  it("a clean line comes back as written, without a note", async () => {
    const { call } = await connect();
    expect(JSON.parse(await call("search", { words: "fly" }))).toEqual([
      { path: "topics/tools.md", line: 6, text: "[stated 2026/09/01] deploys on Fly.io" },
    ]);
  });
});

// Claude Code writes a session id (a UUID) and the time of the write on neighbouring lines of
// every memory file's front matter: no secret, joined or not. A key split across two fields is.
const claudeCodeFile = (first: string, second: string) =>
  `---\nname: gym\ndescription: "Where the user trains."\nmetadata:\n  type: user\n  ${first}\n  ${second}\n---\n\nThe user trains at the Vesterbro climbing gym.\n`;

describe("MCP read of a file in Claude Code's front matter", () => {
  it.each([
    [
      "its session id and time come back as written",
      claudeCodeFile(
        "originSessionId: 9f3a1c2e-7b4d-4e8a-9c1f-2d3e4f5a6b7c",
        "modified: 2026-12-06T17:21:39.792Z",
      ),
      false,
    ],
    [
      "a key in two of its fields is masked",
      claudeCodeFile("keyStart: Xk9mQ2pL7vB4nR8tJw3s", "keyEnd: Fh6Yc1Za5De0Gu2Iv4Kb"),
      true,
    ],
  ])("%s", async (_name, text, masked) => {
    const { root, call } = await connect();
    await writeFile(join(root, "gym.md"), text);
    const read = JSON.parse(await call("read", { path: "gym.md" })) as {
      content: string;
      masked?: string;
    };
    expect(read.content === text).toBe(!masked);
    expect(read.masked !== undefined).toBe(masked);
  });
});
