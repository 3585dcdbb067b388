import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { decodeText, readTextLayout } from "@memfiles/core/internal";
import { describe, expect, it } from "vitest";
import {
  installClaudeCode,
  OtherMemfilesHooksError,
  readInstall,
  SettingsFileError,
  uninstallClaudeCode,
} from "./install.js";

const USER_SETTINGS = {
  model: "opus",
  permissions: { allow: ["Bash(npm test)"] },
  hooks: {
    PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./check-bash.sh" }] }],
    SessionStart: [{ hooks: [{ type: "command", command: "echo hello" }] }],
  },
};
const USER_MCP = { mcpServers: { github: { type: "stdio", command: "gh-mcp", args: [] } } };

async function files(settings?: unknown, mcp?: unknown) {
  const folder = await mkdtemp(join(tmpdir(), "memfiles-install-"));
  const settingsPath = join(folder, ".claude", "settings.json");
  const mcpPath = join(folder, ".mcp.json");
  if (settings !== undefined) {
    await (await import("node:fs/promises")).mkdir(join(folder, ".claude"));
    await writeFile(
      settingsPath,
      typeof settings === "string" ? settings : JSON.stringify(settings, null, 2),
    );
  }
  if (mcp !== undefined) await writeFile(mcpPath, JSON.stringify(mcp, null, 2));
  const options = {
    settingsPath,
    mcpPath,
    hookCommand: ["/usr/bin/node", "/opt/my tools/memfiles.js"],
    mcpCommand: ["/usr/bin/node", "/opt/memfiles-mcp.js", "--root", "/m"],
    recordPath: join(folder, "home", ".claude", "memfiles-install.json"),
  };
  const read = async (path: string) => JSON.parse(await readFile(path, "utf8").catch(() => "null"));
  return { options, settingsPath, mcpPath, read };
}

describe("installClaudeCode / uninstallClaudeCode", () => {
  it.each([
    { name: "no settings yet", settings: undefined, mcp: undefined },
    { name: "the user's own settings and servers", settings: USER_SETTINGS, mcp: USER_MCP },
  ])(
    "with $name: installs once, keeps the user's entries, uninstall restores the files",
    async ({ settings, mcp }) => {
      const { options, settingsPath, mcpPath, read } = await files(settings, mcp);
      const first = await installClaudeCode(options);
      expect(first.changed).toEqual([settingsPath, mcpPath]);
      const installed = await read(settingsPath);
      expect(installed.hooks.UserPromptSubmit.at(-1)).toEqual({
        hooks: [
          {
            type: "command",
            command: "/usr/bin/node '/opt/my tools/memfiles.js' hook user-prompt-submit",
            timeout: 10,
          },
        ],
      });
      // A check that fails or runs out of time blocks the edit (Claude Code's `onFailure`).
      expect(installed.hooks.PreToolUse.at(-1)).toEqual({
        matcher: "Write|Edit|MultiEdit",
        hooks: [
          {
            type: "command",
            command: "/usr/bin/node '/opt/my tools/memfiles.js' hook pre-tool-use",
            timeout: 30,
            onFailure: "block",
          },
        ],
      });
      if (settings !== undefined) {
        expect(installed.model).toBe("opus");
        expect(installed.hooks.PreToolUse[0]).toEqual(USER_SETTINGS.hooks.PreToolUse[0]);
        expect(installed.hooks.SessionStart[0]).toEqual(USER_SETTINGS.hooks.SessionStart[0]);
      }
      expect((await read(mcpPath)).mcpServers.memfiles).toEqual({
        type: "stdio",
        command: "/usr/bin/node",
        args: ["/opt/memfiles-mcp.js", "--root", "/m"],
      });
      expect(await readInstall(options)).toEqual({
        hooks: expect.arrayContaining([
          "SessionStart",
          "UserPromptSubmit",
          "PreToolUse",
          "PreCompact",
          "SessionEnd",
        ]),
        commands: expect.any(Array),
        mcp: true,
      });
      // Idempotent.
      expect(await installClaudeCode(options)).toEqual({ changed: [] });
      // Installing again from another bin replaces memfiles' hooks, never adds a second set.
      await installClaudeCode({ ...options, hookCommand: ["/usr/local/bin/memfiles"] });
      expect((await readInstall(options)).commands).toHaveLength(5);
      // Another folder is refused: the hooks wired for this one are not deleted.
      await expect(installClaudeCode({ ...options, root: "/elsewhere" })).rejects.toMatchObject({
        code: "other_memfiles_hooks",
      });
      expect((await readInstall(options)).commands).toHaveLength(5);
      expect(await uninstallClaudeCode(options)).toEqual({ changed: [settingsPath, mcpPath] });
      expect(await read(settingsPath)).toEqual(settings ?? null);
      expect(await read(mcpPath)).toEqual(mcp ?? null);
      expect(await readInstall(options)).toEqual({ hooks: [], commands: [], mcp: false });
    },
  );

  it.each([
    { name: "not JSON", text: "{ hooks: " },
    { name: "a JSON array", text: "[]" },
    { name: "hooks as text", text: '{"hooks": "oops"}' },
    { name: "hooks as a list", text: '{"hooks": []}' },
    { name: "an event as text", text: '{"hooks": {"SessionStart": "x"}}' },
    { name: "an event's group without hooks", text: '{"hooks": {"Stop": [{"matcher": "*"}]}}' },
    { name: "a group's hook as text", text: '{"hooks": {"Stop": [{"hooks": ["echo"]}]}}' },
  ])("refuses a settings file that is $name and writes nothing", async ({ text }) => {
    const { options, settingsPath, mcpPath } = await files(text);
    for (const run of [installClaudeCode, uninstallClaudeCode, readInstall]) {
      await expect(run(options)).rejects.toBeInstanceOf(SettingsFileError);
      await expect(run(options)).rejects.toMatchObject({ code: "settings_file_invalid" });
    }
    expect(await readFile(settingsPath, "utf8")).toBe(text);
    await expect(readFile(mcpPath, "utf8")).rejects.toThrow(/ENOENT/);
  });

  it.each([
    { name: "mcpServers as text", mcp: { mcpServers: "x" } },
    { name: "a server as text", mcp: { mcpServers: { github: "gh-mcp" } } },
  ])("refuses an MCP file with $name and writes nothing", async ({ mcp }) => {
    const { options, settingsPath, mcpPath, read } = await files(undefined, mcp);
    await expect(installClaudeCode(options)).rejects.toMatchObject({
      code: "settings_file_invalid",
      message: expect.stringContaining(`${mcpPath}: its "mcpServers"`),
    });
    expect(await read(mcpPath)).toEqual(mcp);
    await expect(readFile(settingsPath, "utf8")).rejects.toThrow(/ENOENT/);
  });

  it("refuses a settings path that is a folder, naming it, and writes nothing", async () => {
    const { options, settingsPath, mcpPath } = await files();
    await (await import("node:fs/promises")).mkdir(settingsPath, { recursive: true });
    for (const run of [installClaudeCode, uninstallClaudeCode, readInstall]) {
      await expect(run(options)).rejects.toMatchObject({
        code: "settings_file_invalid",
        message: `Cannot change ${settingsPath}: it is a folder, not a file. Fix the file (it must be a JSON object) and run the command again; nothing was changed.`,
      });
    }
    await expect(readFile(mcpPath, "utf8")).rejects.toThrow(/ENOENT/);
  });

  it.each([
    { name: "nothing said yet", local: undefined, approval: "approved", written: true },
    {
      name: "another server approved by the person",
      local: { enabledMcpjsonServers: ["github"] },
      approval: "approved",
      written: true,
    },
    {
      name: "every project server approved",
      local: { enableAllProjectMcpServers: true },
      approval: "already_approved",
      written: false,
    },
    {
      name: "memfiles rejected by the person",
      local: { disabledMcpjsonServers: ["memfiles"] },
      approval: "rejected",
      written: false,
    },
  ])(
    "a project install with $name: the server's approval is $approval",
    async ({ local, approval, written }) => {
      const { options, mcpPath, read } = await files();
      const localSettingsPath = join(dirname(mcpPath), ".claude", "settings.local.json");
      if (local !== undefined) {
        await (await import("node:fs/promises")).mkdir(dirname(localSettingsPath), {
          recursive: true,
        });
        await writeFile(localSettingsPath, JSON.stringify(local, null, 2));
      }
      const result = await installClaudeCode({ ...options, localSettingsPath });
      expect(result.mcpApproval).toBe(approval);
      expect(result.changed.includes(localSettingsPath)).toBe(written);
      const approved = (await read(localSettingsPath))?.enabledMcpjsonServers ?? [];
      expect(approved.includes("memfiles")).toBe(approval === "approved");
      // Idempotent, and uninstall gives the person's file back as it was.
      expect((await installClaudeCode({ ...options, localSettingsPath })).changed).toEqual([]);
      await uninstallClaudeCode({ ...options, localSettingsPath });
      expect(await read(localSettingsPath)).toEqual(local ?? null);
    },
  );

  // The person's own text: numbers and escapes JSON.parse + JSON.stringify would rewrite, a hook
  // group memfiles appends to, a server and an approval beside memfiles' own.
  const spelled = (indent: string, eol: string) =>
    [
      "{",
      `${indent}"model": "opus",`,
      `${indent}"ratio": 1.0,`,
      `${indent}"limit": 1e3,`,
      `${indent}"name": "caf\\u00e9 \\/ \\ud83d\\ude00",`,
      `${indent}"hooks": {`,
      `${indent}${indent}"SessionStart": [`,
      `${indent}${indent}${indent}{ "hooks": [{ "type": "command", "command": "echo hi" }] }`,
      `${indent}${indent}]`,
      `${indent}},`,
      `${indent}"mcpServers": {`,
      `${indent}${indent}"github": { "command": "gh-mcp" }`,
      `${indent}},`,
      `${indent}"enabledMcpjsonServers": ["github"]`,
      "}",
      "",
    ].join(eol);
  it.each([
    ["written on one line", spelled("", "").replace(/\s*([{}[\],:])\s*/g, "$1")],
    ["indented by two spaces", spelled("  ", "\n")],
    ["indented by four spaces", spelled("    ", "\n")],
    ["indented by tabs", spelled("\t", "\n")],
    ["with CRLF breaks", spelled("  ", "\r\n")],
    ["with no break at the end", spelled("  ", "\n").trimEnd()],
    ["{}", "{}\n"],
    ["{} on a line of its own", "{}"],
    ["an empty file", ""],
    ["a blank line", "\n"],
    // The person's empty containers memfiles' entries go into, kept empty.
    [
      "with empty containers",
      '{\n  "hooks": {},\n  "mcpServers": {},\n  "enabledMcpjsonServers": []\n}\n',
    ],
    [
      "with empty containers on one line",
      '{"hooks":{},"mcpServers":{},"enabledMcpjsonServers":[]}',
    ],
    [
      "with empty event lists",
      '{\n\t"hooks": {\n\t\t"SessionStart": [],\n\t\t"Stop": [],\n\t\t"PreToolUse": []\n\t},\n\t"model": "opus"\n}\n',
    ],
  ])("install then uninstall gives back settings %s byte for byte", async (_name, text) => {
    const { options, settingsPath, mcpPath } = await files();
    const localSettingsPath = join(dirname(settingsPath), "settings.local.json");
    const paths = [settingsPath, mcpPath, localSettingsPath];
    await (await import("node:fs/promises")).mkdir(dirname(settingsPath), { recursive: true });
    for (const path of paths) await writeFile(path, text);
    expect((await installClaudeCode({ ...options, localSettingsPath })).changed).toEqual(paths);
    for (const path of paths) {
      const installed = await readFile(path, "utf8");
      // The person's spellings are still there, and memfiles' entries were added.
      for (const word of text.match(/1\.0|1e3|\\u00e9|\\\/|\r\n/g) ?? [])
        expect(installed).toContain(word);
      if (text.length > 2 && !text.includes("\n")) expect(installed).not.toContain("\n");
    }
    expect((await readInstall(options)).hooks).toHaveLength(5);
    expect(await uninstallClaudeCode({ ...options, localSettingsPath })).toEqual({
      changed: paths,
    });
    for (const path of paths) expect(await readFile(path, "utf8")).toBe(text);
    await expect(readFile(options.recordPath, "utf8")).rejects.toThrow(/ENOENT/);
  });

  it("uninstall removes only the files install created", async () => {
    const { options, settingsPath, mcpPath, read } = await files("{}\n");
    const localSettingsPath = join(dirname(settingsPath), "settings.local.json");
    await installClaudeCode({ ...options, localSettingsPath });
    await uninstallClaudeCode({ ...options, localSettingsPath });
    expect(await readFile(settingsPath, "utf8")).toBe("{}\n");
    expect(await read(mcpPath)).toBeNull();
    expect(await read(localSettingsPath)).toBeNull();
    expect(await read(options.recordPath)).toBeNull();
  });

  it.each([
    { name: "made by install, left empty", made: true, other: false, left: false },
    {
      name: "made by install, holding a file of the person's",
      made: true,
      other: true,
      left: true,
    },
    { name: "there before install", made: false, other: false, left: true },
  ])("uninstall removes the settings folder only when $name", async ({ made, other, left }) => {
    const { options, settingsPath } = await files(made ? undefined : "{}");
    const folder = dirname(settingsPath);
    if (!made) await rm(settingsPath);
    await installClaudeCode(options);
    if (other) await writeFile(join(folder, "notes.txt"), "mine\n");
    await uninstallClaudeCode(options);
    expect(existsSync(folder)).toBe(left);
    if (other) expect(await readFile(join(folder, "notes.txt"), "utf8")).toBe("mine\n");
  });

  it("without a record of what install created, uninstall removes no file", async () => {
    const { options, settingsPath, mcpPath, read } = await files();
    const { recordPath: _recordPath, ...unrecorded } = options;
    await installClaudeCode(unrecorded);
    await uninstallClaudeCode(unrecorded);
    expect(await read(settingsPath)).toEqual({});
    expect(await read(mcpPath)).toEqual({});
  });

  const opus = `${JSON.stringify({ model: "opus" }, null, 2)}\n`;
  it.each([
    ["a byte order mark and CRLF breaks", Buffer.from(`\uFEFF${opus.replace(/\n/g, "\r\n")}`)],
    ["UTF-16 with a byte order mark", Buffer.from(`\uFEFF${opus}`, "utf16le")],
    ["CR-only breaks", Buffer.from(opus.replace(/\n/g, "\r"))],
  ])("reads a settings file with %s and writes it back the same way", async (_name, bytes) => {
    const { options, settingsPath } = await files("");
    await writeFile(settingsPath, bytes);
    await installClaudeCode(options);
    const written = decodeText(await readFile(settingsPath));
    const before = decodeText(bytes);
    expect(written.ok && before.ok && written.encoding).toBe(before.ok && before.encoding);
    expect(written.ok && readTextLayout(written.text)).toMatchObject(
      before.ok
        ? { bom: readTextLayout(before.text).bom, eol: readTextLayout(before.text).eol }
        : {},
    );
    expect(written.ok && JSON.parse(readTextLayout(written.text).body).model).toBe("opus");
    expect((await readInstall(options)).hooks).toHaveLength(5);
    await uninstallClaudeCode(options);
    expect(await readFile(settingsPath)).toEqual(bytes);
  });

  it("refuses a settings file that is not text, naming why, and changes nothing", async () => {
    const { options, settingsPath } = await files("");
    const bytes = Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]); // {"é"} in Latin-1
    await writeFile(settingsPath, bytes);
    await expect(installClaudeCode(options)).rejects.toMatchObject({
      code: "settings_file_invalid",
      message: expect.stringContaining("it is not valid UTF-8 text"),
    });
    expect(await readFile(settingsPath)).toEqual(bytes);
  });

  it("refuses to delete a memfiles hook the user wrote with their own --root", async () => {
    const command = "npx memfiles hook user-prompt-submit --root ./my-notes";
    const settings = { hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command }] }] } };
    const { options, settingsPath, mcpPath } = await files(settings);
    const text = await readFile(settingsPath, "utf8");
    await expect(installClaudeCode(options)).rejects.toBeInstanceOf(OtherMemfilesHooksError);
    await expect(installClaudeCode(options)).rejects.toThrow(/--root \.\/my-notes/);
    expect(await readFile(settingsPath, "utf8")).toBe(text);
    await expect(readFile(mcpPath, "utf8")).rejects.toThrow(/ENOENT/);
    // The same folder is memfiles' own hook again: replaced by the install, whether the install
    // names it as written or absolute (taken from the project folder, as the hook takes it from
    // the session's cwd).
    const project = dirname(mcpPath);
    await installClaudeCode({
      ...options,
      root: join(project, "my-notes"),
      projectFolder: project,
    });
    expect((await readInstall(options)).commands).toHaveLength(5);
    await installClaudeCode({ ...options, root: "./my-notes", projectFolder: project });
    expect((await readInstall(options)).commands).toHaveLength(5);
    // Another folder is still refused.
    await expect(
      installClaudeCode({ ...options, root: "./other", projectFolder: project }),
    ).rejects.toBeInstanceOf(OtherMemfilesHooksError);
  });
});
