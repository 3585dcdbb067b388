import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDatedLine } from "../../format/index.js";
import { parseMemoryFile } from "../../format/memory-file.js";
import { memoryBodyLines } from "../../format/search-lines.js";
import { forgottenItems } from "../../guards/forgotten-items.js";
import { unitsOfFile } from "../../recall/recall-units.js";
import { detectLayout, MemoryStore } from "../../store/index.js";
import { forget } from "../forget.js";
import { remember } from "../remember.js";
import { subjectLayout } from "./subject-layout.js";

// A dated line written as a Markdown list item is read as a dated line by every reader, and a new
// line is written in the file's own shape (decision 0101). Three LoCoMo observations (Maharana et
// al., ACL 2024, conv-26 session 1) stand for a person's notes.
const NOW = new Date("2026-12-07T12:00:00Z");
const FACTS = [
  "Caroline attended an LGBTQ support group recently and found the transgender stories inspiring.",
  "The support group has made Caroline feel accepted and given her courage to embrace herself.",
  "Caroline is planning to continue her education and explore career options in counseling.",
];
const DATES = ["2023/05/08", "2023/05/09", "2023/05/10"];

type Shape = { name: string; marker: (at: number) => string; next: string };
const SHAPES: Shape[] = [
  { name: "bullet", marker: () => "- ", next: "- " },
  { name: "star", marker: () => "* ", next: "* " },
  { name: "numbered", marker: (at) => `${at + 1}. `, next: "4. " },
  { name: "none", marker: () => "", next: "" },
  { name: "indented", marker: () => "  - ", next: "  - " },
  { name: "mixed", marker: (at) => (at === 1 ? "" : "- "), next: "- " },
  // The last line a nested item: a new line goes to the outer list, not under that item.
  { name: "a nested item last", marker: (at) => (at === 2 ? "  - " : "- "), next: "- " },
  {
    name: "numbered, a nested item last",
    marker: (at) => (at === 2 ? "   - " : `${at + 1}. `),
    next: "3. ",
  },
];

function body(shape: Shape): string[] {
  return FACTS.map((fact, at) => `${shape.marker(at)}[stated ${DATES[at]}] ${fact}`);
}

function fileOf(shape: Shape): string {
  return `---\nname: caroline\ndescription: What Caroline said.\nupdated: 2023/05/10\n---\n${body(shape).join("\n")}\n`;
}

async function storeWith(shape: Shape): Promise<MemoryStore> {
  const root = await mkdtemp(join(tmpdir(), "memfiles-list-items-"));
  await mkdir(join(root, "people"));
  await writeFile(join(root, "people/caroline.md"), fileOf(shape));
  return new MemoryStore({ root, layout: "subject" });
}

const LINES = FACTS.map((text, at) => ({ stated: DATES[at], text }));

describe.each(SHAPES)("dated lines written as $name", (shape) => {
  it("one parse reads each as a dated line, marker kept apart", () => {
    expect(body(shape).map((line) => parseDatedLine(line)?.text)).toEqual(FACTS);
  });

  it("check reads the file's dated lines and finds no bad date", () => {
    const file = parseMemoryFile(fileOf(shape), { path: "caroline.md" });
    expect(file.facts.map(({ stated, text }) => ({ stated, text }))).toEqual(LINES);
    expect(file.problems).toEqual([]);
  });

  it("recall takes one unit a line, dated, not the file as one run-on line", () => {
    const units = unitsOfFile({ path: "caroline.md" } as never, fileOf(shape));
    expect(units).toEqual(
      LINES.map(({ stated, text }) => ({ path: "caroline.md", text, date: stated, kind: "line" })),
    );
  });

  it("the layout's items (forget, the memory tool, the recall index) are the lines", () => {
    const items = forgottenItems(fileOf(shape), subjectLayout.items.walk, () => true);
    expect(items.filter((item) => item.field === undefined)).toEqual(
      LINES.map(({ stated, text }, at) => ({ lines: [6 + at], text, stated, match: true })),
    );
  });

  it("search gives each line as written, what forget({ only }) takes", () => {
    expect(
      memoryBodyLines(fileOf(shape), "people/caroline.md").map((line) => line.written),
    ).toEqual(body(shape));
  });

  it("a folder of them is told to be in the subject layout", async () => {
    const store = await storeWith(shape);
    expect(detectLayout(store.root)).toBe("subject");
  });

  it("remember adds a line in the file's shape and leaves the person's lines as written", async () => {
    const store = await storeWith(shape);
    const result = await remember({
      store,
      path: "people/caroline.md",
      fact: "Caroline likes hiking",
      now: NOW,
    });
    expect(result).toMatchObject({ ok: true, code: "applied" });
    const after = await readFile(join(store.root, "people/caroline.md"), "utf8");
    expect(after.split("\n").slice(5, -1)).toEqual([
      ...body(shape),
      `${shape.next}[stated 2026/12/07] Caroline likes hiking`,
    ]);
  });

  it("forget removes the one line and leaves the others as written", async () => {
    const store = await storeWith(shape);
    const result = await forget({
      store,
      query: "the support group has made Caroline feel accepted",
    });
    expect(result).toMatchObject({ ok: true, code: "removed" });
    const after = await readFile(join(store.root, "people/caroline.md"), "utf8");
    expect(after.split("\n").slice(5, -1)).toEqual(body(shape).filter((_, at) => at !== 1));
  });
});
