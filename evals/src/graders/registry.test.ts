import { describe, expect, it } from "vitest";
import { GRADED_FIELDS, GRADERS, gradeFields } from "./registry.js";

describe("GRADERS", () => {
  it.each(Object.entries(GRADED_FIELDS))(
    "has one grader per %s field of the schema",
    (scope, fields) => {
      const graded = GRADERS.filter((grader) => grader.scope === scope).map(
        (grader) => grader.field,
      );
      expect([...graded].sort()).toEqual([...fields].sort());
    },
  );
});

describe("gradeFields", () => {
  const context = {
    root: "/nowhere",
    answer: "As you mentioned, deploy on Fly.io.",
    seedFiles: {},
    maxChars: 12_000,
    path: "",
  };

  it("grades only the fields asked for, in schema order", async () => {
    const results = await gradeFields(
      "answer",
      {
        mentionsAny: ["Fly.io"],
        mentionsNone: [],
        noNarration: true,
        noQuestionBack: false,
        unrelatedMemory: [],
      },
      context,
    );
    expect(results.map((result) => [result.name, result.pass])).toEqual([
      ['mentions_any("Fly.io")', true],
      ["no_narration", false],
    ]);
  });

  it("grades nothing when nothing is asked", async () => {
    const results = await gradeFields(
      "answer",
      {
        mentionsAny: [],
        mentionsNone: [],
        noNarration: false,
        noQuestionBack: false,
        unrelatedMemory: [],
      },
      context,
    );
    expect(results).toEqual([]);
  });
});

describe("gradeFields: what counts as asked", () => {
  const context = { root: "/nowhere", answer: "", seedFiles: {}, maxChars: 12_000, path: "a.md" };
  const file = {
    contains: [],
    lacks: [],
    everyLineDated: false,
    underCap: false,
    onlyAsPrevious: [],
  };

  it("grades an optional field set to false (exists: false: the file must not exist)", async () => {
    const results = await gradeFields("file", { ...file, exists: false }, context);
    expect(results.map((result) => [result.name, result.pass])).toEqual([
      ["file_absent(a.md)", true],
    ]);
  });

  it("skips a field left at its schema default (false, [])", async () => {
    expect(await gradeFields("file", file, context)).toEqual([]);
  });
});
