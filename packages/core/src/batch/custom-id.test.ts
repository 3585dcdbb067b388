import { describe, expect, it } from "vitest";
import { batchCustomId, CUSTOM_ID_PATTERN } from "./custom-id.js";

describe("batchCustomId", () => {
  it.each([
    { name: "plain", key: "session 1" },
    { name: "long", key: "s".repeat(500) },
    { name: "non-Latin only", key: "会话" },
    { name: "path-like", key: "../../etc/passwd" },
    { name: "empty", key: "" },
  ])("is a valid custom_id for a $name session id", ({ key }) => {
    expect(batchCustomId("write", "/home/me/memory", key)).toMatch(CUSTOM_ID_PATTERN);
  });

  it("tells apart stores, sessions, kinds, and session ids that read alike once made safe", () => {
    const ids = [
      batchCustomId("write", "/a", "session 1"),
      batchCustomId("write", "/b", "session 1"),
      batchCustomId("write", "/a", "session-1"),
      batchCustomId("consolidate", "/a", "session 1"),
      batchCustomId("write", "/a", `${"x".repeat(40)}1`),
      batchCustomId("write", "/a", `${"x".repeat(40)}2`),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    expect(batchCustomId("write", "/a", "session 1")).toBe(ids[0]);
  });
});
