import { describe, expect, it } from "vitest";
import { hashText, sha1Hex } from "./hash-text.js";

describe("hashText", () => {
  it.each([
    ["empty", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["UTF-8", "東京", "130016b2599bf7e5978cae78e528c67f29aa47eaa2490ffedd729df334a2790c"],
  ])("sha256 of %s", (_name, text, hex) => {
    expect(hashText(text)).toBe(hex);
  });
});

describe("sha1Hex", () => {
  it("hashes UTF-8 text", () => {
    expect(sha1Hex("")).toBe("da39a3ee5e6b4b0d3255bfef95601890afd80709");
  });
});
