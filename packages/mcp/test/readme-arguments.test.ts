import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startInProcess } from "./in-process.js";

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
};

/**
 * One tool's arguments in the README's notation: `name` (required), `name?` (optional),
 * `name {a, b}` (an object), `name[] {a, b}` (an array of objects).
 */
function argumentsOf(schema: JsonSchema): string {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .map(([name, property]) => {
      const label = required.has(name) ? name : `${name}?`;
      if (property.type === "object") return `${label} {${argumentsOf(property)}}`;
      if (property.type === "array" && property.items?.type === "object") {
        return `${label}[] {${argumentsOf(property.items)}}`;
      }
      return label;
    })
    .join(", ");
}

/** The README's "Tool arguments" table: tool (and layout) to its arguments, backticks removed. */
async function readmeArguments(): Promise<Record<string, string>> {
  const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
  const section = readme.split("## Tool arguments")[1]?.split("\n## ")[0] ?? "";
  const rows: Record<string, string> = {};
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    if (cells.length < 4 || !cells[1]?.startsWith("`")) continue;
    rows[cells[1].replaceAll("`", "")] = (cells[2] ?? "").replaceAll("`", "");
  }
  return rows;
}

const sessions: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((close) => close()));
});

async function listedArguments(layout: "subject" | "fact") {
  const root = await mkdtemp(join(tmpdir(), "memfiles-mcp-readme-"));
  const { client, close } = await startInProcess(["--root", root, "--layout", layout]);
  sessions.push(close);
  const rows: Record<string, string> = {};
  for (const tool of (await client.listTools()).tools) {
    rows[tool.name] = argumentsOf(tool.inputSchema as JsonSchema) || "none";
  }
  return rows;
}

describe("packages/mcp/README.md, Tool arguments", () => {
  it("lists every tool's arguments as the server registers them, in both layouts", async () => {
    const subject = await listedArguments("subject");
    const fact = await listedArguments("fact");
    const { propose: subjectPropose, ...tools } = subject;
    expect(fact).toEqual({ ...tools, propose: fact.propose });
    expect(await readmeArguments()).toEqual({
      ...tools,
      "propose (subject layout)": subjectPropose,
      "propose (fact layout)": fact.propose,
    });
  });
});
