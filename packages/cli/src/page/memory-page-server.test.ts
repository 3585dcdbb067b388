import { execFileSync } from "node:child_process";
import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { forget } from "@memfiles/core";
import { afterEach, describe, expect, it } from "vitest";
import { memoryFixture } from "../../test/memory-fixture.js";
import { type MemoryPage, startMemoryPage } from "./memory-page-server.js";

let page: MemoryPage | undefined;
afterEach(async () => {
  await page?.close();
  page = undefined;
});

async function post(
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  if (!page) throw new Error("no page");
  const response = await fetch(`http://127.0.0.1:${page.port}${path}?token=${page.token}`, {
    method: "POST",
    headers: { origin: `http://127.0.0.1:${page.port}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("startMemoryPage", () => {
  // A new user's trial: the page listed a forgotten line pasted back with no problem, while
  // `check` reported it and recall hid it.
  it("marks a forgotten line pasted back by hand, as check does", async () => {
    const { store } = await memoryFixture();
    const forgot = await forget({
      store,
      query: "deploys on Fly.io",
      now: new Date("2026-11-19T10:00:00Z"),
    });
    expect(forgot.ok).toBe(true);
    await appendFile(
      join(store.root, "topics/tools.md"),
      "[stated 2026/09/12] deploys on Fly.io\n",
    );
    page = await startMemoryPage({ store });
    const response = await fetch(`http://127.0.0.1:${page.port}/api/memory?token=${page.token}`);
    const { files } = (await response.json()) as {
      files: Array<{ path: string; problems: Array<{ code: string; message: string }> }>;
    };
    const tools = files.find((file) => file.path === "topics/tools.md");
    expect(tools?.problems.map((problem) => problem.code)).toContain("forgotten_line");
    expect(tools?.problems.find((p) => p.code === "forgotten_line")?.message).toContain(
      "asked to forget",
    );
    const others = files.filter((file) => file.path !== "topics/tools.md");
    expect(others.flatMap((file) => file.problems.map((problem) => problem.code))).not.toContain(
      "forgotten_line",
    );
  });

  it("refuses a path outside the folder with the store's path guard (400, nothing read)", async () => {
    const { store } = await memoryFixture();
    page = await startMemoryPage({ store });
    const result = await post("/api/description", {
      file: "../../etc/passwd.md",
      version: "x",
      description: "y",
    });
    expect(result).toMatchObject({ status: 400, body: { code: "path_refused" } });
  });

  it.each(["my card 4111 1111 1111 1111", "token ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"])(
    "refuses a description holding a secret (422 secret), the file untouched: %s",
    async (description) => {
      const { store } = await memoryFixture();
      page = await startMemoryPage({ store });
      const before = await store.read("profile.md");
      const result = await post("/api/description", {
        file: "profile.md",
        version: before.exists ? before.version : "",
        description,
      });
      expect(result).toMatchObject({ status: 422, body: { code: "secret" } });
      expect(JSON.stringify(result.body)).not.toContain(description.split(" ").at(-1));
      expect((await store.read("profile.md")).version).toBe(before.version);
    },
  );

  it("refuses to delete a line from a stale version: 409 with the current text, the file untouched", async () => {
    const { store } = await memoryFixture();
    page = await startMemoryPage({ store });
    const before = await store.read("profile.md");
    const result = await post("/api/forget-line", {
      file: "profile.md",
      version: "0123456789ab",
      line: "[stated 2026/09/12] lives in Lyon",
    });
    expect(result).toMatchObject({
      status: 409,
      body: { code: "version_conflict", current: before.exists && before.content },
    });
    expect((await store.read("profile.md")).version).toBe(before.version);
  });

  it("deletes exactly the line asked for, not other lines its words match", async () => {
    const { store } = await memoryFixture();
    const { remember } = await import("@memfiles/core");
    await remember({
      store,
      path: "topics/tools.md",
      fact: "uses Neovim, not VS Code, with lazy.nvim",
    });
    page = await startMemoryPage({ store });
    const { version } = await store.read("topics/tools.md");
    const result = await post("/api/forget-line", {
      file: "topics/tools.md",
      version,
      line: "[stated 2026/09/12] uses Neovim, not VS Code",
    });
    expect(result.status).toBe(200);
    const after = await store.read("topics/tools.md");
    expect(after.exists && after.content).toContain("with lazy.nvim");
    expect(after.exists && after.content).not.toContain("] uses Neovim, not VS Code\n");
  });

  it("gives a file's git history when the folder is a repository", async () => {
    const { store } = await memoryFixture();
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
        cwd: store.root,
      });
    git("init", "-q");
    git("add", ".");
    git("commit", "-q", "-m", "memory as of September");
    page = await startMemoryPage({ store });
    const response = await fetch(
      `http://127.0.0.1:${page.port}/api/history?file=profile.md&token=${page.token}`,
    );
    const body = (await response.json()) as { git: boolean; commits: Array<{ message: string }> };
    expect(body.git).toBe(true);
    expect(body.commits.map((commit) => commit.message)).toEqual(["memory as of September"]);
  });
});
