import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runHook } from "@memfiles/claude-code";
import { describe, expect, it, onTestFinished } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// Claude Code writes every memory file with its own front matter: a session id (a UUID) and the
// time of the change (ISO 8601) on neighbouring lines. Each surface that scans a file for secrets
// passes it, and still refuses a key whose halves sit in two of those fields.
const claudeCodeFile = (first: string, second: string) =>
  `---\nname: gym\ndescription: "Where the user trains."\nmetadata:\n  node_type: memory\n  type: user\n  ${first}\n  ${second}\n---\n\nThe user trains at the Vesterbro climbing gym.\n`;

const FILES = {
  "Claude Code's session id and time": {
    text: claudeCodeFile(
      "originSessionId: 9f3a1c2e-7b4d-4e8a-9c1f-2d3e4f5a6b7c",
      "modified: 2026-12-06T17:21:39.792Z",
    ),
    secret: false,
  },
  "the same, the time with an offset and quoted": {
    text: claudeCodeFile(
      "originSessionId: 9F3A1C2E-7B4D-4E8A-9C1F-2D3E4F5A6B7C",
      'modified: "2026-12-06T18:21:39+01:00"',
    ),
    secret: false,
  },
  "a random key in two fields": {
    text: claudeCodeFile("keyStart: Xk9mQ2pL7vB4nR8tJw3s", "keyEnd: Fh6Yc1Za5De0Gu2Iv4Kb"),
    secret: true,
  },
  "an AWS key id in two fields": {
    text: claudeCodeFile("keyId: AKIA2E4KQ7", "rest: XY5ZB3MN6P"),
    secret: true,
  },
  "a key half after the session id": {
    text: claudeCodeFile(
      "originSessionId: 9f3a1c2e-7b4d-4e8a-9c1f-2d3e4f5a6b7c",
      "modified: Fh6Yc1Za5De0Gu2Iv4Kb",
    ),
    secret: true,
  },
  // A LoCoMo bundle's file (decision 0132): the name's last word glued to the description's
  // first word made a token neither field holds.
  "a name of small words and numbers over a description": {
    text: "---\nname: conv-26-caroline-s1-0\ndescription: LoCoMo\nupdated: 2023/05/08\n---\nCaroline attended an LGBTQ support group recently.\n",
    secret: false,
  },
  "the same name over a description holding a key": {
    text: "---\nname: conv-26-caroline-s1-0\ndescription: Xk9mQ2pL7vB4nR8tJw3sFh6Yc1Za5De0\nupdated: 2023/05/08\n---\nCaroline attended an LGBTQ support group recently.\n",
    secret: true,
  },
} as const;

const FILE = "gym.md";

/** A project folder with a fact-layout memory in `memory/` holding another fact. */
async function folders(): Promise<{ cwd: string; root: string }> {
  const cwd = await mkdtemp(join(tmpdir(), "memfiles-tool-front-matter-"));
  onTestFinished(() => rm(cwd, { recursive: true, force: true }));
  const root = join(cwd, "memory");
  await mkdir(root);
  await writeFile(
    join(root, "diet.md"),
    "---\nname: diet\ndescription: The user's diet.\ntype: user\nupdated: 2026/12/01\n---\nThe user is vegetarian.\n",
  );
  return { cwd, root };
}

async function memfiles(cwd: string, argv: string[]): Promise<string> {
  const { context, output } = contextIn(cwd);
  await runMemfiles(argv, context);
  return output.stdout;
}

/** Claude Code's PreToolUse call for a Write or Edit: whether the hook denied it. */
async function preToolUseDenies(cwd: string, root: string, tool: string, input: object) {
  const stdin = JSON.stringify({
    session_id: "7f1c2f0e-1111-4a57-9d3c-6c1f0e2a9b11",
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: tool,
    tool_input: input,
  });
  const { stdout } = await runHook({ event: "pre-tool-use", stdin, root });
  if (stdout === "") return false;
  const reason = JSON.parse(stdout).hookSpecificOutput.permissionDecisionReason as string;
  // Denied for the secret, not for something else about the file.
  expect(reason).toMatch(/secret/);
  return true;
}

/** Each surface: whether it takes the file's text for a secret. */
const SURFACES: Record<string, (text: string) => Promise<boolean>> = {
  "PreToolUse: Write of the file": async (text) => {
    const { cwd, root } = await folders();
    return preToolUseDenies(cwd, root, "Write", { file_path: join(root, FILE), content: text });
  },
  "PreToolUse: Edit of its description": async (text) => {
    const { cwd, root } = await folders();
    await writeFile(join(root, FILE), text);
    const description = /^description: .*$/m.exec(text)?.[0] ?? "";
    return preToolUseDenies(cwd, root, "Edit", {
      file_path: join(root, FILE),
      old_string: description,
      new_string: description.replace("trains", "climbs").replace(/(?<!")$/, " (LoCoMo)"),
    });
  },
  "memfiles check": async (text) => {
    const { cwd, root } = await folders();
    await writeFile(join(root, FILE), text);
    const { findings } = JSON.parse(await memfiles(cwd, ["check", "memory", "--json"])) as {
      findings: Array<{ code: string; path: string }>;
    };
    return findings.some((finding) => finding.code === "secret" && finding.path === FILE);
  },
  "memfiles import": async (text) => {
    const { cwd } = await folders();
    const bundle = join(cwd, "bundle.json");
    await writeFile(
      bundle,
      JSON.stringify({
        format: "memfiles-bundle",
        version: 1,
        exportedAt: "2026-12-06T17:30:00Z",
        files: [{ path: FILE, version: "new", content: text }],
      }),
    );
    const printed = JSON.parse(await memfiles(cwd, ["import", bundle, "-m", "memory", "--json"]));
    const imported = await readFile(join(cwd, "memory", FILE), "utf8").catch(() => undefined);
    // Refused means nothing written; taken means the file as it was.
    expect(imported).toBe(printed.code === "secret" ? undefined : text);
    return printed.code === "secret";
  },
};

describe("a tool's ids and times in front matter are no secret; a key split across fields is", () => {
  const cases = Object.entries(SURFACES).flatMap(([surface, takesForSecret]) =>
    Object.entries(FILES).map(([file, { text, secret }]) => ({
      surface,
      file,
      text,
      secret,
      takesForSecret,
    })),
  );
  it.each(cases)("$surface: $file", async ({ text, secret, takesForSecret }) => {
    expect(await takesForSecret(text)).toBe(secret);
  });
});
