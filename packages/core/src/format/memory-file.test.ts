import { describe, expect, it } from "vitest";
import {
  formatMemoryFile,
  type MemoryFile,
  parseMemoryFile,
  safeParseMemoryFile,
} from "./memory-file.js";
import { MemoryFormatError } from "./memory-format-error.js";

const DESCRIPTION =
  "Editor, languages, hosting and dev tools. Read for any coding or setup question.";

describe("parseMemoryFile", () => {
  it.each<[string, string, MemoryFile]>([
    [
      "the design's example file",
      `---\nname: tools\ndescription: ${DESCRIPTION}\nupdated: 2026/09/26\n---\n[stated 2026/09/12] uses Neovim, not VS Code\n[stated 2026/09/20] deploys on Fly.io (previously Heroku, moved in August)\n`,
      {
        header: { name: "tools", description: DESCRIPTION, updated: "2026/09/26" },
        headerStyle: "front_matter",
        lineMap: {
          bodyLine: 6,
          fieldLines: { name: 2, description: 3, updated: 4 },
          fieldInsertLine: 5,
        },
        lines: [
          { kind: "dated", stated: "2026/09/12", text: "uses Neovim, not VS Code" },
          {
            kind: "dated",
            stated: "2026/09/20",
            text: "deploys on Fly.io (previously Heroku, moved in August)",
          },
        ],
        facts: [
          { stated: "2026/09/12", text: "uses Neovim, not VS Code", line: 6 },
          {
            stated: "2026/09/20",
            text: "deploys on Fly.io (previously Heroku, moved in August)",
            line: 7,
          },
        ],
        problems: [],
      },
    ],
    [
      "the seed article's unfenced header",
      "name: tools\ndescription: Dev tools: editor, hosting.\nupdated: 2026/09/26\n\n[stated 2026/09/12] uses Neovim\n",
      {
        header: {
          name: "tools",
          description: "Dev tools: editor, hosting.",
          updated: "2026/09/26",
        },
        headerStyle: "unfenced",
        lineMap: {
          bodyLine: 4,
          fieldLines: { name: 1, description: 2, updated: 3 },
          fieldInsertLine: 4,
        },
        lines: [
          { kind: "text", text: "" },
          { kind: "dated", stated: "2026/09/12", text: "uses Neovim" },
        ],
        facts: [{ stated: "2026/09/12", text: "uses Neovim", line: 5 }],
        problems: [],
      },
    ],
    [
      "Claude Code's type field, a dashed date kept as written, and extra fields kept",
      "---\nname: prefers-tabs\ndescription: Indentation preference.\ntype: feedback\nupdated: 2026-09-26\nmetadata:\n  origin: claude-code\n---\n# Tabs\n[stated 2026/09/01] wants tabs\n",
      {
        header: {
          name: "prefers-tabs",
          description: "Indentation preference.",
          type: "feedback",
          updated: "2026-09-26",
          extra: { metadata: { origin: "claude-code" } },
        },
        headerStyle: "front_matter",
        lineMap: {
          bodyLine: 9,
          fieldLines: { name: 2, description: 3, type: 4, updated: 5 },
          fieldInsertLine: 8,
        },
        lines: [
          { kind: "text", text: "# Tabs" },
          { kind: "dated", stated: "2026/09/01", text: "wants tabs" },
        ],
        facts: [{ stated: "2026/09/01", text: "wants tabs", line: 10 }],
        problems: [],
      },
    ],
    [
      "no description, an undated line, a bad date and an unknown type",
      "---\nname: x\ntype: diary\n---\nloose note\n[stated 2026/02/30] bad date\n\n<!-- a comment -->\n",
      {
        header: { name: "x" },
        headerStyle: "front_matter",
        lineMap: { bodyLine: 5, fieldLines: { name: 2, type: 3 }, fieldInsertLine: 4 },
        lines: [
          { kind: "text", text: "loose note" },
          { kind: "text", text: "[stated 2026/02/30] bad date" },
          { kind: "text", text: "" },
          { kind: "text", text: "<!-- a comment -->" },
        ],
        facts: [],
        problems: [
          {
            code: "unknown_type",
            message:
              'topics/x.md has type "diary"; the known types are user, feedback, project, reference. Fix or remove the "type:" line.',
          },
          {
            code: "no_description",
            message:
              'topics/x.md has no description. Add a "description:" line saying what is inside and when to read it; the index shows it.',
          },
          {
            code: "undated_line",
            message:
              'topics/x.md line 5 is not a dated fact. Start it with "[stated YYYY/MM/DD] " (the date the user said it), or make it a "#" heading.',
            line: 5,
          },
          {
            code: "invalid_date",
            message:
              'topics/x.md line 6 has a date tag that is not a real date in YYYY/MM/DD form. Write it as "[stated 2026/09/12] ...".',
            line: 6,
          },
        ],
      },
    ],
    [
      "no header at all",
      "[stated 2026/09/12] uses Neovim\n",
      {
        header: {},
        headerStyle: "none",
        lineMap: { bodyLine: 1, fieldLines: {} },
        lines: [{ kind: "dated", stated: "2026/09/12", text: "uses Neovim" }],
        facts: [{ stated: "2026/09/12", text: "uses Neovim", line: 1 }],
        problems: [
          {
            code: "no_description",
            message:
              'topics/x.md has no description. Add a "description:" line saying what is inside and when to read it; the index shows it.',
          },
        ],
      },
    ],
  ])("reads %s", (_name, text, expected) => {
    expect(parseMemoryFile(text, { path: "topics/x.md" })).toEqual(expected);
  });

  // Hand-written headers YAML reads otherwise or not at all: read as
  // written, line by line.
  it.each([
    [
      "a YAML comment sign in a description",
      "---\nname: billing\ndescription: Billing rewrite, tracked in PR #532 and issue #540; read for invoices\n---\n",
      {
        name: "billing",
        description: "Billing rewrite, tracked in PR #532 and issue #540; read for invoices",
      },
      [],
    ],
    [
      "a description that starts with #",
      "---\ndescription: #41 infra migration notes; read for the move\n---\n",
      { description: "#41 infra migration notes; read for the move" },
      [],
    ],
    [
      "an unquoted colon",
      "---\nname: tools\ndescription: Dev setup: editor, shell and hosting. Read for coding questions.\n---\n",
      {
        name: "tools",
        description: "Dev setup: editor, shell and hosting. Read for coding questions.",
      },
      ["header_not_yaml"],
    ],
    [
      "a line of prose",
      "---\nABOUT ME (edited by hand)\n---\n",
      {},
      ["header_not_yaml", "no_description"],
    ],
    [
      "a quoted description (YAML's value)",
      '---\ndescription: "Uses: a, b # not a comment"\n---\n',
      { description: "Uses: a, b # not a comment" },
      [],
    ],
    [
      "an empty description and a tab before the value",
      "---\nname:\tx\ndescription:\n---\n",
      { name: "x" },
      ["no_description"],
    ],
    [
      "an unclosed quote (the line fallback takes the text)",
      '---\nname: tools\ndescription: "unterminated\nupdated: 2026/09/01\n---\n',
      { name: "tools", description: "unterminated", updated: "2026/09/01" },
      ["header_not_yaml"],
    ],
    [
      "quoted values of a header YAML cannot read",
      "---\nname: 'tools'\ndescription: \"Dev tools\"\nbroken: [\n---\n",
      { name: "tools", description: "Dev tools" },
      ["header_not_yaml"],
    ],
    [
      "an updated: that is no date (flagged, kept as written)",
      "---\ndescription: Tools.\nupdated: yes\n---\n",
      { description: "Tools.", updated: "yes" },
      ["invalid_updated"],
    ],
    [
      "an updated: that is no calendar day",
      "description: Tools.\nupdated: 2026/02/30\n",
      { description: "Tools.", updated: "2026/02/30" },
      ["invalid_updated"],
    ],
    [
      "an ISO updated: with a time",
      "---\ndescription: Tools.\nupdated: 2026-09-26T10:00:00Z\n---\n",
      { description: "Tools.", updated: "2026-09-26T10:00:00Z" },
      [],
    ],
  ])("reads %s as written", (_name, text, header, codes) => {
    const file = parseMemoryFile(text, { path: "topics/x.md" });
    expect(file.header).toEqual(header);
    expect(file.problems.map((problem) => problem.code)).toEqual(codes);
  });

  it.each([
    ["---js front matter", "---js\n({ name: 'x' })\n---\n", "refused_front_matter_language"],
    ["a description that is a list", "---\ndescription:\n  - a\n---\n", "unparsable_header"],
    ["unclosed front matter", "---\nname: x\n[stated 2026/09/12] y\n", "unparsable_header"],
  ])("throws on %s, and safeParseMemoryFile returns it", (_name, text, code) => {
    expect(() => parseMemoryFile(text)).toThrow(MemoryFormatError);
    const result = safeParseMemoryFile(text, { path: "topics/x.md" });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect({ code: result.error.code, path: result.error.path }).toEqual({
        code,
        path: "topics/x.md",
      });
    }
  });
});

describe("formatMemoryFile", () => {
  it.each([
    [
      "front matter and facts",
      {
        header: { name: "tools", description: "Dev tools.", updated: "2026/09/26" },
        lines: [{ kind: "dated" as const, stated: "2026/09/12", text: "uses Neovim" }],
      },
      "---\nname: tools\ndescription: Dev tools.\nupdated: 2026/09/26\n---\n[stated 2026/09/12] uses Neovim\n",
    ],
    [
      "type before updated, extra fields last, text lines kept",
      {
        header: {
          updated: "2026/09/26",
          type: "user" as const,
          description: "d",
          extra: { tags: ["a"] },
        },
        lines: [
          { kind: "text" as const, text: "# Heading" },
          { kind: "dated" as const, stated: "2026/09/12", text: "x" },
        ],
      },
      "---\ndescription: d\ntype: user\nupdated: 2026/09/26\ntags:\n  - a\n---\n# Heading\n[stated 2026/09/12] x\n",
    ],
  ])("writes %s", (_name, file, expected) => {
    expect(formatMemoryFile(file)).toBe(expected);
  });

  it.each([
    [
      "the design's example",
      `---\nname: tools\ndescription: ${DESCRIPTION}\nupdated: 2026/09/26\n---\n[stated 2026/09/12] uses Neovim, not VS Code\n`,
    ],
    [
      "a description that needs quotes",
      '---\nname: t\ndescription: "Uses: a, b"\n---\n# h\n\n[stated 2026/09/12] x\n',
    ],
  ])("round-trips %s byte for byte", (_name, text) => {
    expect(formatMemoryFile(parseMemoryFile(text))).toBe(text);
  });

  it("writes an unfenced header back as front matter with the same facts", () => {
    const parsed = parseMemoryFile(
      "name: t\ndescription: d\nupdated: 2026/09/26\n[stated 2026/09/12] x\n",
    );
    const text = formatMemoryFile(parsed);
    expect(text).toBe(
      "---\nname: t\ndescription: d\nupdated: 2026/09/26\n---\n[stated 2026/09/12] x\n",
    );
    expect(parseMemoryFile(text).facts).toEqual([{ stated: "2026/09/12", text: "x", line: 6 }]);
  });
});

describe("parseMemoryFile keeps YAML's reading where it reads the text as written", () => {
  it("joins a plain description continued on an indented line", () => {
    expect(
      parseMemoryFile("---\ndescription: Hosting notes,\n  read for deploys\n---\n").header,
    ).toEqual({ description: "Hosting notes, read for deploys" });
  });
});

// A new user's trial: a real date in another form was told it was not a real date. (A list marker
// before the tag is a dated line since decision 0101: see list-item-lines.test.ts.)
describe("a real date in another form is told where it goes, not that it is no date", () => {
  it.each([
    ["dashes in the date", "[stated 2026-12-01] likes tea"],
    ["dashes in the date of a list item", "- [stated 2026-12-01] likes tea"],
  ])("%s", (_name, line) => {
    const text = `---\nname: x\ndescription: ${DESCRIPTION}\n---\n${line}\n`;
    const [problem] = parseMemoryFile(text, { path: "topics/x.md" }).problems;
    expect(problem?.code).toBe("invalid_date");
    expect(problem?.message).toBe(
      'topics/x.md line 5 has a date tag memfiles does not read: a fact line opens with the tag, dated YYYY/MM/DD. Write it as "[stated 2026/12/01] likes tea".',
    );
  });
});
