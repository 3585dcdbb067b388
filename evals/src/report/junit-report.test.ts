import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { NOTHING_CHECKED } from "../graders/index.js";
import type { ScenarioResult } from "../runner/types.js";
import { buildEvalReport } from "./build-eval-report.js";
import { formatJunitReport } from "./junit-report.js";

const base = {
  extractionPrompt: "extraction@1",
  answer: "",
  files: {},
  calls: [],
  stages: [],
  toolCalls: [],
  durationMs: 1500,
  provenance: [{ kind: "authored", usageMethod: "chars / 4" }],
} satisfies Partial<ScenarioResult>;

const check = (name: string, pass: boolean, reason = "") => ({
  name,
  pass,
  score: pass ? 1 : 0,
  reason,
});

function parse(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    isArray: (name) => ["testsuite", "testcase"].includes(name),
  }).parse(xml) as {
    testsuites: {
      tests: string;
      failures: string;
      errors: string;
      testsuite: {
        name: string;
        tests: string;
        testcase: {
          classname: string;
          name: string;
          file: string;
          time: string;
          failure?: { type: string; message: string; "#text": string };
          error?: { type: string; message: string; "#text": string };
        }[];
      }[];
    };
  };
}

const scenarioFile = (id: string) => `scenarios/${id.split("@")[0]}.yaml`;

describe("formatJunitReport", () => {
  const results: ScenarioResult[] = [
    {
      ...base,
      scenarioId: "remember",
      model: "claude-haiku-5-5",
      pass: true,
      checks: [check("no_narration", true)],
    },
    {
      ...base,
      scenarioId: "remember",
      model: "claude-haiku-5-5",
      epoch: 2,
      pass: false,
      checks: [
        check("no_narration", false, 'narrates memory: "you mentioned"'),
        check('file_contains(topics/tools.md, "Fly.io")', false, "not found"),
      ],
    },
    {
      ...base,
      scenarioId: "forget@fact",
      model: "claude-opus-5-5",
      pass: false,
      checks: [],
      error: { name: "MissingRecordingError", message: "No recording\n  recording file: x.json" },
    },
    { ...base, scenarioId: "empty", model: "claude-opus-5-5", pass: true, checks: [] },
  ];

  it("writes one test case per scenario x model x prompt x epoch, failures with every reason", () => {
    const xml = formatJunitReport([buildEvalReport(results, "extraction@1")], { scenarioFile });
    const { testsuites } = parse(xml);
    expect([testsuites.tests, testsuites.failures, testsuites.errors]).toEqual(["4", "2", "1"]);
    const [suite] = testsuites.testsuite;
    expect(suite?.name).toBe("pnpm eval extraction@1");
    expect(
      suite?.testcase.map((item) => [item.classname, item.name, item.file, item.time]),
    ).toEqual([
      [
        "remember",
        "remember on claude-haiku-5-5, extraction@1, epoch 1 of 2",
        "scenarios/remember.yaml",
        "1.500",
      ],
      [
        "remember",
        "remember on claude-haiku-5-5, extraction@1, epoch 2 of 2",
        "scenarios/remember.yaml",
        "1.500",
      ],
      [
        "forget@fact",
        "forget@fact on claude-opus-5-5, extraction@1, epoch 1 of 1",
        "scenarios/forget.yaml",
        "1.500",
      ],
      [
        "empty",
        "empty on claude-opus-5-5, extraction@1, epoch 1 of 1",
        "scenarios/empty.yaml",
        "1.500",
      ],
    ]);
    const [passing, failing, broken, empty] = suite?.testcase ?? [];
    expect(passing?.failure).toBeUndefined();
    expect(failing?.failure).toEqual({
      type: "check",
      message: '2 check(s) failed: no_narration: narrates memory: "you mentioned"',
      "#text":
        'no_narration: narrates memory: "you mentioned"\nfile_contains(topics/tools.md, "Fly.io"): not found',
    });
    expect(broken?.error).toEqual({
      type: "MissingRecordingError",
      message: "No recording",
      "#text": "No recording\n  recording file: x.json",
    });
    expect(empty?.failure?.["#text"]).toBe(NOTHING_CHECKED);
  });

  it("passes an epoch's slip in a cell that met its minPassRate, with the reasons as output", () => {
    const slip = results.slice(0, 2).map((result) => ({ ...result, minPassRate: 0.5 }));
    const { testsuites } = parse(
      formatJunitReport([buildEvalReport(slip, "extraction@1")], { scenarioFile }),
    );
    expect([testsuites.tests, testsuites.failures, testsuites.errors]).toEqual(["2", "0", "0"]);
    const second = testsuites.testsuite[0]?.testcase[1] as Record<string, unknown>;
    expect(second.failure).toBeUndefined();
    expect(second["system-out"]).toContain('no_narration: narrates memory: "you mentioned"');
  });

  it.each([
    ["ampersand", "a & b"],
    ["less than", "a < b"],
    ["greater than", "a > b"],
    ["double quote", 'say "hi"'],
    ["apostrophe", "it's"],
    ["CDATA end", "]]> done"],
    ["an entity-looking text", "&amp; &lt;"],
    ["non-ASCII and emoji", "Zürich 東京 🚀"],
  ])("keeps %s in names, attributes and text as written", (_, text) => {
    const report = buildEvalReport(
      [{ ...base, scenarioId: text, model: text, pass: false, checks: [check(text, false, text)] }],
      text,
    );
    const xml = formatJunitReport([report], { scenarioFile: () => text });
    const testcase = parse(xml).testsuites.testsuite[0]?.testcase[0];
    expect(testcase?.classname).toBe(text);
    expect(testcase?.file).toBe(text);
    expect(testcase?.failure?.message).toBe(`1 check(s) failed: ${text}: ${text}`);
    expect(testcase?.failure?.["#text"]).toBe(`${text}: ${text}`);
  });

  it.each([
    ["a terminal colour code", "\u001b[31mred\u001b[0m", "\uFFFD[31mred\uFFFD[0m"],
    ["a NUL", "a\u0000b", "a\uFFFDb"],
    ["a lone surrogate", "a\uD800b", "a\uFFFDb"],
  ])("replaces %s, which XML cannot hold, so the file stays readable", (_, reason, shown) => {
    const report = buildEvalReport(
      [{ ...base, scenarioId: "x", model: "m", pass: false, checks: [check("c", false, reason)] }],
      "extraction@1",
    );
    const testcase = parse(formatJunitReport([report], { scenarioFile })).testsuites.testsuite[0]
      ?.testcase[0];
    expect(testcase?.failure?.["#text"]).toBe(`c: ${shown}`);
  });
});
