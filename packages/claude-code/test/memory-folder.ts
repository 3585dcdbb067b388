import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";

/** A fact file as Claude Code's auto memory and memfiles' fact layout write it. */
export function factFile(name: string, description: string, body: string, type = "user"): string {
  return `---\nname: ${name}\ndescription: ${description}\ntype: ${type}\nupdated: 2026-09-12\n---\n${body}\n`;
}

/**
 * A temporary home (for `~/.claude`), project folder and memory folder with two facts, removed
 * when the test that made them finishes (call it inside a test).
 */
export async function hookFolders(): Promise<{ home: string; cwd: string; root: string }> {
  const base = await mkdtemp(join(tmpdir(), "memfiles-claude-code-"));
  onTestFinished(() => rm(base, { recursive: true, force: true }));
  const home = join(base, "home");
  const cwd = join(base, "project");
  const root = join(base, "memory");
  for (const folder of [home, cwd, root]) await mkdir(folder, { recursive: true });
  await writeFile(
    join(root, "deploy-host.md"),
    factFile(
      "Deploy host",
      "Where the user deploys apps",
      "The user deploys everything on Fly.io.",
    ),
  );
  await writeFile(
    join(root, "diet.md"),
    factFile("Diet", "The user's diet", "The user is vegetarian."),
  );
  return { home, cwd, root };
}

/** Claude Code's hook input for an event. */
export function hookInput(cwd: string, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({ session_id: "7f1c2f0e-1111-4a57-9d3c-6c1f0e2a9b11", cwd, ...fields });
}
