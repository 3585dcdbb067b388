import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// A file a person edited to keep a line beside its updated value (`updatesLine`): `check()`
// names both lines and `memfiles check` prints them, in both layouts.
const OLD = "takes 50 mg of sertraline";
const NEW = "takes 100 mg of sertraline";
const LAYOUTS = {
  subject: {
    folder: "memory",
    path: "topics/health.md",
    text: `---\nname: health\ndescription: The user's health.\nupdated: 2026/11/01\n---\n[stated 2026/10/01] ${OLD}\n[stated 2026/11/01] sleeps eight hours\n[stated 2026/11/01] ${NEW}\n`,
  },
  fact: {
    folder: ".memory",
    path: "sertraline.md",
    text: `---\nname: sertraline\ndescription: The user's sertraline dose.\ntype: user\nupdated: 2026/11/01\n---\nThe user ${OLD}.\nThe user ${NEW}.\n`,
  },
} as const;

async function folderWith(layout: keyof typeof LAYOUTS): Promise<string> {
  const { folder, path, text } = LAYOUTS[layout];
  const cwd = await mkdtemp(join(tmpdir(), "memfiles-cli-updated-value-"));
  await mkdir(join(cwd, folder, "topics"), { recursive: true });
  await writeFile(join(cwd, folder, path), text);
  return cwd;
}

describe.each(["subject", "fact"] as const)(
  "a line kept beside its update (%s layout)",
  (layout) => {
    const { folder, path } = LAYOUTS[layout];
    const lines = layout === "subject" ? [OLD, NEW] : [`The user ${OLD}.`, `The user ${NEW}.`];

    it("check() names the file and both lines; ok is not made false", async () => {
      const cwd = await folderWith(layout);
      const store = new MemoryStore({ root: join(cwd, folder), layout });
      await store.rebuildIndex();
      const report = await store.check();
      expect(report.updatedValueKept).toEqual([
        { path, lines, pairs: 1, listed: [lines], allCounted: true },
      ]);
      expect(report.ok).toBe(true);
    });

    it("memfiles check prints it", async () => {
      const cwd = await folderWith(layout);
      const { context, output } = contextIn(cwd);
      await runMemfiles(["check", folder, "--json"], context);
      const { findings } = JSON.parse(output.stdout) as { findings: Array<{ code: string }> };
      expect(findings.filter((finding) => finding.code === "updated_value_kept")).toEqual([
        {
          code: "updated_value_kept",
          path,
          message: `${path} keeps both ${JSON.stringify(lines[0])} and ${JSON.stringify(lines[1])}, one an update of the other; delete the one that is no longer true.`,
          fixable: false,
          lines,
          pairs: 1,
          listed: [lines],
          allCounted: true,
        },
      ]);
    });
  },
);

// Pairs of one file and one pattern are one finding with their count; --json lists the pairs.
describe("memfiles check groups the pairs of a file", () => {
  const dated = (texts: string[]) => texts.map((text) => `[stated 2026/11/01] ${text}`).join("\n");
  const file = (name: string, texts: string[]) =>
    `---\nname: ${name}\ndescription: ${name}.\nupdated: 2026/11/01\n---\n${dated(texts)}\n`;
  const FILES = {
    // Three lines of one pattern (three pairs), and a dose kept beside its update.
    "topics/travel.md": file("travel", [
      "fact 1 about travel: prefers option 4",
      "takes 50 mg of sertraline",
      "fact 1 about travel: prefers option 5",
      "fact 1 about travel: prefers option 6",
      "takes 100 mg of sertraline",
    ]),
    "topics/food.md": file("food", ["eats 2 apples a day", "eats 3 apples a day"]),
  };
  const each = (path: string, one: string, other: string) =>
    `updated_value_kept  ${path} keeps both ${JSON.stringify(one)} and ${JSON.stringify(other)}, one an update of the other; delete the one that is no longer true.  [to fix by hand]`;

  it("prints a line per file and pattern, with the count", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-cli-updated-value-"));
    for (const [path, text] of Object.entries(FILES)) {
      await mkdir(join(cwd, "memory", "topics"), { recursive: true });
      await writeFile(join(cwd, "memory", path), text);
    }
    await runMemfiles(["check", "memory", "--fix"], contextIn(cwd).context);
    const printed = contextIn(cwd);
    expect(await runMemfiles(["check", "memory"], printed.context)).toBe(1);
    expect(
      printed.output.stdout.split("\n").filter((line) => line.startsWith("updated_value_kept")),
    ).toEqual([
      each("topics/food.md", "eats 2 apples a day", "eats 3 apples a day"),
      'updated_value_kept  topics/travel.md keeps 3 pairs of lines where one is an update of the other, such as "fact 1 about travel: prefers option 4" and "fact 1 about travel: prefers option 5"; delete the ones that are no longer true (`--json` lists every pair).  [to fix by hand]',
      each("topics/travel.md", "takes 50 mg of sertraline", "takes 100 mg of sertraline"),
    ]);
    const json = contextIn(cwd);
    await runMemfiles(["check", "memory", "--json"], json.context);
    const { findings } = JSON.parse(json.output.stdout) as {
      findings: Array<{ code: string; path: string; pairs: number; listed: string[][] }>;
    };
    expect(
      findings
        .filter((finding) => finding.code === "updated_value_kept")
        .map(({ path, pairs, listed }) => [path, pairs, listed]),
    ).toEqual([
      ["topics/food.md", 1, [["eats 2 apples a day", "eats 3 apples a day"]]],
      [
        "topics/travel.md",
        3,
        [
          ["fact 1 about travel: prefers option 4", "fact 1 about travel: prefers option 5"],
          ["fact 1 about travel: prefers option 4", "fact 1 about travel: prefers option 6"],
          ["fact 1 about travel: prefers option 5", "fact 1 about travel: prefers option 6"],
        ],
      ],
      ["topics/travel.md", 1, [["takes 50 mg of sertraline", "takes 100 mg of sertraline"]]],
    ]);
  });

  // Many lines of one pattern: one finding, the count, 8 pairs. The worst case, a file just under
  // the size past which it is not read (7,000 lines, 24 million pairs, once held in memory until
  // `check` died), is core's own test of `updatedValueKept` (check-rows.test.ts); here the CLI's
  // finding and message, from the same path (one-number lines counted without comparing them).
  it("a 300-line file of one pattern is one finding that counts its pairs", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-cli-updated-value-"));
    await mkdir(join(cwd, "memory", "topics"), { recursive: true });
    const lines = Array.from({ length: 300 }, (_, index) => `v ${index}`);
    await writeFile(join(cwd, "memory", "topics", "q.md"), file("q", lines));
    const json = contextIn(cwd);
    await runMemfiles(["check", "memory", "--json"], json.context);
    const { findings } = JSON.parse(json.output.stdout) as {
      findings: Array<{ code: string; message: string; pairs: number; listed: string[][] }>;
    };
    const kept = findings.filter((finding) => finding.code === "updated_value_kept");
    expect(kept.map(({ pairs, listed }) => [pairs, listed.length])).toEqual([[44_850, 8]]);
    expect(kept[0]?.message).toBe(
      'topics/q.md keeps 44850 pairs of lines where one is an update of the other, such as "v 0" and "v 1"; delete the ones that are no longer true (`--json` lists the first 8).',
    );
  });
});
