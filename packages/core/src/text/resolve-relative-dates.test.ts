import { describe, expect, it } from "vitest";
import { factSlug, uniqueFactPath } from "./fact-slug.js";
import { resolveRelativeDates } from "./resolve-relative-dates.js";

describe("resolveRelativeDates", () => {
  it.each([
    ["flies to Oslo tomorrow", "flies to Oslo on 2026/09/13"],
    ["started yesterday", "started on 2026/09/11"],
    ["launches in two days", "launches on 2026/09/14"],
    ["moves to Berlin next week", "moves to Berlin in the week of 2026/09/14"],
    ["moved to Fly.io last month", "moved to Fly.io in August 2026"],
    ["retires next year", "retires in 2027"],
    ["must ship by tomorrow", "must ship by 2026/09/13"],
    ["moved 5 years ago", "moved in 2021"],
    ["retires in 2 years", "retires in 2028"],
    // A weekday placed by last/next/this is a day; 2026-09-12 is a Saturday.
    ["visited Rome last Friday", "visited Rome on 2026/09/11"],
    ["starts the new job next Monday", "starts the new job on 2026/09/14"],
    ["sold the car last weekend", "sold the car on the weekend of 2026/09/05"],
    ["hikes next weekend", "hikes on the weekend of 2026/09/19"],
  ])("resolves %j against 2026-09-12", (text, expected) => {
    const result = resolveRelativeDates(text, "2026-09-12");
    expect(result.ok && result.text).toBe(expected);
  });

  it.each([
    ["an absolute date", "moved on 2026/09/01"],
    ["a habit on a weekday", "works from home on Mondays"],
    ["a weekday alone", "goes climbing on Friday"],
    ["a weekday every week", "every Friday she swims"],
    ["'this' and a weekday, past or coming", "met Sam this Tuesday"],
    ["'now'", "uses Neovim now"],
    ["no time at all", "prefers tabs"],
    ["a time of day", "drinks green tea every morning"],
    ["a habit", "calls home every day"],
    ["an evening habit", "reads in the evening"],
    // Spans, not dates (LoCoMo: "married for 5 years" had become "married in 2028").
    ["a duration with 'for'", "Melanie has been married for 5 years."],
    ["a duration in words", "has lived there for three months"],
    ["a span 'over the last'", "painted a lot over the last 3 years"],
    ["a span 'the past'", "for the past two years she painted"],
  ])("leaves %s as written", (_name, text) => {
    expect(resolveRelativeDates(text, "2026-09-12")).toEqual({ ok: true, text, resolved: [] });
  });

  it("refuses a relative time when there is no valid session date", () => {
    expect(resolveRelativeDates("flies to Oslo tomorrow", "someday")).toEqual({
      ok: false,
      code: "no_session_date",
      found: "tomorrow",
      message: expect.stringContaining("Give the transcript its date"),
    });
  });
});

describe("factSlug and uniqueFactPath", () => {
  it.each([
    ["Deploy host (prod)", "deploy-host-prod"],
    ["デプロイ先", "デプロイ先"],
    ["  ---  ", "memory"],
    ["Ｆｕｌｌ width", "full-width"],
  ])("slugs %j as %j", (name, slug) => {
    expect(factSlug(name)).toBe(slug);
  });

  it("suffixes a taken name, compared without case", () => {
    expect(uniqueFactPath("Deploy host", ["Deploy-Host.md", "deploy-host-2.md"])).toBe(
      "deploy-host-3.md",
    );
  });
});
