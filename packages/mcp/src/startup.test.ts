import { mkdir, mkdtemp, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseError, TenantError } from "@memfiles/pg";
import { describe, expect, it } from "vitest";
import { McpOptionsError } from "./options-error.js";
import { prepareMemoryFolder, startupErrorLine } from "./startup.js";

describe("prepareMemoryFolder", () => {
  it.each([
    [
      "a missing folder",
      "missing",
      false,
      "No memory folder at <base>/missing. Check the path, or pass --create to start a new memory there.",
    ],
    [
      "a file",
      "file.md",
      false,
      "Refused --root <base>/file.md: it is a file, not a folder. Give the folder that holds MEMORY.md.",
    ],
    [
      "a file, even with --create",
      "file.md",
      true,
      "Refused --root <base>/file.md: it is a file, not a folder. Give the folder that holds MEMORY.md.",
    ],
  ])(
    "refuses %s before the server starts, creating nothing",
    async (_name, name, create, message) => {
      const base = await mkdtemp(join(tmpdir(), "memfiles-root-"));
      await writeFile(join(base, "file.md"), "not a folder\n");
      const error = await prepareMemoryFolder(join(base, name), { create }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(McpOptionsError);
      expect((error as Error).message.replaceAll(base, "<base>")).toBe(message);
      expect(await stat(join(base, "missing")).catch(() => "absent")).toBe("absent");
    },
  );

  it.each([
    ["an existing folder, without --create", false],
    ["a missing folder, with --create", true],
  ])("accepts %s", async (_name, create) => {
    const base = await mkdtemp(join(tmpdir(), "memfiles-root-"));
    const root = create ? join(base, "new", "memory") : join(base, "memory");
    if (!create) await mkdir(root);
    await prepareMemoryFolder(root, { create });
    expect((await stat(root)).isDirectory()).toBe(true);
  });
});

describe("startupErrorLine", () => {
  it.each([
    [
      "bad options",
      new McpOptionsError("No memory folder at /x."),
      "memfiles-mcp: No memory folder at /x.",
    ],
    [
      "a refused tenant",
      new TenantError({ tenant: "", reason: "it is empty" }),
      `memfiles-mcp: ${new TenantError({ tenant: "", reason: "it is empty" }).message}`,
    ],
    [
      "an unreachable database",
      new DatabaseError({
        code: "database_unreachable",
        database: "postgres://u@h/db",
        message: "Could not open postgres://u@h/db:\nconnect ECONNREFUSED.",
      }),
      "memfiles-mcp: Could not open postgres://u@h/db: connect ECONNREFUSED.",
    ],
    ["a bug", new Error("boom"), undefined],
    [
      "a lost connection (an outage, not the user's to fix)",
      new DatabaseError({ code: "connection_lost", database: "x", message: "Lost it." }),
      undefined,
    ],
  ])("%s", (_name, error, expected) => {
    expect(startupErrorLine(error)).toBe(expected);
  });
});
