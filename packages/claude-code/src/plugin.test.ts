import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { HOOK_ON_FAILURE, HOOK_TIMEOUT_SECONDS } from "./install.js";
import { CLAUDE_CODE_EVENT_NAMES, type HookEvent } from "./run-hook.js";

const read = async (path: string) =>
  JSON.parse(await readFile(new URL(`../${path}`, import.meta.url), "utf8"));

describe("the Claude Code plugin layout", () => {
  it("hooks/hooks.json wires every hook event the command handles, as install does", async () => {
    const { hooks } = await read("hooks/hooks.json");
    const events = Object.entries(CLAUDE_CODE_EVENT_NAMES) as Array<[HookEvent, string]>;
    expect(Object.keys(hooks).sort()).toEqual(events.map(([, name]) => name).sort());
    for (const [event, name] of events) {
      const [group] = hooks[name];
      expect(group.matcher).toBe(event === "pre-tool-use" ? "Write|Edit|MultiEdit" : undefined);
      expect(group.hooks).toEqual([
        {
          type: "command",
          command: `node "\${CLAUDE_PLUGIN_ROOT}/dist/hook-main.js" ${event} --root "\${CLAUDE_PROJECT_DIR}/memory"`,
          timeout: HOOK_TIMEOUT_SECONDS[event],
          ...(HOOK_ON_FAILURE[event] === undefined ? {} : { onFailure: HOOK_ON_FAILURE[event] }),
        },
      ]);
    }
  });

  it("names the plugin and its MCP server on the same folder and project as the hooks", async () => {
    expect((await read(".claude-plugin/plugin.json")).name).toBe("memfiles");
    const { mcpServers } = await read(".mcp.json");
    // The hooks scope recall to the project of the session's folder; `--cwd-project` makes the
    // server do the same, as `memfiles claude-code install --root` registers it.
    expect(mcpServers.memfiles.args).toEqual(
      expect.arrayContaining(["--root", `\${CLAUDE_PROJECT_DIR}/memory`, "--cwd-project"]),
    );
  });

  it("ships the plugin files in the package", async () => {
    expect((await read("package.json")).files).toEqual(
      expect.arrayContaining([".claude-plugin", "hooks", ".mcp.json", "dist"]),
    );
  });
});
