import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { LAYOUT_NAMES } from "../store/index.js";
import { layoutNamed } from "./index.js";

// Every name in LAYOUT_NAMES is a layout that runs the conformance kit beside it: a new layout
// cannot skip the guarantees every layout keeps.
describe.each(LAYOUT_NAMES)("the %s layout", (name) => {
  it("is the layout of that name", () => {
    expect(layoutNamed(name).name).toBe(name);
  });

  it("runs the conformance kit (testLayout) in its folder", async () => {
    const test = await readFile(
      new URL(`./${name}/${name}-layout.test.ts`, import.meta.url),
      "utf8",
    );
    expect(test).toMatch(new RegExp(`^testLayout\\(${name}Layout, \\{`, "m"));
  });
});
