import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

const SUBJECT_HEAD =
  "---\nname: pets\ndescription: Meine Haustiere, von Hand beschrieben (Katze Mia, Hund Bello)\nupdated: 2026/01/01\n---\n";
const FACT_HEAD = "---\nname: Editor\ndescription: Der Editor des Nutzers.\ntype: user\n---\n";

// Each row: the layout, the file as a person or a forget left it, and whether `check` reports it
// as a file with no fact (`empty_body`), with the fix in its message.
const CASES: Array<{ name: string; layout: "subject" | "fact"; text: string; empty: boolean }> = [
  { name: "header only (a forget kept it)", layout: "subject", text: SUBJECT_HEAD, empty: true },
  {
    name: "header, BOM and CRLF, blank lines",
    layout: "subject",
    text: `\uFEFF${SUBJECT_HEAD.replaceAll("\n", "\r\n")}\r\n\r\n`,
    empty: true,
  },
  {
    name: "one line",
    layout: "subject",
    text: `${SUBJECT_HEAD}[stated 2026/01/01] Die Nutzerin hat eine Katze namens Mia\n`,
    empty: false,
  },
  { name: "header only", layout: "fact", text: FACT_HEAD, empty: true },
  {
    name: "a heading is a line a person wrote",
    layout: "fact",
    text: `${FACT_HEAD}## Mein Editor\n`,
    empty: false,
  },
  {
    name: "one fact, CRLF",
    layout: "fact",
    text: `${FACT_HEAD}ユーザーはHelixでコードを書く。\n`.replaceAll("\n", "\r\n"),
    empty: false,
  },
];

describe("check reports a file with no fact", () => {
  it.each(CASES)("$layout layout, $name", async ({ layout, text, empty }) => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-empty-body-"));
    const path = layout === "subject" ? "topics/pets.md" : "editor.md";
    const root = join(cwd, layout === "subject" ? "memory" : ".memory");
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
    const { context, output } = contextIn(cwd);
    await runMemfiles(["check", root, "--json"], context);
    const { findings } = JSON.parse(output.stdout) as {
      findings: Array<{ code: string; path: string; message: string }>;
    };
    const found = findings.filter((finding) => finding.code === "empty_body");
    expect(found.map((finding) => finding.path)).toEqual(empty ? [path] : []);
    if (empty) expect(found[0]?.message).toContain("add a fact to it, or delete it");
  });

  it("after a forget kept a file for its hand-written description", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-empty-body-"));
    await mkdir(join(cwd, "memory/topics"), { recursive: true });
    await writeFile(
      join(cwd, "memory/topics/pets.md"),
      `${SUBJECT_HEAD}[stated 2026/01/01] The user has a cat named Mia\n`,
    );
    const forgot = contextIn(cwd);
    expect(await runMemfiles(["forget", "memory", "cat", "Mia", "--yes"], forgot.context)).toBe(0);
    const { context, output } = contextIn(cwd);
    await runMemfiles(["check", "memory", "--json"], context);
    const { findings } = JSON.parse(output.stdout) as { findings: Array<{ code: string }> };
    expect(findings.map((finding) => finding.code)).toEqual(["empty_body"]);
  });
});
