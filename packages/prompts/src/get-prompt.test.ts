import { describe, expect, it } from "vitest";
import { getPrompt, listPrompts } from "./get-prompt.js";
import { parsePromptFile, sha256Hex } from "./prompt-file.js";
import { PromptFileError } from "./prompt-file-error.js";
import { PromptNotFoundError } from "./prompt-not-found-error.js";

describe("getPrompt", () => {
  it.each([
    ["extraction", 1],
    ["extraction", 2],
    ["extraction", 3],
    ["consolidation", 1],
    ["consolidation", 2],
    ["memory-rules", 1],
    ["base", 1],
  ])("returns %s@%i with the hash of its text", (id, version) => {
    const prompt = getPrompt(id, version);
    expect(prompt).toEqual({ id, version, text: prompt.text, sha256: sha256Hex(prompt.text) });
    expect(prompt.text).not.toMatch(/^---/);
    expect(prompt.text.split(/\s+/).length).toBeLessThan(700);
  });

  it("returns the highest version when none is given", () => {
    expect(getPrompt("extraction")).toEqual(getPrompt("extraction", 3));
  });

  it.each([
    ["an unknown id", "summary", undefined, /any version of "summary"/],
    ["an unknown version", "extraction", 9, /"extraction@9"/],
  ])("throws a PromptNotFoundError listing the known prompts for %s", (_, id, version, wanted) => {
    const call = () => getPrompt(id, version);
    expect(call).toThrow(PromptNotFoundError);
    expect(call).toThrow(wanted);
    expect(call).toThrow(
      "Known prompts: base@1, consolidation@1, consolidation@2, extraction@1, extraction@2, extraction@3",
    );
  });

  it("keeps the extraction prompts demanding the tool call (Opus 5.5 gets tool_choice auto)", () => {
    for (const prompt of listPrompts().filter((p) => p.id === "extraction")) {
      expect(prompt.text).toContain("propose_memories tool exactly once");
    }
  });

  it("states the hypothesis of extraction@2 in its front matter", () => {
    const second = listPrompts().find((p) => p.id === "extraction" && p.version === 2);
    expect(second?.hypothesis).toMatch(/worked examples/i);
  });

  it("asks extraction@3 for a new file's description, and null for a file that exists", () => {
    const third = getPrompt("extraction", 3).text;
    expect(third).toContain("- description: only when the file is new");
    expect(third).toContain("null when the file exists");
  });
});

describe("parsePromptFile", () => {
  const good = '---\nid: base\nversion: 1\ndate: "2026-11-29"\nchanges: first\n---\nBe helpful.\n';

  it("reads the front matter and trims the body", () => {
    expect(parsePromptFile("base@1.md", good)).toEqual({
      id: "base",
      version: 1,
      date: "2026-11-29",
      changes: "first",
      text: "Be helpful.",
      sha256: sha256Hex("Be helpful."),
    });
  });

  it("keeps an unquoted date a string", () => {
    const unquoted = good.replace('"2026-11-29"', "2026-11-29");
    expect(parsePromptFile("base@1.md", unquoted).date).toBe("2026-11-29");
  });

  it.each([
    ["a bad file name", "Base.md", good, /name is not/],
    ["no front matter", "base@1.md", "Be helpful.", /front matter block/],
    ["a name/front matter mismatch", "base@2.md", good, /file name says base@2/],
    ["a missing field", "base@1.md", good.replace("changes: first\n", ""), /changes/],
    ["an unknown field", "base@1.md", good.replace("changes:", "owner: me\nchanges:"), /owner/],
    ["an empty body", "base@1.md", good.replace("Be helpful.\n", ""), /body is empty/],
  ])("rejects %s", (_, file, source, problem) => {
    const call = () => parsePromptFile(file, source);
    expect(call).toThrow(PromptFileError);
    expect(call).toThrow(problem);
  });
});
