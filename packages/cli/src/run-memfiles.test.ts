import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { remember } from "@memfiles/core";
import { localDay } from "@memfiles/core/internal";
import { describe, expect, it } from "vitest";
import { contextIn as interactiveContext } from "../test/command-context.js";
import { memoryFixture } from "../test/memory-fixture.js";
import type { CommandContext } from "./command-context.js";
import { runMemfiles } from "./run-memfiles.js";

function contextIn(cwd: string, confirm: CommandContext["confirm"] = async () => true) {
  return interactiveContext(cwd, { interactive: true, confirm });
}

describe("runMemfiles", () => {
  it.each([
    "ls",
    "show",
    "search",
    "remember",
    "forget",
    "check",
    "doctor",
    "consolidate",
    "export",
    "import",
    "serve",
    "cost",
  ])("%s --help prints its usage and the exit codes, exit 0", async (command) => {
    const { context, output } = contextIn(process.cwd());
    expect(await runMemfiles([command, "--help"], context)).toBe(0);
    expect(output.stdout).toMatch(new RegExp(`^Usage: memfiles (${command}|check\\|doctor) `));
    expect(output.stdout).toContain("Exit codes:");
  });

  // The refusal names the option given and what is wrong with the tenant; nothing is opened.
  it.each([
    [["--pglite", "db", "--tenant", ""], "Refused --pglite with an empty --tenant"],
    [
      ["--database-url", "postgres://127.0.0.1:1/x", "--tenant", ""],
      "Refused --database-url with an empty --tenant",
    ],
    [["--database-url", "postgres://127.0.0.1:1/x"], "Refused --database-url without --tenant"],
  ])("%j ls: refused, exit 2", async (argv, refusal) => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect(await runMemfiles([...argv, "ls"], context)).toBe(2);
    expect(output.stderr).toContain(refusal);
    expect(await readdirOrNone(join(folder, "db"))).toBeUndefined();
  });

  it("forget exits 3 and removes nothing when a shown file changes before the answer", async () => {
    const { folder, store } = await memoryFixture();
    const { context, output } = contextIn(folder, async () => {
      // a hand edit (or another process) lands while the question is on screen
      await remember({ store, path: "topics/tools.md", fact: "staging also deploys on Fly.io" });
      return true;
    });
    const code = await runMemfiles(["forget", "deploys on Fly.io", "-m", "memory"], context);
    expect(code).toBe(3);
    expect(output.stderr).toContain("changed since it was shown");
    const text = await readFile(join(folder, "memory/topics/tools.md"), "utf8");
    expect(text).toContain("] deploys on Fly.io\n");
    expect(text).toContain("] staging also deploys on Fly.io\n");
  });

  it.each([
    ["-m", ["-m", "memory", "search", "lyon"]],
    ["--memory", ["--memory", "memory", "search", "lyon"]],
    ["--memory=", ["--memory=memory", "search", "lyon"]],
    ["-m after a program option", ["--time-zone", "UTC", "-m", "memory", "search", "lyon"]],
    ["-m after the command", ["search", "-m", "memory", "lyon"]],
  ])("takes %s before the command's name as after it (new-user trial)", async (_name, argv) => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect({ code: await runMemfiles(argv, context), stderr: output.stderr }).toEqual({
      code: 0,
      stderr: "",
    });
    expect(output.stdout).toContain("lives in Lyon");
  });

  it.each([
    ["-m without a folder", ["-m"]],
    ["--memory without a folder", ["--memory"]],
    ["-m and a folder, no command", ["-m", "memory"]],
  ])("%s: exit 2, one line saying how (new-user trial)", async (_name, argv) => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect({ code: await runMemfiles(argv, context), stderr: output.stderr }).toEqual({
      code: 2,
      stderr:
        "memfiles: -m (--memory) takes a folder and comes with a command, e.g. `memfiles -m ./memory ls`.\n",
    });
  });

  it("remember with a file at .memfiles/store.lock exits 2 naming it, nothing written", async () => {
    const { folder } = await memoryFixture();
    await writeFile(join(folder, "memory/.memfiles/store.lock"), "");
    const before = await readFile(join(folder, "memory/profile.md"), "utf8");
    const { context, output } = contextIn(folder);
    const code = await runMemfiles(
      ["remember", "profile.md", "likes tea", "-m", "memory"],
      context,
    );
    expect(code).toBe(2);
    expect(output.stderr).toContain(
      `memfiles: Could not write ${join(".memfiles", "store.lock")}: it is a file, not a folder. Nothing was changed.`,
    );
    expect(output.stderr).not.toContain("This is a bug");
    expect(await readFile(join(folder, "memory/profile.md"), "utf8")).toBe(before);
  });

  it("forget answered no removes nothing, exit 1", async () => {
    const { folder } = await memoryFixture();
    const { context } = contextIn(folder, async () => false);
    expect(await runMemfiles(["forget", "Lyon", "-m", "memory"], context)).toBe(1);
    expect(await readFile(join(folder, "memory/profile.md"), "utf8")).toContain("lives in Lyon");
  });

  it("show prints a file saved with a byte order mark without the mark (new-user trial)", async () => {
    const { folder, store } = await memoryFixture();
    const text = "---\nname: notes\ndescription: Notes.\n---\n[stated 2026/09/01] likes tea\n";
    await store.write("topics/notes.md", `\uFEFF${text}`, "new");
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(["show", "topics/notes.md", "-m", "memory"], context)).toBe(0);
    expect(output.stdout).toBe(text);
  });

  it.each([
    ["show MEMORY.md", ["show", "memory", "MEMORY.md"]],
    ["show memory.md", ["show", "memory.md", "-m", "memory"]],
  ])("%s prints the index as stored, with the lines a person wrote", async (_name, argv) => {
    const { folder, store } = await memoryFixture();
    const index = `${await readFile(join(folder, "memory/MEMORY.md"), "utf8")}\nRead people/ first.\n`;
    await writeFile(join(folder, "memory/MEMORY.md"), index);
    const { context, output } = contextIn(folder);
    expect({ code: await runMemfiles(argv, context), stderr: output.stderr }).toEqual({
      code: 0,
      stderr: "",
    });
    expect(output.stdout).toBe(index);
    expect(await store.readIndex()).toEqual(
      expect.objectContaining({ exists: true, content: index }),
    );
  });

  it("show --json MEMORY.md gives its text and version; remember MEMORY.md stays refused", async () => {
    const { folder, store } = await memoryFixture();
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(["show", "memory", "MEMORY.md", "--json"], context)).toBe(0);
    const index = await store.readIndex();
    expect(JSON.parse(output.stdout)).toEqual({
      path: "MEMORY.md",
      version: index.version,
      content: index.exists ? index.content : "",
    });
    const refused = contextIn(folder);
    const code = await runMemfiles(
      ["remember", "memory", "MEMORY.md", "likes tea"],
      refused.context,
    );
    expect({ code, stderr: refused.output.stderr }).toEqual({
      code: 2,
      stderr: expect.stringContaining("Not saved (path_not_allowed)"),
    });
  });

  it("show MEMORY.md of a folder without an index says how to write one, exit 1", async () => {
    const { folder } = await memoryFixture();
    await rm(join(folder, "memory/MEMORY.md"));
    const { context, output } = contextIn(folder);
    expect(await runMemfiles(["show", "memory", "MEMORY.md"], context)).toBe(1);
    expect(output.stderr).toMatch(/^No MEMORY.md in .*`memfiles check --fix` writes it.\n$/);
  });

  // UTC+14 and UTC-11 are 25 hours apart: their days always differ, whatever the clock says.
  it.each([
    ["--time-zone", ["--time-zone", "Pacific/Kiritimati"], {}, "Pacific/Kiritimati"],
    ["$TZ", [], { TZ: "Pacific/Pago_Pago" }, "Pacific/Pago_Pago"],
    ["no zone: UTC", [], { TZ: ":/etc/localtime" }, "UTC"],
  ])("remember dates the fact in the user's time zone (%s)", async (_name, flags, env, zone) => {
    const { folder } = await memoryFixture();
    const { context } = contextIn(folder);
    context.env = env;
    const before = localDay(new Date(), zone).replace(/-/g, "/");
    const code = await runMemfiles(
      [...flags, "remember", "profile.md", "is learning Go", "-m", "memory"],
      context,
    );
    const after = localDay(new Date(), zone).replace(/-/g, "/");
    expect(code).toBe(0);
    const text = await readFile(join(folder, "memory/profile.md"), "utf8");
    const stated = /\[stated (\S+)\] is learning Go/.exec(text)?.[1];
    expect([before, after]).toContain(stated);
  });

  it("refuses a --time-zone that is no IANA name, exit 2", async () => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    const code = await runMemfiles(
      ["--time-zone", "Mars/Olympus", "remember", "profile.md", "is learning Go", "-m", "memory"],
      context,
    );
    expect(code).toBe(2);
    expect(output.stderr).toContain('--time-zone "Mars/Olympus" is no time zone');
  });
});

describe("memfiles consolidate when the API refuses the key", () => {
  it("exits 2 with one line naming the key and the URL, not a bug report", async () => {
    const { createServer } = await import("node:http");
    const server = createServer((_request, response) => {
      response.writeHead(401, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          type: "error",
          error: { type: "authentication_error", message: "invalid x-api-key" },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address() as { port: number };
    const url = `http://127.0.0.1:${address.port}`;
    const previous = process.env.ANTHROPIC_BASE_URL;
    process.env.ANTHROPIC_BASE_URL = url;
    try {
      const { store } = await memoryFixture();
      const root = store.root;
      const { context, output } = contextIn(root);
      context.env = { ANTHROPIC_API_KEY: "sk-ant-bad", ANTHROPIC_BASE_URL: url };
      const code = await runMemfiles(["consolidate", root, "--threshold", "1"], context);
      expect(code).toBe(2);
      expect(output.stderr).toContain("memfiles: the Anthropic API call failed (HTTP 401)");
      expect(output.stderr).toContain(`Check ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL (${url})`);
      expect(output.stderr).not.toContain("This is a bug in memfiles");
    } finally {
      if (previous === undefined) delete process.env.ANTHROPIC_BASE_URL;
      else process.env.ANTHROPIC_BASE_URL = previous;
      server.close();
    }
  });
});

function readdirOrNone(path: string): Promise<string[] | undefined> {
  return readdir(path).catch(() => undefined);
}
