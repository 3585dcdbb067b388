import { describe, expect, it } from "vitest";
import { parseLayoutOption } from "../src/layout.js";

describe("parseLayoutOption", () => {
  it("reads subject, fact and auto; refuses anything else with invalid_server_options", () => {
    expect(parseLayoutOption(undefined)).toBe("auto");
    expect(parseLayoutOption("fact")).toBe("fact");
    expect(() => parseLayoutOption("facts")).toThrow(
      expect.objectContaining({ code: "invalid_server_options" }),
    );
  });
});
