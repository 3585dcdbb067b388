import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

type Found = { code: string; path: string; line?: number; fixable: boolean; fixed?: boolean };

// Assembled at run time so the repository holds no literal secret.
const GITHUB = `${"ghp"}_${"R8k2mQ7xV4pL9nT3wY6zB1cD5fH0jK2sA4uE"}`;
const pathOf = (layout: "subject" | "fact", stem: string) =>
  layout === "subject" ? `topics/${stem}.md` : `${stem}.md`;
const fileOf = (layout: "subject" | "fact", name: string, description: string) =>
  layout === "subject"
    ? `---\nname: ${name}\ndescription: ${description}\n---\n[stated 2026/12/01] uses the router\n`
    : `---\nname: ${name}\ndescription: ${description}\ntype: reference\n---\nUses the router.\n`;

// A folder whose MEMORY.md an older memfiles wrote with the hand-written descriptions in it.
async function folder(layout: "subject" | "fact") {
  const cwd = await mkdtemp(join(tmpdir(), "memfiles-header-secret-"));
  const root = join(cwd, layout === "subject" ? "memory" : ".memory");
  const files = {
    [pathOf(layout, "ci")]: ["ci", `token ${GITHUB} for CI`],
    [pathOf(layout, "wifi")]: ["wifi", "Home wifi; password hunter2tiger."],
  };
  const lines = Object.entries(files).map(
    ([path, [name, description]]) => `- [${name}](${path}) — ${description}`,
  );
  for (const [path, [name, description]] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), fileOf(layout, name as string, description as string));
  }
  await writeFile(join(root, "MEMORY.md"), `# Memory index\n\n${lines.join("\n")}\n`);
  return { cwd, root };
}

async function check(cwd: string, root: string, ...flags: string[]) {
  const { context, output } = contextIn(cwd);
  await runMemfiles(["check", root, "--json", ...flags], context);
  return (JSON.parse(output.stdout) as { findings: Found[] }).findings;
}

const brief = (findings: Found[]) =>
  findings
    .filter((finding) => finding.code === "secret" || finding.code === "index_out_of_sync")
    .map(({ code, path, fixable }) => ({ code, path, fixable }))
    .sort((a, b) => `${a.path}${a.code}`.localeCompare(`${b.path}${b.code}`));

describe("check and a secret in a file's description: line (decision 0100)", () => {
  it.each(["subject", "fact"] as const)(
    "%s: the MEMORY.md line memfiles wrote is fixable, the file's line is the person's",
    async (layout) => {
      const { cwd, root } = await folder(layout);
      const ci = pathOf(layout, "ci");
      const wifi = pathOf(layout, "wifi");
      expect(brief(await check(cwd, root))).toEqual([
        { code: "index_out_of_sync", path: ci, fixable: true },
        { code: "secret", path: ci, fixable: false },
        { code: "index_out_of_sync", path: wifi, fixable: true },
        { code: "secret", path: wifi, fixable: false },
      ]);
      await check(cwd, root, "--fix");
      const index = await readFile(join(root, "MEMORY.md"), "utf8");
      expect(index).not.toContain(GITHUB);
      expect(index).not.toContain("hunter2tiger");
      expect(brief(await check(cwd, root))).toEqual([
        { code: "secret", path: ci, fixable: false },
        { code: "secret", path: wifi, fixable: false },
      ]);
    },
  );
});
