import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MemoryStore } from "@memfiles/core";
import { autoMemoryFolder } from "@memfiles/core/internal";
import { describe, expect, it } from "vitest";
import { openServerMemory } from "../src/server-options.js";

describe("--claude-code-memory: the auto memory of the project the server starts in", () => {
  it("serves each project's own folder, found by the hooks' rule", async () => {
    const base = await mkdtemp(join(tmpdir(), "memfiles-mcp-cc-"));
    const env = { CLAUDE_CONFIG_DIR: join(base, "config") };
    for (const project of ["shop", "blog"]) {
      const cwd = join(base, project);
      await mkdir(cwd, { recursive: true });
      const opened = await openServerMemory(["--claude-code-memory", "--create"], env, cwd);
      if (opened.code !== "opened") throw new Error(opened.code);
      const store = opened.serverOptions.store as MemoryStore;
      expect(store.root).toBe(autoMemoryFolder({ cwd, env }));
      // An empty auto memory is the fact layout, as Claude Code, the hooks and import write it.
      expect(store.layout).toBe("fact");
      expect(store.root).toBe(
        join(
          base,
          "config",
          "projects",
          `${join(base, project).replace(/[^a-zA-Z0-9]/g, "-")}`,
          "memory",
        ),
      );
      await opened.close();
    }
  });

  it.each([
    { name: "--claude-code-memory", args: ["--claude-code-memory"] },
    { name: "--root <auto memory>", args: ["--root", "AUTO"] },
  ])("$name --create --layout auto: a new auto memory is the fact layout", async ({ args }) => {
    const base = await mkdtemp(join(tmpdir(), "memfiles-mcp-cc-"));
    const env = { CLAUDE_CONFIG_DIR: join(base, "config") };
    const cwd = join(base, "shop");
    await mkdir(cwd, { recursive: true });
    const auto = autoMemoryFolder({ cwd, env });
    const given = args.map((arg) => (arg === "AUTO" ? auto : arg));
    const opened = await openServerMemory([...given, "--create", "--layout", "auto"], env, cwd);
    if (opened.code !== "opened") throw new Error(opened.code);
    expect((opened.serverOptions.store as MemoryStore).layout).toBe("fact");
    await opened.close();
  });

  it("is refused with --root", async () => {
    await expect(
      openServerMemory(["--claude-code-memory", "--root", "memory"], {}, tmpdir()),
    ).rejects.toMatchObject({ code: "invalid_server_options" });
  });
});
