import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

/** A git project and a home folder in a temporary folder (never the real ~/.claude). */
async function project() {
  const base = await mkdtemp(join(tmpdir(), "memfiles-cc-levels-"));
  const home = join(base, "home");
  const cwd = join(base, "shop");
  await mkdir(home);
  await mkdir(join(cwd, ".git"), { recursive: true });
  await mkdir(join(cwd, "memory"));
  const notes = join(home, "notes");
  await mkdir(notes);
  const run = async (argv: string[], folder = cwd) => {
    const { context, output } = contextIn(folder);
    context.env = { HOME: home };
    const code = await runMemfiles(argv, context);
    return { code, ...output };
  };
  return {
    home,
    cwd,
    notes,
    memory: join(cwd, "memory"),
    userSettings: join(home, ".claude", "settings.json"),
    projectSettings: join(cwd, ".claude", "settings.json"),
    run,
  };
}

/** Both installs, in either order: the user's with --root ~/notes, the project's with ./memory. */
const ORDERS = [
  { name: "--user first", first: "user", second: "project" },
  { name: "the project first", first: "project", second: "user" },
] as const;

describe("memfiles claude-code with a --user install and the project's own", () => {
  it.each(ORDERS)(
    "installed $name: install and both statuses name both and the one folder prompts use",
    async ({ first, second }) => {
      const at = await project();
      const install = (level: "user" | "project") =>
        at.run(
          level === "user"
            ? ["claude-code", "install", "--user", "--root", at.notes]
            : ["claude-code", "install", "--root", "memory"],
        );
      expect((await install(first)).code).toBe(0);
      const installed = await install(second);
      expect({ code: installed.code, stderr: installed.stderr }).toEqual({ code: 0, stderr: "" });
      const both = [
        `This project's install: ${at.projectSettings}, memory ${at.memory}`,
        `Install for all projects (--user): ${at.userSettings}, memory ${at.notes}`,
        `Each prompt here uses: ${at.memory} (this project's install; the --user hooks stand down in this project, and guard only edits of their folder)`,
      ].join("\n");
      expect(installed.stdout).toContain(both);
      for (const status of [
        ["claude-code", "status"],
        ["claude-code", "status", "--user"],
      ]) {
        const shown = await at.run(status);
        expect({ code: shown.code, stderr: shown.stderr }).toEqual({ code: 0, stderr: "" });
        expect(shown.stdout).toContain(both);
        expect(shown.stdout).not.toContain("Warning");
      }
    },
  );

  it("the --user install's hooks carry --user, the project's do not", async () => {
    const at = await project();
    await at.run(["claude-code", "install", "--user", "--root", at.notes]);
    await at.run(["claude-code", "install"]);
    const commands = async (path: string) =>
      Object.values(JSON.parse(await readFile(path, "utf8")).hooks).flatMap((groups) =>
        (groups as Array<{ hooks: Array<{ command: string }> }>).flatMap((group) =>
          group.hooks.map((hook) => hook.command),
        ),
      );
    const user = await commands(at.userSettings);
    expect(user).toHaveLength(5);
    for (const command of user) expect(command).toMatch(/ --user$/);
    for (const command of await commands(at.projectSettings))
      expect(command).not.toContain("--user");
  });

  it.each([
    ["only --user", ["--user"], `${"notes"} (the --user install)`],
    ["only the project's", [], "memory (this project's install)"],
    ["neither", undefined, "no memory (memfiles is not installed for this project)"],
  ] as const)("with %s, status says which folder prompts use", async (_name, flags, uses) => {
    const at = await project();
    if (flags !== undefined) {
      const root = flags.length > 0 ? at.notes : "memory";
      expect((await at.run(["claude-code", "install", ...flags, "--root", root])).code).toBe(0);
    }
    const shown = await at.run(["claude-code", "status"]);
    const folder = uses.startsWith("notes")
      ? uses.replace("notes", at.notes)
      : uses.startsWith("memory")
        ? uses.replace("memory", at.memory)
        : uses;
    expect(shown.stdout).toContain(`Each prompt here uses: ${folder}\n`);
  });

  // The project installs of the hooks' stand-down table (install-level.test.ts), with a --user
  // install beside each: status asks the one rule per event, as the hooks do.
  const PROJECT_INSTALLS = [
    { name: "none", events: undefined },
    { name: "memfiles claude-code install", events: "all" },
    { name: "only a hand-written PreToolUse guard", events: ["PreToolUse", "pre-tool-use"] },
    { name: "only a hand-written SessionEnd hook", events: ["SessionEnd", "session-end"] },
    {
      name: "only a hand-written UserPromptSubmit hook",
      events: ["UserPromptSubmit", "user-prompt-submit"],
    },
  ] as const;

  const ALL_EVENTS = "SessionStart, UserPromptSubmit, PreToolUse, PreCompact, SessionEnd";
  // Status runs in the project folder and in a folder inside it: a hook's relative --root is the
  // project's folder either way, as the hook takes it.
  it.each(
    PROJECT_INSTALLS.flatMap((install) => [
      { ...install, from: "the project folder" },
      { ...install, from: "a folder inside it" },
    ]),
  )(
    "with --user and the project's own $name, status from $from says what acts for each event",
    async ({ name, events, from }) => {
      const at = await project();
      expect((await at.run(["claude-code", "install", "--user", "--root", at.notes])).code).toBe(0);
      if (events === "all") await at.run(["claude-code", "install", "--root", "memory"]);
      else if (events !== undefined) {
        await mkdir(join(at.cwd, ".claude"));
        const command = `memfiles hook ${events[1]} --root memory`;
        await writeFile(
          at.projectSettings,
          JSON.stringify({ hooks: { [events[0]]: [{ hooks: [{ type: "command", command }] }] } }),
        );
      }
      const handWritten = (event: string) =>
        `This project's memfiles hooks (${event} only, not an install): ${at.projectSettings}, memory ${at.memory}`;
      const userHooks = `${ALL_EVENTS} for all projects (--user) in ${at.userSettings}`;
      const hooks =
        events === undefined
          ? userHooks
          : `${events === "all" ? ALL_EVENTS : events[0]} (this project); ${userHooks}`;
      const expected: Record<(typeof PROJECT_INSTALLS)[number]["name"], string[]> = {
        none: [
          "This project's install: none",
          `Each prompt here uses: ${at.notes} (the --user install)`,
          `Memory: ${at.notes}`,
        ],
        "memfiles claude-code install": [
          `This project's install: ${at.projectSettings}, memory ${at.memory}`,
          `Each prompt here uses: ${at.memory} (this project's install; the --user hooks stand down in this project, and guard only edits of their folder)`,
          `Memory: ${at.memory}`,
        ],
        "only a hand-written PreToolUse guard": [
          handWritten("PreToolUse"),
          `Each prompt here uses: ${at.notes} (the --user install)`,
          `Memory: ${at.notes}`,
        ],
        "only a hand-written SessionEnd hook": [
          handWritten("SessionEnd"),
          `Each prompt here uses: ${at.notes} (the --user install; the --user hooks stand down for SessionEnd; SessionStart, UserPromptSubmit and PreCompact still use ${at.notes})`,
          `Memory: ${at.memory}`,
        ],
        "only a hand-written UserPromptSubmit hook": [
          handWritten("UserPromptSubmit"),
          `Each prompt here uses: ${at.memory} (this project's UserPromptSubmit hook; the --user hooks stand down for UserPromptSubmit; SessionStart, PreCompact and SessionEnd still use ${at.notes})`,
          `Memory: ${at.notes}`,
        ],
      };
      const inside = join(at.cwd, "src");
      await mkdir(inside);
      const shown = await at.run(
        ["claude-code", "status"],
        from === "the project folder" ? at.cwd : inside,
      );
      expect({ code: shown.code, stderr: shown.stderr }).toEqual({ code: 0, stderr: "" });
      const lines = shown.stdout.split("\n");
      const [projectLine, uses, memory] = expected[name];
      expect(lines).toContain(`Hooks: ${hooks}`);
      expect(lines).toContain(projectLine);
      expect(lines).toContain(
        `Install for all projects (--user): ${at.userSettings}, memory ${at.notes}`,
      );
      expect(lines).toContain(uses);
      expect(lines).toContain(memory);
      expect(shown.stdout).not.toContain("Warning");
    },
  );

  it("with CLAUDE_PROJECT_DIR naming another project, status reads that project's settings", async () => {
    const at = await project();
    expect((await at.run(["claude-code", "install", "--user", "--root", at.notes])).code).toBe(0);
    expect((await at.run(["claude-code", "install", "--root", "memory"])).code).toBe(0);
    // Another git project, with a --user-only past; status runs deep inside it.
    const other = join(at.home, "..", "other");
    const deeper = join(other, "sub", "deeper");
    await mkdir(join(other, ".git"), { recursive: true });
    await mkdir(deeper, { recursive: true });
    const { context, output } = contextIn(deeper);
    context.env = { HOME: at.home, CLAUDE_PROJECT_DIR: at.cwd };
    expect(await runMemfiles(["claude-code", "status"], context)).toBe(0);
    const lines = output.stdout.split("\n");
    expect(lines).toContain(`Settings: ${at.projectSettings}`);
    expect(lines).toContain(`This project's install: ${at.projectSettings}, memory ${at.memory}`);
    expect(lines).toContain(
      `Each prompt here uses: ${at.memory} (this project's install; the --user hooks stand down in this project, and guard only edits of their folder)`,
    );
  });

  it("warns when --user hooks from before they could stand down act beside the project's", async () => {
    const at = await project();
    await at.run(["claude-code", "install", "--user", "--root", at.notes]);
    // Hooks as an install wrote them before they carried --user.
    const settings = JSON.parse(await readFile(at.userSettings, "utf8"));
    const old = JSON.stringify(settings).replaceAll(" --user", "");
    await writeFile(at.userSettings, old);
    const installed = await at.run(["claude-code", "install", "--root", "memory"]);
    expect(installed.code).toBe(0);
    const warning = `memfiles is installed twice for this project and both act: each prompt recalls from ${at.memory} and ${at.notes}, and each session's facts are saved in both. The --user hooks in ${at.userSettings} were written before they could stand down in a project with its own install; run \`memfiles claude-code install --user\` again (or \`memfiles claude-code uninstall\` here).`;
    expect(installed.stderr).toBe(`Warning: ${warning}\n`);
    expect((await at.run(["claude-code", "status"])).stdout).toContain(
      `Each prompt here uses: ${at.memory} and ${at.notes} (both installs act: see the warning)\nWarning: ${warning}\n`,
    );
    // Installing --user again fixes it.
    expect((await at.run(["claude-code", "install", "--user", "--root", at.notes])).stderr).toBe(
      "",
    );
    expect((await at.run(["claude-code", "status"])).stdout).not.toContain("Warning");
  });
});
