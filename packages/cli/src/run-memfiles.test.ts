import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { remember } from "@memfiles/core";
import { localDay } from "@memfiles/core/internal";
import { describe, expect, it } from "vitest";
import { memoryFixture } from "../test/memory-fixture.js";
import type { CommandContext } from "./command-context.js";
import { runMemfiles } from "./run-memfiles.js";

function contextIn(cwd: string, confirm: CommandContext["confirm"] = async () => true) {
  const output = { stdout: "", stderr: "" };
  const context: CommandContext = {
    stdout: (text) => {
      output.stdout += text;
    },
    stderr: (text) => {
      output.stderr += text;
    },
    cwd,
    env: {},
    interactive: true,
    confirm,
    untilStopped: () => Promise.resolve(),
  };
  return { context, output };
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
