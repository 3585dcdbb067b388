import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { remember } from "../layouts/remember.js";
import { describeNewFile, explainRefusedPath, isAllowedWritePath } from "./allowed-path.js";

describe("isAllowedWritePath", () => {
  it.each([
    ["profile.md", true],
    ["preferences.md", true],
    ["topics/tools.md", true],
    ["projects/billing-api.md", true],
    ["projects/caf\u00e9.md", true],
    ["projects/\u9879\u76ee.md", true],
    ["projects/Billing-API.md", false],
    ["topics/caf\u00e9.md", true],
    ["people/jos\u00e9-garc\u00eda.md", true],
    ["topics/\u8336.md", true],
    ["people/Sam.md", false],
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

describe("a refused subject path says what names are, and what to use instead", () => {
  it.each([
    [
      "people/Jos\u00e9 Garc\u00eda.md",
      'A file in people/ is named by lower-case letters and digits (any script) joined by single hyphens, so "Jos\u00e9 Garc\u00eda" is not one: use "people/jos\u00e9-garc\u00eda.md".',
    ],
    [
      "topics/dev_tools.md",
      'A file in topics/ is named by lower-case letters and digits (any script) joined by single hyphens, so "dev_tools" is not one: use "topics/dev-tools.md".',
    ],
    [
      "topics/\u{1f375}.md",
      'A file in topics/ is named by lower-case letters and digits (any script) joined by single hyphens, so "\u{1f375}" is not one, nor does it give one (no letter or digit, too long for the file name topics/<name>.md, or a name Windows reserves): use a name such as "my-app" or "caf\u00e9".',
    ],
    [
      "projects/Caf\u00e9 App.md",
      'A project is named by lower-case letters and digits (any script) joined by single hyphens, so "Caf\u00e9 App" is not one: use "projects/caf\u00e9-app.md".',
    ],
    [
      "projects/cafe\u0301.md",
      'A project is named by lower-case letters and digits (any script) joined by single hyphens, so "cafe\u0301" is not one: use "projects/caf\u00e9.md" (the same letters in Unicode NFKC form).',
    ],
    [
      "projects/\u{1f389}.md",
      'A project is named by lower-case letters and digits (any script) joined by single hyphens, so "\u{1f389}" is not one, nor does it give one (no letter or digit, too long for the file name projects/<name>.md, or a name Windows reserves): use a name such as "my-app" or "caf\u00e9".',
    ],
    [
      "notes/tools.md",
      'Use profile.md, preferences.md, or topics/, projects/ or people/ plus one kebab-case name ending in ".md", such as "topics/home-cooking.md".',
    ],
  ])("%s", async (path, said) => {
    expect(explainRefusedPath(path)).toBe(said);
    const store = await tempStore();
    const result = await remember({ store, path, fact: "likes green tea" });
    expect(result).toMatchObject({
      code: "path_not_allowed",
      message: `Refused "likes green tea": the path ${JSON.stringify(path)} is not one this memory writes. ${said}`,
    });
  });
});
