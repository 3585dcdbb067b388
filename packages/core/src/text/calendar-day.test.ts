import { describe, expect, it } from "vitest";
import { isCalendarDay } from "./calendar-day.js";

describe("isCalendarDay", () => {
  it.each([
    ["2026-02-28", true],
    ["2024-02-29", true],
    ["2026-02-29", false],
    ["2026-02-30", false],
    ["2026-13-45", false],
    ["2026-00-10", false],
    ["2026-9-1", false],
    ["08/05/2023", false],
    ["", false],
  ])("%j is a calendar day: %s", (text, expected) => {
    expect(isCalendarDay(text)).toBe(expected);
  });
});
