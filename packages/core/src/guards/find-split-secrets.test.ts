import { describe, expect, it } from "vitest";
import { findSplitSecrets } from "./find-split-secrets.js";

// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const KEY = ["AKI", "A", "Q2E4KQ7XY5ZB3MN6"].join("");
const HEAD = `aws key ${KEY.slice(0, 9)}`;
const TAIL = `${KEY.slice(9)} is the rest`;

describe("findSplitSecrets", () => {
  it.each<[string, string[], "neighbours" | "every", number[]]>([
    ["neighbours in order", [HEAD, TAIL], "neighbours", [0, 1]],
    ["neighbours, the second half first", [TAIL, HEAD], "neighbours", []],
    ["every pair, the second half first", [TAIL, HEAD], "every", [0, 1]],
    ["every pair, halves apart", [HEAD, "deploys on Fly.io", TAIL], "every", [0, 2]],
    ["every pair, nothing split", ["deploys on Fly.io", "I deploy on Fly.io"], "every", []],
  ])("%s", async (_name, texts, join, spanned) => {
    const found = await findSplitSecrets(texts, { join });
    expect([...found.keys()].sort()).toEqual(spanned);
    for (const index of spanned) {
      expect(found.get(index)?.kinds).toEqual(["aws_access_key_id"]);
      expect(found.get(index)?.redacted).not.toMatch(/AKIA|7XY5ZB3MN6/);
    }
  });
});
