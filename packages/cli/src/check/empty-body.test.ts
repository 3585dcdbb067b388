import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

const SUBJECT_HEAD =
  "---\nname: pets\ndescription: Meine Haustiere, von Hand beschrieben (Katze Mia, Hund Bello)\nupdated: 2026/01/01\n---\n";
const FACT_HEAD = "---\nname: Editor\ndescription: Der Editor des Nutzers.\ntype: user\n---\n";

const HEADER_ONLY =
  "holds no fact, only its header (a forget keeps a file whose description memfiles did not write); add a fact to it, or delete it if its description is not worth keeping.";
const FIX_HEADER = "add a fact to it, or delete it if its description is not worth keeping.";
const FIX_NO_HEADER = "add a fact to it, or delete it if it is not worth keeping.";

// Each row: the layout, the file as a person or a forget left it, and what `check` says it is
// (`empty_body`, after the path), or `undefined` when it holds a fact.
const CASES: Array<{ name: string; layout: "subject" | "fact"; text: string; says?: string }> = [
  {
    name: "header only (a forget kept it)",
    layout: "subject",
    text: SUBJECT_HEAD,
    says: HEADER_ONLY,
  },
  {
    name: "header, BOM and CRLF, blank lines",
    layout: "subject",
    text: `\uFEFF${SUBJECT_HEAD.replaceAll("\n", "\r\n")}\r\n\r\n`,
    says: HEADER_ONLY,
  },
  {
    name: "one line",
    layout: "subject",
    text: `${SUBJECT_HEAD}[stated 2026/01/01] Die Nutzerin hat eine Katze namens Mia\n`,
  },
  { name: "0 bytes", layout: "subject", text: "", says: `is empty (0 chars); ${FIX_NO_HEADER}` },
  {
    name: "blank lines only",
    layout: "subject",
    text: "\n\r\n",
    says: `holds only blank lines; ${FIX_NO_HEADER}`,
  },
  {
    name: "a heading and a comment over lines",
    layout: "subject",
    text: `${SUBJECT_HEAD}# Haustiere\n<!--\nnoch leer\n-->\n`,
    says: `holds no fact, only its header, a heading and an HTML comment; ${FIX_HEADER}`,
  },
  { name: "header only", layout: "fact", text: FACT_HEAD, says: HEADER_ONLY },
  { name: "0 bytes", layout: "fact", text: "", says: `is empty (0 chars); ${FIX_NO_HEADER}` },
  {
    name: "a heading a person wrote",
    layout: "fact",
    text: `${FACT_HEAD}## Mein Editor\n`,
    says: `holds no fact, only its header and a heading; ${FIX_HEADER}`,
  },
  {
    name: "an HTML comment",
    layout: "fact",
    text: `${FACT_HEAD}<!-- Fakten folgen -->\n\n`,
    says: `holds no fact, only its header and an HTML comment; ${FIX_HEADER}`,
  },
  {
    name: "two headings, no header",
    layout: "fact",
    text: "# Editor\n\n## Themes\n",
    says: `holds no fact, only 2 headings; ${FIX_NO_HEADER}`,
  },
  {
    name: "a fact after a comment",
    layout: "fact",
    text: `${FACT_HEAD}<!-- von Hand -->\nThe user edits code in Helix.\n`,
  },
  {
    name: "one fact, CRLF",
    layout: "fact",
    text: `${FACT_HEAD}ユーザーはHelixでコードを書く。\n`.replaceAll("\n", "\r\n"),
  },
];

describe("check reports a file with no fact", () => {
  it.each(CASES)("$layout layout, $name", async ({ layout, text, says }) => {
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
    expect(found.map(({ path, message }) => ({ path, message }))).toEqual(
      says === undefined ? [] : [{ path, message: `${path} ${says}` }],
    );
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
