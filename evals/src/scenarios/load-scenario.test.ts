import { mkdtemp, rm, writeFile } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseAuthoredReplies } from "./authored.js";
import { loadScenario, loadScenarios, parseScenario, scenarioRuns } from "./load-scenario.js";
import { ScenarioFileError } from "./scenario-file-error.js";

const GOOD = `
id: tiny
title: Tiny
source: test
sessions:
  - date: 2026-09-12
    turns:
      - user: I deploy everything on Fly.io
    after: [write]
question:
  date: 2026-09-20
  text: How should I deploy this new service?
expect:
  answer:
    mentionsAny: [fly]
`;

describe("parseScenario", () => {
  it("fills defaults and keeps dates as strings", () => {
    const result = parseScenario(GOOD, "scenarios/tiny.yaml");
    expect(result).toEqual({
      success: true,
      value: {
        id: "tiny",
        title: "Tiny",
        source: "test",
        tools: "memfiles",
        layout: "subject",
        sessions: [
          {
            date: "2026-09-12",
            live: false,
            turns: [{ user: "I deploy everything on Fly.io" }],
            after: ["write"],
          },
        ],
        seedFiles: {},
        question: { date: "2026-09-20", text: "How should I deploy this new service?" },
        expect: {
          files: [],
          noNewFiles: false,
          seedFilesUnchanged: false,
          folderLacks: [],
          modelInputLacks: [],
          modelInputContains: [],
          costPerSession: [],
          answer: {
            mentionsAny: ["fly"],
            mentionsNone: [],
            noNarration: false,
            noQuestionBack: false,
            unrelatedMemory: [],
          },
        },
      },
    });
  });

  it.each([
    {
      name: "a bad date",
      text: GOOD.replace("date: 2026-09-12", "date: 12/09/2026"),
      field: "sessions.0.date",
    },
    {
      name: "a turn with an unknown role",
      text: GOOD.replace("- user: I deploy", "- system: I deploy"),
      field: "sessions.0.turns.0",
    },
    {
      name: "an unknown stage",
      text: GOOD.replace("[write]", "[recall]"),
      field: "sessions.0.after.0",
    },
    {
      name: "an id unlike the file name",
      text: GOOD.replace("id: tiny", "id: other"),
      field: "id",
    },
    {
      name: "a question before the last session",
      text: GOOD.replace("date: 2026-09-20", "date: 2026-09-01"),
      field: "question.date",
    },
    {
      name: "an unknown tools value",
      text: GOOD.replace("source: test", "source: test\ntools: memory_read"),
      field: "tools",
    },
    {
      name: "an unknown expectation key",
      text: GOOD.replace("mentionsAny: [fly]", "mentionsAll: [fly]"),
      field: "expect.answer",
    },
    { name: "broken YAML", text: "id: [tiny", field: "(yaml)" },
    {
      name: "a seed path with ..",
      text: `${GOOD}seedFiles:\n  ../escape.md: hi\n`,
      field: "seedFiles.../escape.md",
    },
  ])("reports $name with the file and the field", ({ text, field }) => {
    const result = parseScenario(text, "scenarios/tiny.yaml");
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toBeInstanceOf(ScenarioFileError);
    expect(result.error.file).toBe("scenarios/tiny.yaml");
    expect(result.error.issues.map((issue) => issue.field)).toContain(field);
    expect(result.error.message).toContain("scenarios/tiny.yaml");
    expect(result.error.message).toContain(field);
  });
});

describe("parseScenario messages a person can act on", () => {
  it.each([
    {
      name: "a mistyped answer key",
      text: GOOD.replace("mentionsAny:", "mentionAny:"),
      issues: [
        {
          field: "expect.answer",
          message: "unknown key `mentionAny` in expect.answer; did you mean `mentionsAny`?",
        },
      ],
    },
    {
      name: "a mistyped file key",
      text: GOOD.replace("expect:\n", "expect:\n  files:\n    - path: a.md\n      contain: [x]\n"),
      issues: [
        {
          field: "expect.files.0",
          message: "unknown key `contain` in expect.files.0; did you mean `contains`?",
        },
      ],
    },
    {
      name: "a mistyped top-level key",
      text: GOOD.replace("sessions:", "sesions:"),
      issues: [
        { field: "sessions", message: "required field is missing (expected array)" },
        {
          field: "(root)",
          message: "unknown key `sesions` at the top level; did you mean `sessions`?",
        },
      ],
    },
    {
      name: "a key far from any known one",
      text: GOOD.replace("mentionsAny:", "colour:"),
      issues: [
        {
          field: "expect.answer",
          message:
            "unknown key `colour` in expect.answer; allowed keys: `mentionsAny`, `mentionsNone`, " +
            "`noNarration`, `noQuestionBack`, `unrelatedMemory`, `judge`",
        },
      ],
    },
    {
      name: "a turn with an unknown role",
      text: GOOD.replace("- user: I deploy", "- system: I deploy"),
      issues: [
        {
          field: "sessions.0.turns.0",
          message: "matches none of the allowed forms: { user }, { assistant }, { remember }",
        },
      ],
    },
    {
      name: "an unknown stage",
      text: GOOD.replace("[write]", "[recall]"),
      issues: [
        {
          field: "sessions.0.after.0",
          message: 'matches none of the allowed forms: "write", { write }, { consolidate }',
        },
      ],
    },
  ])("names the field and the fix for $name", ({ text, issues }) => {
    const result = parseScenario(text, "scenarios/tiny.yaml");
    expect(result.success ? [] : result.error.issues).toEqual(issues);
  });

  it.each([
    {
      name: "an exact usd without its provenance",
      row: "{ model: claude-haiku-5-5, session: 1, usd: 0.0003, computed: by hand }",
      issues: [
        {
          field: "expect.costPerSession.0.provenance",
          message:
            "an exact usd holds for one recording's usage: say which (provenance: authored), or give maxUsd, a budget a real recording can meet",
        },
      ],
    },
    {
      name: "both an exact usd and a budget",
      row: "{ model: claude-haiku-5-5, provenance: authored, session: 1, usd: 0.0003, maxUsd: 0.001, computed: by hand }",
      issues: [
        {
          field: "expect.costPerSession.0.usd",
          message: "give exactly one of usd (an exact figure) and maxUsd (a budget)",
        },
      ],
    },
    {
      name: "an exact usd with its provenance",
      row: "{ model: claude-haiku-5-5, provenance: authored, session: 1, usd: 0.0003, computed: by hand }",
      issues: [],
    },
    {
      name: "a budget of any provenance",
      row: "{ model: claude-haiku-5-5, session: 1, maxUsd: 0.001, computed: budget }",
      issues: [],
    },
  ])("a cost row: $name", ({ row, issues }) => {
    const text = GOOD.replace("expect:\n", `expect:\n  costPerSession:\n    - ${row}\n`);
    const result = parseScenario(text, "scenarios/tiny.yaml");
    expect(result.success ? [] : result.error.issues).toEqual(issues);
  });

  it.each([
    { date: "2026-13-45", real: false },
    { date: "2026-00-10", real: false },
    { date: "2026-02-29", real: false },
    { date: "2026-04-31", real: false },
    { date: "2028-02-29", real: true },
    { date: "2026-12-31", real: true },
  ])("accepts $date only if it is a real date ($real)", ({ date, real }) => {
    const text = GOOD.replace("date: 2026-09-12", `date: ${date}`).replace(
      "date: 2026-09-20",
      "date: 2029-01-01",
    );
    const result = parseScenario(text, "scenarios/tiny.yaml");
    expect(result.success ? [] : result.error.issues).toEqual(
      real
        ? []
        : [
            {
              field: "sessions.0.date",
              message: `${date} is not a real date (month 01-12, day within the month); write YYYY-MM-DD`,
            },
          ],
    );
  });
});

describe("loadScenario / loadScenarios", () => {
  let dir = "";
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "memfiles-scenarios-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("loads one scenario by id and all of a folder in name order", async () => {
    await writeFile(path.join(dir, "tiny.yaml"), GOOD);
    await writeFile(path.join(dir, "another.yaml"), GOOD.replace("id: tiny", "id: another"));
    expect((await loadScenario(dir, "tiny")).id).toBe("tiny");
    expect((await loadScenarios(dir)).map((scenario) => scenario.id)).toEqual(["another", "tiny"]);
  });

  it("names the missing file and the known scenarios", async () => {
    await writeFile(path.join(dir, "tiny.yaml"), GOOD);
    await expect(loadScenario(dir, "nope")).rejects.toThrow(
      /nope\.yaml[\s\S]*known scenarios: tiny/,
    );
  });

  it("lists every bad file when several are invalid", async () => {
    await writeFile(
      path.join(dir, "a.yaml"),
      GOOD.replace("id: tiny", "id: a").replace("title: Tiny\n", ""),
    );
    await writeFile(path.join(dir, "b.yaml"), "id: b\n");
    const error = await loadScenarios(dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ScenarioFileError);
    expect((error as ScenarioFileError).message.split("\n")[0]).toBe(`Invalid fixtures in ${dir}:`);
    expect((error as ScenarioFileError).issues.map((issue) => issue.field)).toEqual([
      "a.yaml: title",
      "b.yaml: title",
      "b.yaml: source",
      "b.yaml: sessions",
      "b.yaml: expect",
    ]);
  });
});

describe("parseAuthoredReplies", () => {
  const REPLIES = `
scenario: tiny
replies:
  - step: "session 1: write"
    content:
      - type: tool_use
        name: propose_memories
        input: { memories: [] }
  - step: "session 2: consolidate topics/tools.md"
    content: [{ type: text, text: done }]
  - step: "question: chat"
    content: [{ type: text, text: Use fly deploy. }]
`;
  it("accepts the documented step labels", () => {
    const result = parseAuthoredReplies(REPLIES, "evals/authored/tiny.yaml");
    expect(result.success && result.value.replies.map((reply) => reply.step)).toEqual([
      "session 1: write",
      "session 2: consolidate topics/tools.md",
      "question: chat",
    ]);
  });

  it.each([
    {
      name: "a bad step label",
      text: REPLIES.replace("session 1: write", "write 1"),
      field: "replies.0.step",
    },
    {
      name: "an unknown block type",
      text: REPLIES.replace("type: text, text: done", "type: image, text: done"),
      field: "replies.1.content.0.type",
    },
    {
      name: "a scenario unlike the file name",
      text: REPLIES.replace("scenario: tiny", "scenario: big"),
      field: "scenario",
    },
  ])("reports $name", ({ text, field }) => {
    const result = parseAuthoredReplies(text, "evals/authored/tiny.yaml");
    expect(result.success ? [] : result.error.issues.map((issue) => issue.field)).toContain(field);
  });
});

describe("a YAML alias bomb (issue 20, item 7)", () => {
  it("is a ScenarioFileError naming the file, not a ReferenceError", () => {
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (let index = 1; index < 9; index++) {
      const name = String.fromCharCode(97 + index);
      const previous = String.fromCharCode(96 + index);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(", ")}]`);
    }
    const result = parseScenario(levels.join("\n"), "bomb.yaml");
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.name).toBe("ScenarioFileError");
      expect(result.error.message).toContain("bomb.yaml");
    }
  });
});

const BOTH_LAYOUTS = `${GOOD.replace("source: test\n", "source: test\nlayouts: [subject, fact]\n")}
perLayout:
  fact:
    title: Tiny, fact layout
    seedFiles:
      editor.md: "---\\nname: editor\\ntype: user\\n---\\nUses Neovim.\\n"
    expect:
      files:
        - path: deploy-host.md
          contains: [Fly.io]
`;

describe("layouts: one scenario, a run per layout", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "memfiles-layouts-"));
    await writeFile(path.join(dir, "tiny.yaml"), BOTH_LAYOUTS);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("gives the first layout the id and the other <id>@<layout>, with its own seeds and expectations", async () => {
    const runs = await loadScenarios(dir);
    expect(
      runs.map((run) => ({
        id: run.id,
        layout: run.layout,
        title: run.title,
        seeds: Object.keys(run.seedFiles),
        files: run.expect.files.map((file) => file.path),
        answer: run.expect.answer?.mentionsAny,
        sessions: run.sessions.length,
        layouts: run.layouts,
      })),
    ).toEqual([
      {
        id: "tiny",
        layout: "subject",
        title: "Tiny",
        seeds: [],
        files: [],
        answer: ["fly"],
        sessions: 1,
        layouts: undefined,
      },
      {
        id: "tiny@fact",
        layout: "fact",
        title: "Tiny, fact layout",
        seeds: ["editor.md"],
        files: ["deploy-host.md"],
        answer: undefined,
        sessions: 1,
        layouts: undefined,
      },
    ]);
    expect((await loadScenario(dir, "tiny@fact")).layout).toBe("fact");
    expect((await loadScenario(dir, "tiny")).layout).toBe("subject");
  });

  it("refuses a run the scenario does not have, and a bad expectation of one layout", async () => {
    await expect(loadScenario(dir, "tiny@other")).rejects.toThrow(/has no run "tiny@other"/);
    const bad = parseScenario(
      BOTH_LAYOUTS.replace("contains: [Fly.io]", "contains: 3"),
      "scenarios/tiny.yaml",
    );
    expect(bad.success).toBe(false);
    expect(bad.success ? "" : bad.error.message).toMatch(
      /perLayout\.fact\.expect\.files\.0\.contains/,
    );
  });
});

describe("perLayout sessions: a layout's own session checks and stages", () => {
  const withSessions = (sessions: string) =>
    `${BOTH_LAYOUTS}    sessions:\n${sessions}`.replace(
      "    after: [write]\n",
      "    after: [write]\n    expect:\n      files: [{ path: topics/tools.md, contains: [Fly.io] }]\n",
    );

  it("replaces the session's expect and after on that layout only; turns and the other layout stay", () => {
    const parsed = parseScenario(
      withSessions(
        "      - expect: { files: [{ path: deploy-host.md, exists: true }] }\n        after: [{ consolidate: { files: 2 } }]\n",
      ),
      "scenarios/tiny.yaml",
    );
    if (!parsed.success) throw parsed.error;
    expect(
      scenarioRuns(parsed.value).map((run) => ({
        id: run.id,
        turns: run.sessions[0]?.turns,
        files: run.sessions[0]?.expect?.files.map((file) => file.path),
        after: run.sessions[0]?.after,
      })),
    ).toEqual([
      {
        id: "tiny",
        turns: [{ user: "I deploy everything on Fly.io" }],
        files: ["topics/tools.md"],
        after: ["write"],
      },
      {
        id: "tiny@fact",
        turns: [{ user: "I deploy everything on Fly.io" }],
        files: ["deploy-host.md"],
        after: [{ consolidate: { threshold: 6000, files: 2 } }],
      },
    ]);
  });

  it("keeps a session's own expect and after under an empty entry", () => {
    const parsed = parseScenario(withSessions("      - {}\n"), "scenarios/tiny.yaml");
    if (!parsed.success) throw parsed.error;
    const fact = scenarioRuns(parsed.value)[1];
    expect([fact?.sessions[0]?.after, fact?.sessions[0]?.expect?.files[0]?.path]).toEqual([
      ["write"],
      "topics/tools.md",
    ]);
  });

  it("refuses a list that does not give one entry per session", () => {
    const bad = parseScenario(withSessions("      - {}\n      - {}\n"), "scenarios/tiny.yaml");
    expect(bad.success ? "" : bad.error.message).toMatch(
      /perLayout\.fact\.sessions: has 2 entries for the scenario's 1 sessions/,
    );
  });
});
