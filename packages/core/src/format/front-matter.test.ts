import { access, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatFrontMatter, frontMatterBodyStart, readFrontMatter } from "./front-matter.js";
import { MemoryFormatError } from "./memory-format-error.js";
import { yamlLibrary } from "./yaml-library.js";

let sandbox: string;
let marker: string;

beforeEach(async () => {
  sandbox = await mkdtemp(join(tmpdir(), "memfiles-front-matter-"));
  marker = join(sandbox, "marker");
});

afterEach(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

async function markerExists(): Promise<boolean> {
  return access(marker).then(
    () => true,
    () => false,
  );
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof MemoryFormatError ? error.code : `not a MemoryFormatError: ${error}`;
  }
}

describe("readFrontMatter refuses front matter that could run code (CVE-2022-25863)", () => {
  const payload = () =>
    `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran"); ({ name: "x" })`;

  it.each([
    ["---js", () => `---js\n${payload()}\n---\nbody\n`],
    ["---javascript", () => `---javascript\n${payload()}\n---\n`],
    ["--- js (space)", () => `--- js\n${payload()}\n---\n`],
    ["---JS (upper case)", () => `---JS\n${payload()}\n---\n`],
    ["---js with CRLF", () => `---js\r\n${payload()}\r\n---\r\n`],
    ["---js after a BOM", () => `\uFEFF---js\n${payload()}\n---\n`],
    ["---coffee", () => `---coffee\n${payload()}\n---\n`],
    ["---json", () => `---json\n{"name": "x"}\n---\n`],
    ["---constructor", () => `---constructor\n${payload()}\n---\n`],
  ])("%s creates no marker file and is refused by the language check", async (_name, text) => {
    const code = codeOf(() => readFrontMatter(text(), "topics/x.md"));
    expect({ code, marker: await markerExists() }).toEqual({
      code: "refused_front_matter_language",
      marker: false,
    });
  });

  it("names the path and the fix in the message", () => {
    expect(() => readFrontMatter("---js\n({})\n---\n", "topics/x.md")).toThrow(
      /topics\/x\.md.*"js".*only YAML.*Replace the first line with "---"/,
    );
  });
});

describe("readFrontMatter", () => {
  it.each([
    [
      "YAML front matter",
      "---\nname: tools\n---\nbody\n",
      {
        present: true,
        data: { name: "tools" },
        headerLines: ["name: tools"],
        body: "body\n",
        bodyLine: 4,
      },
    ],
    [
      "---yaml language tag",
      "---yaml\nname: tools\n---\nbody\n",
      {
        present: true,
        data: { name: "tools" },
        headerLines: ["name: tools"],
        body: "body\n",
        bodyLine: 4,
      },
    ],
    [
      "dates, numbers and booleans stay strings",
      "---\nupdated: 2026-09-26\nother: 2026/09/26\nn: 12\nb: true\nz: ~\n---\n",
      {
        present: true,
        data: { updated: "2026-09-26", other: "2026/09/26", n: "12", b: "true", z: "~" },
        headerLines: ["updated: 2026-09-26", "other: 2026/09/26", "n: 12", "b: true", "z: ~"],
        body: "",
        bodyLine: 8,
      },
    ],
    [
      "CRLF line breaks",
      "---\r\nname: tools\r\n---\r\nbody\r\n",
      {
        present: true,
        data: { name: "tools" },
        headerLines: ["name: tools"],
        body: "body\r\n",
        bodyLine: 4,
      },
    ],
    [
      "an empty block",
      "---\n---\nbody",
      { present: true, data: {}, headerLines: [], body: "body", bodyLine: 3 },
    ],
    ["no front matter", "name: tools\n", { present: false, body: "name: tools\n", bodyLine: 1 }],
    [
      "a horizontal rule is not front matter",
      "----\nx\n",
      { present: false, body: "----\nx\n", bodyLine: 1 },
    ],
  ])("reads %s", (_name, text, expected) => {
    expect(readFrontMatter(text)).toEqual(expected);
  });

  it.each([
    ["an unclosed block", "---\nname: tools\n"],
    ["a lone ---", "---"],
    ["a closing line gray-matter would split elsewhere", "---\nname: a\n---x\n---\n"],
  ])("reports %s as unparsable_header", (_name, text) => {
    expect(codeOf(() => readFrontMatter(text))).toBe("unparsable_header");
  });
});

describe("readFrontMatter on a hand-written header that is not YAML", () => {
  it.each([
    [
      "broken YAML",
      "---\ndescription: Editor, languages: hosting\n---\n",
      ["description: Editor, languages: hosting"],
    ],
    ["a list instead of a mapping", "---\n- a\n- b\n---\n", ["- a", "- b"]],
    ["a duplicate key", "---\nname: a\nname: b\n---\n", ["name: a", "name: b"]],
    ["a line of prose", "---\nABOUT ME (edited by hand)\n---\n", ["ABOUT ME (edited by hand)"]],
  ])("returns %s's lines with yamlError and no data", (_name, text, headerLines) => {
    expect(readFrontMatter(text)).toEqual({
      present: true,
      data: {},
      yamlError: expect.any(String),
      headerLines,
      body: "",
      bodyLine: headerLines.length + 3,
    });
  });
});

describe("formatFrontMatter", () => {
  it.each([
    [
      "plain values",
      { name: "tools", updated: "2026/09/26" },
      "---\nname: tools\nupdated: 2026/09/26\n---\n",
    ],
    ["a value with a colon is quoted", { description: "a: b" }, '---\ndescription: "a: b"\n---\n'],
    ["no fields", {}, ""],
  ])("writes %s", (_name, data, expected) => {
    expect(formatFrontMatter(data)).toBe(expected);
  });

  it("reads back what it writes", () => {
    const data = {
      description: "Uses: Neovim, [x], #tags, 'quotes' and \"more\"",
      updated: "2026-09-26",
    };
    expect(readFrontMatter(`${formatFrontMatter(data)}body`)).toEqual({
      present: true,
      data,
      headerLines: expect.any(Array),
      body: "body",
      bodyLine: 5,
    });
  });
});

describe("readFrontMatter parses a block once", () => {
  it("answers a block read again as it was parsed; a change to one answer never reaches the next", () => {
    const text = `---\nname: parsed once ${Math.random()}\ndescription: Read twice.\nlinks:\n  - topics/a.md\n---\n[stated 2026/11/01] uses Neovim\n`;
    const parse = vi.spyOn(yamlLibrary(), "parse");
    try {
      const first = readFrontMatter(text, "topics/once.md");
      const expected = structuredClone(first);
      const change = (answer: typeof first) => {
        if (!answer.present) return;
        answer.data.description = "changed";
        (answer.data.links as string[]).push("topics/b.md");
      };
      change(first);
      const second = readFrontMatter(text, "topics/once.md");
      expect(second).toEqual(expected);
      change(second);
      expect(readFrontMatter(text, "topics/once.md")).toEqual(expected);
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });
});

describe("frontMatterBodyStart", () => {
  // Where readFrontMatter's body starts, with the line break before it, for every shape it reads.
  it.each([
    ["front matter", "---\nname: tools\n---\nuses Neovim\n"],
    ["CRLF", "---\r\nname: tools\r\n---\r\nuses Neovim\r\n"],
    ["a byte order mark", "\uFEFF---\nname: tools\n---\nuses Neovim\n"],
    ["an empty block", "---\n---\nuses Neovim\n"],
    ["a header that is not YAML", "---\ndescription: Dev setup: editor\n---\nuses Neovim\n"],
  ])("%s", (_name, text) => {
    const { body } = readFrontMatter(text);
    const start = frontMatterBodyStart(text);
    expect(text.slice(start).replace(/^\r?\n/, "")).toBe(body);
  });

  it.each([
    ["no front matter", "uses Neovim\n"],
    ["an unclosed block", "---\nname: tools\nuses Neovim\n"],
    ["a rule, not a fence", "----\nname: tools\n---\n"],
  ])("is 0 for %s", (_name, text) => {
    expect(frontMatterBodyStart(text)).toBe(0);
  });
});
