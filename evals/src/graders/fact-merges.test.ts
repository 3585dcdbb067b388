import type { ConsolidateFactsResult } from "@memfiles/core/internal";
import { describe, expect, it } from "vitest";
import { factMerges } from "./fact-merges.js";

const usage = { input: 0, output: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 };
const merge = {
  files: ["deploy-host.md", "hosting.md"],
  keep: "deploy-host.md",
  name: "deploy host",
  description: "Where the user deploys.",
  body: "Deploys on Railway in Frankfurt.",
  dropped: [{ file: "hosting.md", reason: "superseded" as const }],
};
const ran: ConsolidateFactsResult = {
  ran: true,
  files: 10,
  merged: [
    {
      keep: "editor.md",
      dropped: [{ file: "code-editor.md", reason: "duplicate" }],
      charsBefore: 300,
      charsAfter: 150,
    },
  ],
  refused: [{ code: "invented", merge, message: "the merged text has words (frankfurt)." }],
  usage,
};

describe("factMerges", () => {
  it("passes an applied merge and a refusal the run has", () => {
    const grades = factMerges({ merged: ["editor.md"], refused: ["invented"] }, [ran]);
    expect(grades.map((grade) => [grade.name, grade.pass])).toEqual([
      ["fact_merged(editor.md)", true],
      ["fact_merge_refused(invented)", true],
    ]);
    expect(grades[0]?.reason).toContain("code-editor.md (duplicate)");
  });

  it("fails a merge that was refused, naming the refusal, and a code no merge was refused for", () => {
    const grades = factMerges({ merged: ["deploy-host.md"], refused: ["grew"] }, [ran]);
    expect(grades.every((grade) => !grade.pass && grade.score === 0)).toBe(true);
    expect(grades[0]?.reason).toContain("was refused (invented:");
    expect(grades[1]?.reason).toContain("no merge was refused for grew (refused: invented");
  });

  it("fails every check when consolidation never ran (under the trigger, or no stage)", () => {
    const under: ConsolidateFactsResult = { ran: false, reason: "under_threshold", files: 3 };
    const grades = factMerges({ merged: ["editor.md"], refused: ["invented"] }, [under]);
    expect(grades.map((grade) => grade.pass)).toEqual([false, false]);
    expect(grades[0]?.reason).toBe("consolidateFacts did not run (under_threshold, 3 files)");
    expect(factMerges({ merged: ["editor.md"], refused: [] }, [])[0]?.reason).toBe(
      "the run has no fact-layout consolidate stage",
    );
  });
});
