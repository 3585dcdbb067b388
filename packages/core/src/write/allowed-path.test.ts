import { describe, expect, it } from "vitest";
import { describeNewFile, isAllowedWritePath } from "./allowed-path.js";

describe("isAllowedWritePath", () => {
  it.each([
    ["profile.md", true],
    ["preferences.md", true],
    ["topics/tools.md", true],
    ["projects/billing-api.md", true],
    ["people/sam.md", true],
    ["topics/2026-trips.md", true],
    ["MEMORY.md", false],
    ["notes.md", false],
    ["topics/dev/tools.md", false],
    ["topics/Tools.md", false],
    ["topics/dev_tools.md", false],
    ["topics/-tools.md", false],
    ["topics/tools.txt", false],
    ["../../x.md", false],
    ["/etc/profile.md", false],
    ["topics/.md", false],
  ])("%s -> %s", (path, allowed) => {
    expect(isAllowedWritePath(path)).toBe(allowed);
  });
});

describe("describeNewFile", () => {
  it.each([
    [
      "topics/home-cooking.md",
      {
        name: "home-cooking",
        description:
          "What the user stated about home cooking. Read for any question about home cooking.",
      },
    ],
    [
      "projects/billing-api.md",
      {
        name: "billing-api",
        description:
          "The user's project billing api and what they stated about it. Read for any question about billing api.",
      },
    ],
  ])("%s", (path, header) => {
    expect(describeNewFile(path)).toEqual(header);
  });
});
