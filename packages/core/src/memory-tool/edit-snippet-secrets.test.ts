import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  SHOWN_SECRET_CASES,
  type ShownSecretCase,
  shownSecretFolder,
} from "../../test/shown-secret-cases.js";
import { MemoryStore } from "../store/index.js";
import { DEFAULT_MAX_CHARS } from "../store/memory-row.js";
import { memfilesMemoryTool } from "./memory-tool.js";

// The memory tool's answer to an edit shows the lines around it (`snippet`): a line a person wrote
// with a secret beside the line the model removed (a forget) or replaced is shown as `view` shows
// it, `[redacted]` (decision 0088). The cases whose secret is in the file's text, both layouts;
// a file over the cap (a long token's) takes only an edit that shrinks it, a replaced line is
// refused for its size.
const CASES = (["subject", "fact"] as const).flatMap((layout) =>
  SHOWN_SECRET_CASES.filter(
    (testCase) => !testCase.hidden.some((secret) => testCase.path(layout).includes(secret)),
  ).flatMap((testCase) =>
    (["removed", "replaced"] as const)
      .filter((edit) => edit === "removed" || fileChars(testCase, layout) <= DEFAULT_MAX_CHARS)
      .map(
        (edit) => [`${testCase.name}, a line ${edit} (${layout})`, layout, testCase, edit] as const,
      ),
  ),
);

function fileChars(testCase: ShownSecretCase, layout: "subject" | "fact"): number {
  return testCase.files(layout)[testCase.path(layout)]?.length ?? 0;
}

describe("the memory tool's edit snippet never shows a secret a person wrote", () => {
  it.each(CASES)("%s", async (_name, layout, testCase, edit) => {
    const root = await shownSecretFolder(testCase, layout);
    const path = testCase.path(layout);
    await appendFile(join(root, path), "likes green tea\n");
    const tool = memfilesMemoryTool({ store: new MemoryStore({ root, layout }) });
    const answer = await tool.run({
      command: "str_replace",
      path: `/memories/${path}`,
      old_str: "likes green tea",
      new_str: edit === "removed" ? "" : "likes black tea",
    });
    expect(answer).toMatch(/has been edited/);
    for (const secret of testCase.hidden) expect(answer).not.toContain(secret);
    if (testCase.clean) expect(answer).toContain("deploy runs on Fly.io");
  });
});
