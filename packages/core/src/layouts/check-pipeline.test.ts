import { describe, expect, it } from "vitest";
import { WRITE_CHECKS, type WriteCheckCode } from "../write/index.js";

// The order of WRITE_CHECKS; every layout runs each row in it (the kit's check pipeline table,
// `test/layout-kit/check-pipeline.ts`).
const ORDER = WRITE_CHECKS.map((check) => check.code);

describe("the table's order is the issue's", () => {
  it("secret, relative date, evidence, support, shape, path, forgotten, target, newer, duplicate, cap, version token", () => {
    const at = (code: WriteCheckCode) => ORDER.indexOf(code);
    const chain: WriteCheckCode[] = [
      "secret",
      "relative_date",
      "evidence_not_from_user",
      "evidence_unrelated",
      "invalid_fact",
      "path_not_allowed",
      "forgotten",
      "replaces_not_found",
      "replaces_newer",
      "duplicate",
      "unparsable_file",
      "consolidation_failed",
      "too_long",
      "version_conflict",
    ];
    expect(chain.map(at)).toEqual([...chain.map(at)].sort((a, b) => a - b));
    expect(new Set(WRITE_CHECKS.map((check) => check.message)).size).toBe(WRITE_CHECKS.length);
  });
});
