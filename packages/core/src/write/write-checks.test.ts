import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { remember } from "../layouts/index.js";
import { LAYOUT_NAMES, MemoryStore } from "../store/index.js";
import { checkFactShape, isWriteCheckCodeWithout, refuse, WRITE_CHECKS } from "./write-checks.js";

describe("checkFactShape", () => {
  it.each([
    ["a plain fact", "likes red and blue", { ok: true }],
    [
      "a fact body with line breaks and a tab",
      "Deploys on Fly.io.\r\n**Why:**\tthe team moved.",
      { ok: true },
    ],
    [
      "a colour escape sequence",
      "likes \u001b[31mred\u001b[0m",
      {
        ok: false,
        problem:
          "it holds a control character (U+001B), which a terminal showing the file would run as a command; a fact is plain text",
      },
    ],
    [
      "a bell",
      "rings \u0007 bells",
      {
        ok: false,
        problem:
          "it holds a control character (U+0007), which a terminal showing the file would run as a command; a fact is plain text",
      },
    ],
    [
      "a C1 control (CSI)",
      "clears \u009b2J the screen",
      {
        ok: false,
        problem:
          "it holds a control character (U+009B), which a terminal showing the file would run as a command; a fact is plain text",
      },
    ],
    ["a placeholder", "N/A", { ok: false, problem: '"N/A" is a placeholder, not a fact' }],
  ])("%s", (_, text, expected) => {
    expect(checkFactShape(text, 300)).toEqual(expected);
  });
});

describe("a refusal of a huge fact", () => {
  it.each(LAYOUT_NAMES)(
    "quotes its head and length, not the whole fact (%s layout)",
    async (layout) => {
      const root = await mkdtemp(join(tmpdir(), "memfiles-huge-fact-"));
      const store = new MemoryStore({ root, layout });
      const path = layout === "subject" ? "topics/notes.md" : "notes.md";
      // Words: one run past 1,000 chars would be a long token, refused as a secret and quoted
      // as [redacted] (decision 0125).
      const fact = `${"word ".repeat(39_999)}words`;
      const result = await remember({ store, path, fact });
      expect(result.ok).toBe(false);
      const message = result.ok ? "" : result.message;
      expect({
        short: message.length < 500,
        head: message.includes(`"${fact.slice(0, 100)}`),
      }).toEqual({ short: true, head: true });
      expect(message).toContain("(200000 chars)");
    },
  );

  it("names a short fact whole", () => {
    expect(refuse("invalid_fact", { what: '"N/A"', problem: "it is a placeholder" }).message).toBe(
      'Refused "N/A": it is a placeholder.',
    );
  });
});

describe("the codes a run without some inputs can refuse with", () => {
  const codesWithout = (inputs: Parameters<typeof isWriteCheckCodeWithout>[1]) =>
    WRITE_CHECKS.map((check) => check.code).filter((code) => isWriteCheckCodeWithout(code, inputs));

  it.each([
    [
      "remember (no transcript, tombstones or consolidation)",
      ["transcript", "tombstones", "consolidation"] as const,
      [
        "secret",
        "relative_date",
        "invalid_fact",
        "path_not_allowed",
        "replaces_not_found",
        "same_subject",
        "replaces_newer",
        "conflicts_with",
        "updates_kept_line",
        "duplicate",
        "unparsable_file",
        "too_long",
        "version_conflict",
      ],
    ],
    [
      "a run without a consolidation",
      ["consolidation"] as const,
      WRITE_CHECKS.map((check) => check.code).filter((code) => code !== "consolidation_failed"),
    ],
    ["a write pass (every input)", [] as const, WRITE_CHECKS.map((check) => check.code)],
  ])("%s", (_, inputs, expected) => {
    expect(codesWithout(inputs)).toEqual(expected);
  });
});
