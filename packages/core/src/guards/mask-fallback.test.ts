import { describe, expect, it, vi } from "vitest";
import type { CheckSecretsResult } from "./check-secrets.js";
import { maskEachChecked } from "./mask-secrets.js";

// A check that finds one "K" a call and masks only it: a text of n K's needs n rounds, so each
// side of the round limit has its row. (One text of the secret corpus reaches the fallback with
// the real check: masked-stays-masked.test.ts.)
vi.mock("./check-secrets.js", () => ({
  checkSecretsOfEach: async (writes: readonly (readonly string[])[]) =>
    writes.map(([text = ""]): CheckSecretsResult => {
      const at = text.indexOf("K");
      if (at === -1) return { ok: true, code: "clean" };
      const redacted = `${text.slice(0, at)}[redacted]${text.slice(at + 1)}`;
      return { ok: false, code: "secret", kinds: [`k${at}`], redacted: [redacted], split: false };
    }),
}));

describe("maskEachChecked's rounds", () => {
  it.each([
    ["clean", "tea", { text: "tea", kinds: [] }],
    ["found once", "a K", { text: "a [redacted]", kinds: ["k2"] }],
    // Found in the first two checks, clean in the third: shown as masked.
    ["found twice", "K K", { text: "[redacted] [redacted]", kinds: ["k0", "k11"] }],
    // Still found in the third check: the whole text goes.
    ["found three times", "K K K", { text: "[redacted]", kinds: ["k0", "k11", "k22"] }],
    ["found more often", "K K K K K", { text: "[redacted]", kinds: ["k0", "k11", "k22"] }],
  ])("%s", async (_, text, shown) => {
    expect(await maskEachChecked([text])).toEqual([shown]);
  });

  it("takes each text of a call through its own rounds", async () => {
    expect(await maskEachChecked(["K K K", "tea", "a K"])).toEqual([
      { text: "[redacted]", kinds: ["k0", "k11", "k22"] },
      { text: "tea", kinds: [] },
      { text: "a [redacted]", kinds: ["k2"] },
    ]);
  });
});
