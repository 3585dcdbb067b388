import { describe, expect, it } from "vitest";
import { sessionDayTag } from "./session-date.js";

const NOW = new Date("2026-11-29T23:30:00Z");

describe("sessionDayTag", () => {
  it.each([
    ["a session's day", "2026-09-12", "2026/09/12"],
    ["a leap day", "2028-02-29", "2028/02/29"],
    ["a day that does not exist: now's UTC day", "2026-02-30", "2026/11/29"],
    ["no date: now's UTC day", "", "2026/11/29"],
    ["another format: now's UTC day", "12/09/2026", "2026/11/29"],
  ])("%s (%j)", (_name, date, tag) => {
    expect(sessionDayTag({ date, turns: [] }, NOW)).toBe(tag);
  });
});
