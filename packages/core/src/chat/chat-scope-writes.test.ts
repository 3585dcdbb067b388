import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedClient } from "../../test/scripted-client.js";
import { MODELS } from "../models/index.js";
import { fileScope } from "../recall/scope.js";
import { MemoryStore } from "../store/index.js";
import { chat } from "./chat.js";

async function folder(): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-scope-")), "memory");
  await mkdir(join(root, "topics"), { recursive: true });
  await mkdir(join(root, "Projects"), { recursive: true });
  const file = (name: string, description: string, line: string, extra = "") =>
    `---\nname: ${name}\ndescription: ${description}\n${extra}updated: 2026/11/01\n---\n[stated 2026/11/01] ${line}\n`;
  await writeFile(
    join(root, "topics/scoped.md"),
    file(
      "scoped note",
      "Invoice numbering rules.",
      "invoice numbers restart each year",
      "scope: other-app\n",
    ),
  );
  await writeFile(
    join(root, "topics/billing.md"),
    file("billing", "Billing notes.", "invoice totals are in cents", "scope: billing-api\n"),
  );
  await writeFile(
    join(root, "Projects/other-app.md"),
    file(
      "other-app",
      "Other app. Read for invoice questions.",
      "other-app invoice PDFs use wkhtmltopdf",
    ),
  );
  return new MemoryStore({ root });
}

const base = { model: MODELS.opus, basePrompt: "x", now: new Date("2026-11-20T10:00:00Z") };

describe("fileScope: one rule for the scope header and the projects/ folder", () => {
  it.each([
    ["topics/scoped.md", "other-app", "other-app"],
    ["projects/other-app.md", undefined, "other-app"],
    ["Projects/Other-App.md", undefined, "other-app"],
    ["ＰＲＯＪＥＣＴＳ/other-app.md", undefined, "other-app"],
    ["projects/other-app.md", "global", "global"],
    ["projects/billing/notes.md", undefined, "billing"],
    ["topics/tools.md", undefined, undefined],
    ["profile.md", undefined, undefined],
  ])("%s with scope %s -> %s", (path, scope, expected) => {
    expect(fileScope(path, scope)).toBe(expected);
  });
});

describe("chat in a project touches only global and that project's files", () => {
  it("memory_write forget leaves another project's lines alone and never shows them", async () => {
    const store = await folder();
    const { client, requests } = scriptedClient([
      [
        {
          type: "tool_use",
          id: "t1",
          name: "memory_write",
          input: { action: "forget", query: "invoice" },
        },
      ],
      [{ type: "text", text: "done" }],
    ]);
    await chat({
      ...base,
      store,
      client,
      messages: [{ role: "user", content: "forget what you know about invoices" }],
      recall: { project: "billing-api" },
    });
    expect(await readFile(join(store.root, "topics/scoped.md"), "utf8")).toContain(
      "invoice numbers restart each year",
    );
    expect(await readFile(join(store.root, "Projects/other-app.md"), "utf8")).toContain(
      "wkhtmltopdf",
    );
    expect(await readFile(join(store.root, "topics/billing.md"), "utf8")).not.toContain(
      "invoice totals",
    );
    const blob = JSON.stringify(requests);
    expect(blob).not.toContain("restart each year");
    expect(blob).not.toContain("wkhtmltopdf");
  });

  it("side query, index and memory_read never carry a projects/<name>.md file of another project", async () => {
    const store = await folder();
    const { client, requests } = scriptedClient([
      [
        {
          type: "tool_use",
          id: "r1",
          name: "memory_read",
          input: { path: "projects/OTHER-APP.md" },
        },
      ],
      [{ type: "text", text: "ok" }],
    ]);
    await chat({
      ...base,
      store,
      client,
      messages: [{ role: "user", content: "Where are invoice PDFs rendered?" }],
      recall: { strategy: "side-query", project: "billing-api" },
    });
    const blob = JSON.stringify(requests);
    expect(blob).not.toContain("wkhtmltopdf");
    expect(blob).not.toContain("Read for invoice questions");
    expect(blob).toContain("memory of another project");
  });
});
