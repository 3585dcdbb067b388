import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { OTHER_PERSON_FACTS, otherPersonFile, SAME_PERSON_FACT } from "@memfiles/core/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMemfilesMcpServer } from "./server.js";

// Another person's fact is not a duplicate (decision 0118), through MCP `remember` and `propose`
// in both layouts: "Anna lives in Madrid" beside "Anna's sister lives in Madrid" is saved and the
// held line kept; the same person's fact again is refused. The library, the memory tool and the
// write pass run the same rows (core `layouts/other-person-duplicate.test.ts`), `memfiles
// remember` too (cli `commands/other-person.test.ts`).
async function connect(layout: "subject" | "fact", held: string) {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-other-person-")), "memory");
  const { path, content } = otherPersonFile(layout, held);
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), content);
  const server = createMemfilesMcpServer({ root, layout, now: () => new Date("2026-12-01") });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "memfiles-test", version: "0.0.0" });
  await client.connect(clientSide);
  const readAll = async () => {
    const names = (await readdir(root, { recursive: true })).map(String);
    const files = names.filter((name) => name.endsWith(".md") && !name.startsWith("."));
    return (await Promise.all(files.map((name) => readFile(join(root, name), "utf8")))).join("\n");
  };
  return { client, path, content, read: () => readFile(join(root, path), "utf8"), readAll };
}

// A refusal of `remember` is its message (MCP `isError`), an answer JSON.
const replyOf = (reply: Awaited<ReturnType<Client["callTool"]>>): Record<string, unknown> => {
  const text = (reply.content as [{ text: string }])[0].text;
  if (reply.isError !== true) return JSON.parse(text) as Record<string, unknown>;
  return { ok: false, code: /already (?:holds|states)/.test(text) ? "duplicate" : text };
};

type Surface = (
  client: Client,
  layout: "subject" | "fact",
  path: string,
  fact: string,
) => Promise<string>;

const SURFACES: [string, Surface][] = [
  [
    "remember",
    async (client, _layout, path, fact) => {
      const reply = replyOf(
        await client.callTool({ name: "remember", arguments: { file: path, fact } }),
      );
      return reply.ok === true ? "applied" : String(reply.code);
    },
  ],
  [
    "propose",
    async (client, layout, path, fact) => {
      const proposal =
        layout === "subject"
          ? { file: path, fact, evidence: fact }
          : {
              name: "Anna's home",
              type: "user",
              description: "Where Anna lives.",
              body: fact,
              evidence: fact,
            };
      const reply = replyOf(
        await client.callTool({
          name: "propose",
          arguments: {
            transcript: { date: "2026-12-01", turns: [{ role: "user", content: fact }] },
            proposals: [proposal],
          },
        }),
      ) as { rejected: Array<{ code: string }> };
      return reply.rejected[0]?.code ?? "applied";
    },
  ],
];

describe.each(["subject", "fact"] as const)(
  "another person's fact over MCP (%s layout)",
  (layout) => {
    describe.each(SURFACES)("%s", (_surface, write) => {
      it.each(OTHER_PERSON_FACTS)("saves $name: $fact beside $held", async ({ held, fact }) => {
        const { client, path, read, readAll } = await connect(layout, held);
        expect(await write(client, layout, path, fact)).toBe("applied");
        expect(await read()).toContain(held);
        expect(await readAll()).toContain(fact);
      });

      it("refuses the same person's fact again as a duplicate", async () => {
        const { client, path, content, read } = await connect(layout, SAME_PERSON_FACT.held);
        expect(await write(client, layout, path, SAME_PERSON_FACT.fact)).toBe("duplicate");
        expect(await read()).toBe(content);
      });
    });
  },
);
