import { describe, expect, it } from "vitest";
import { detectLayout, parseLayoutOption } from "../src/layout.js";

describe("detectLayout", () => {
  it("is fact when every memory file is a top-level file other than profile.md / preferences.md", () => {
    expect(detectLayout([{ path: "deploy-host.md" }, { path: "editor.md" }])).toBe("fact");
  });
  it("is subject for an empty folder, a file in a folder, or profile.md", () => {
    expect(detectLayout([])).toBe("subject");
    expect(detectLayout([{ path: "deploy-host.md" }, { path: "topics/tools.md" }])).toBe("subject");
    expect(detectLayout([{ path: "profile.md" }])).toBe("subject");
  });
});

describe("parseLayoutOption", () => {
  it("reads subject, fact and auto; refuses anything else with invalid_server_options", () => {
    expect(parseLayoutOption(undefined)).toBe("auto");
    expect(parseLayoutOption("fact")).toBe("fact");
    expect(() => parseLayoutOption("facts")).toThrow(
      expect.objectContaining({ code: "invalid_server_options" }),
    );
  });
});
