import { describe, expect, it } from "vitest";
import { estimateTokens } from "../cost/index.js";
import { writeIndexLine } from "../layouts/subject/write-request.js";
import type { MemoryRow } from "../store/index.js";
import type { Transcript } from "../transcript/index.js";
import { fitMemoryIndex } from "./write-index-budget.js";

function row(path: string, description: string): MemoryRow {
  return { path, name: path.replace(/^.*\//, "").replace(/\.md$/, ""), description, chars: 200 };
}

// 2,000 files of ~30-token lines: ~60,000 tokens of index.
const ROWS: MemoryRow[] = [
  row("preferences.md", "How the user wants answers."),
  row("profile.md", "Who the user is."),
  ...Array.from({ length: 2_000 }, (_, index) =>
    row(
      `topics/subject-${String(index).padStart(4, "0")}.md`,
      `Notes on subject ${index}: what the user uses and prefers, with dates, and when to read this file.`,
    ),
  ),
  row("topics/billing-service.md", "The billing service: invoices, Stripe, retries."),
  row("topics/hosting.md", "Where the user deploys: Fly.io regions and the database."),
].sort((a, b) => (a.path < b.path ? -1 : 1));

const TRANSCRIPT: Transcript = {
  date: "2026-11-29",
  turns: [
    { role: "user", content: "I moved the deploys to Fly.io. Also see topics/subject-1234.md." },
    { role: "assistant", content: "Noted. Anything about the billing service?" },
  ],
};

describe("fitMemoryIndex", () => {
  it("keeps a folder within budget whole", () => {
    const rows = ROWS.slice(0, 50);
    expect(
      fitMemoryIndex({
        rows,
        transcript: TRANSCRIPT,
        maxIndexTokens: 20_000,
        line: writeIndexLine,
      }),
    ).toEqual({
      rows,
      partial: false,
    });
  });

  it("past the budget keeps profile, preferences, named files and the best matches", () => {
    const fitted = fitMemoryIndex({
      rows: ROWS,
      transcript: TRANSCRIPT,
      maxIndexTokens: 2_000,
      line: writeIndexLine,
    });
    const paths = fitted.rows.map((kept) => kept.path);
    expect({
      partial: fitted.partial,
      kept: [
        "preferences.md",
        "profile.md",
        "topics/billing-service.md",
        "topics/hosting.md",
        "topics/subject-1234.md",
      ].filter((path) => paths.includes(path)),
      withinBudget: estimateTokens(fitted.rows.map(writeIndexLine).join("\n")) <= 2_000,
      sortedAsGiven: paths.join() === [...paths].sort().join(),
    }).toEqual({
      partial: true,
      kept: [
        "preferences.md",
        "profile.md",
        "topics/billing-service.md",
        "topics/hosting.md",
        "topics/subject-1234.md",
      ],
      withinBudget: true,
      sortedAsGiven: true,
    });
    expect(fitted.rows.length).toBeGreaterThan(40);
  });

  it("past the budget finds a file by a one-syllable word, as recall's term rule keeps it", () => {
    const dog = row("topics/walks.md", "개 산책 시간");
    const fitted = fitMemoryIndex({
      rows: [...ROWS, dog],
      transcript: {
        date: "2026-11-29",
        turns: [{ role: "user", content: "우리 개 이름은 바둑이" }],
      },
      maxIndexTokens: 2_000,
      line: writeIndexLine,
    });
    expect(fitted.rows.map((kept) => kept.path)).toContain(dog.path);
  });

  it("keeps profile, preferences and the files the transcript names even past the budget", () => {
    const fitted = fitMemoryIndex({
      rows: ROWS,
      transcript: TRANSCRIPT,
      maxIndexTokens: 1,
      line: writeIndexLine,
    });
    expect(fitted.rows.map((kept) => kept.path)).toEqual([
      "preferences.md",
      "profile.md",
      "topics/billing-service.md",
      "topics/subject-1234.md",
    ]);
  });
});
