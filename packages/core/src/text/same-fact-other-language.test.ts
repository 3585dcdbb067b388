import { describe, expect, it } from "vitest";
import { sameFactOtherLanguage } from "./same-fact-other-language.js";

describe("sameFactOtherLanguage", () => {
  it.each([
    ["works at Siemens since 2019", "arbeitet seit 2019 bei Siemens", true],
    [
      "[stated 2026/09/12] deploys to AWS region eu-west-3",
      "[stated 2026/10/01] 部署在 AWS 的 eu-west-3 区域",
      true,
    ],
    ["I live in Berlin with my partner", "Ich wohne mit meiner Partnerin in Berlin", true],
    ["runs Postgres 16.2", "использует Postgres 16.2", true],
    // The same language, or different values: not a pair.
    ["lives in Berlin", "works in Berlin", false],
    ["works at Siemens since 2019", "arbeitet seit 2021 bei Siemens", false],
    ["deploys to eu-west-3", "deploys to eu-west-3 every Friday", false],
    ["lives in Berlin", "住在柏林", false],
    ["likes tea", "mag Tee", false],
  ])("%j and %j: %s", (a, b, expected) => {
    expect(sameFactOtherLanguage(a, b)).toBe(expected);
  });
});
