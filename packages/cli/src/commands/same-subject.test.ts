import { mkdir, mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// One subject, one file, through the command: `remember` into a new file for a person another
// file names adds the fact there, and `check` names two files of one person.
const LAYOUTS = {
  subject: {
    folder: "memory",
    keeps: "people/bob.md",
    asked: "people/robert-chen.md",
    header:
      "---\nname: bob\ndescription: Bob (Robert Chen), the user's manager\nupdated: 2026/11/01\n---\n[stated 2026/11/01] is the user's manager\n",
  },
  fact: {
    folder: ".memory",
    keeps: "bob.md",
    asked: "robert-chen.md",
    header:
      "---\nname: Bob\ndescription: Bob (Robert Chen), the user's manager\ntype: project\nupdated: 2026/11/01\n---\nBob is the user's manager.\n",
  },
} as const;

async function folderWithBob(layout: keyof typeof LAYOUTS): Promise<string> {
  const { folder, keeps, header } = LAYOUTS[layout];
  const cwd = await mkdtemp(join(tmpdir(), "memfiles-cli-same-subject-"));
  await mkdir(join(cwd, folder, "people"), { recursive: true });
  await writeFile(join(cwd, folder, keeps), header);
  return cwd;
}

describe.each(["subject", "fact"] as const)("one subject, one file (%s layout)", (layout) => {
  const { folder, keeps, asked } = LAYOUTS[layout];

  it("remember into a new file for a person another file names adds the fact there", async () => {
    const cwd = await folderWithBob(layout);
    const { context, output } = contextIn(cwd);
    const argv = ["remember", folder, asked, "prefers morning meetings", "--json"];
    expect(await runMemfiles(argv, context)).toBe(0);
    expect(JSON.parse(output.stdout)).toMatchObject({ ok: true, path: keeps });
    const files = (await readdir(join(cwd, folder), { recursive: true })).map(String);
    expect(files).not.toContain(asked);
  });

  it("check names two files of one person, exit 1", async () => {
    const cwd = await folderWithBob(layout);
    const { header } = LAYOUTS[layout];
    await writeFile(
      join(cwd, folder, asked),
      header
        .replace(/name: bob/i, "name: robert-chen")
        .replace(/description: .*/, "description: Robert Chen, the user's manager"),
    );
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["check", folder, "--json"], context)).toBe(1);
    const { findings } = JSON.parse(output.stdout) as { findings: Array<{ code: string }> };
    expect(findings.filter((finding) => finding.code === "same_subject")).toEqual([
      {
        code: "same_subject",
        path: keeps,
        message: `${keeps} and ${asked} both name "robert chen"; merge them into one file by hand.`,
        fixable: false,
      },
    ]);
  });

  it("check names every file of one person, however many", async () => {
    const cwd = await folderWithBob(layout);
    const { header } = LAYOUTS[layout];
    const more = ["robert-chen", "rob", "bobby"].map((name) => asked.replace("robert-chen", name));
    for (const path of more)
      await writeFile(
        join(cwd, folder, path),
        header
          .replace(/name: bob/i, `name: ${path.replace(/^.*\//, "").replace(".md", "")}`)
          .replace(/description: .*/, "description: Robert Chen, the user's manager"),
      );
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["check", folder, "--json"], context)).toBe(1);
    const { findings } = JSON.parse(output.stdout) as {
      findings: Array<{ code: string; message: string }>;
    };
    const paths = [keeps, ...more].sort();
    expect(findings.filter((finding) => finding.code === "same_subject")).toEqual([
      {
        code: "same_subject",
        path: paths[0],
        message: `${paths.slice(0, -1).join(", ")} and ${paths.at(-1)} all 4 name "robert chen"; merge them into one file by hand.`,
        fixable: false,
      },
    ]);
  });
});
