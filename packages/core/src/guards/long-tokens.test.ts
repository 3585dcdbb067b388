import { describe, expect, it } from "vitest";
import { checkSecrets } from "./check-secrets.js";
import { LONG_TOKEN_CHARS, withOpaqueTokens } from "./long-tokens.js";
import { maskSecrets } from "./mask-secrets.js";
import { mayHoldSecret } from "./secret-screen.js";

// Long runs without a space a person may paste into a memory file (decision 0125). The secret
// patterns read each run from every start to its end, so each shape once cost seconds to minutes
// of CPU per text: the test's timeout is the guard, no time is measured. `kind` is what the check
// finds: a run with a letter or a digit is one opaque `long_token`; a run of only signs or emoji is
// no secret by the rule of what is none (`secretReach`); Chinese and Japanese prose, written
// without spaces, is no token and is read by the patterns as it is.
const GITHUB = `${"ghp"}_${"a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"}`;
const SHAPES: Array<[name: string, text: string, kind: string | undefined]> = [
  ["45,000 letters", "a".repeat(45_000), "long_token"],
  ["a base64 blob", Buffer.alloc(33_750, "memfiles").toString("base64"), "long_token"],
  ["200 KB of a=b& pairs", "a=b&".repeat(50_000), "long_token"],
  [
    "a long URL",
    `https://example.com/search?${Array.from({ length: 4_000 }, (_, at) => `k${at}=v${at}`).join("&")}`,
    "long_token",
  ],
  ["50,000 digits", "1234567890".repeat(5_000), "long_token"],
  ["a line of dashes", "-".repeat(45_000), undefined],
  ["a run of emoji", "😀".repeat(22_500), undefined],
  ["Japanese without spaces", "漢字と仮名の文。".repeat(5_000), undefined],
];

describe("a long run without a space is screened as one unit, in time", () => {
  it.each(SHAPES)("%s", async (_, run, kind) => {
    const line = `[stated 2026/12/07] likes tea\n${run}\nprefers tabs`;
    const checked = await checkSecrets({ texts: [line] });
    expect(checked.ok ? undefined : checked.kinds).toEqual(kind === undefined ? undefined : [kind]);
    // A text the check finds something in is one the screen sends to it.
    if (kind !== undefined) expect(mayHoldSecret(line)).toBe(true);
    const shown = (await maskSecrets(line)).text;
    expect(shown).toBe(
      kind === undefined ? line : "[stated 2026/12/07] likes tea\n[redacted]\nprefers tabs",
    );
  });
});

describe("a long token hides no secret beside it", () => {
  it("finds a key before a long token and masks each at its place", async () => {
    const token = "b".repeat(LONG_TOKEN_CHARS + 1);
    const text = `token ${GITHUB} then ${token} and ${GITHUB}.`;
    const checked = await checkSecrets({ texts: [text] });
    expect(checked).toMatchObject({
      ok: false,
      redacted: ["token [redacted] then [redacted] and [redacted]."],
    });
  });

  it("reads a token of the limit's length as it is", async () => {
    const text = `blob ${"b".repeat(LONG_TOKEN_CHARS)} kept`;
    expect(withOpaqueTokens(text)).toBeUndefined();
    expect((await checkSecrets({ texts: [text] })).ok).toBe(true);
  });

  it("maps a range back across the tokens it replaced", () => {
    const token = "c".repeat(LONG_TOKEN_CHARS + 5);
    const opaque = withOpaqueTokens(`${token} x ${token} y`);
    expect(opaque?.text).toBe("[redacted] x [redacted] y");
    expect(opaque?.tokens).toEqual([
      { start: 0, end: token.length },
      { start: token.length + 3, end: 2 * token.length + 3 },
    ]);
    // "y", a finding inside the second placeholder, and one spanning "x" into it.
    expect(opaque?.original({ start: 24, end: 25 })).toEqual({
      start: 2 * token.length + 4,
      end: 2 * token.length + 5,
    });
    expect(opaque?.original({ start: 15, end: 17 })).toEqual({
      start: token.length + 3,
      end: 2 * token.length + 3,
    });
    expect(opaque?.original({ start: 11, end: 14 })).toEqual({
      start: token.length + 1,
      end: 2 * token.length + 3,
    });
  });
});
