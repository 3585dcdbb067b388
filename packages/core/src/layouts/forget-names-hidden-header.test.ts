import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { LAYOUT_NAMES } from "../store/index.js";
import { FIELD_HIDDEN_REASON, forget, previewForget } from "./forget.js";
import { findForgottenLines } from "./index.js";

// A new user's trial (decision 0108): `forget cello` removed "plays the cello on Sundays" and left
// the hand-written description "Cello practice on Sundays, and other music.", which every surface
// kept showing while the preview said nothing of it. The tombstone now hides it (it holds the
// query and part of the removed line); the preview and the forget's result name it, and `check`
// finds it. A description naming only the topic is not named.
const DESCRIBED = "Cello practice on Sundays, and other music.";
const file = (layout: string, description: string) => {
  const body =
    layout === "subject"
      ? "[stated 2026/12/01] plays the cello on Sundays\n[stated 2026/12/01] likes jazz\n"
      : "- plays the cello on Sundays\n- likes jazz\n";
  const type = layout === "fact" ? "type: user\n" : "";
  return `---\nname: hobbies\ndescription: ${description}\n${type}---\n${body}`;
};

describe.each(LAYOUT_NAMES)("a header left by a forget, %s layout", (layout) => {
  const path = layout === "subject" ? "topics/hobbies.md" : "hobbies.md";
  it.each([
    ["the query and part of the removed line", DESCRIBED, true],
    ["only the query's word", "Cello lessons and other music.", false],
  ])("%s", async (_name, description, named) => {
    const store = await tempStore(layout);
    await store.write(path, file(layout, description), "new");
    const hidden = { path, line: `description: ${description}`, reason: FIELD_HIDDEN_REASON };
    const preview = await previewForget({ store, query: "cello" });
    expect(preview.notRemoved ?? []).toEqual(named ? [hidden] : []);
    // The fact layout's forget writes a file's description anew from the facts left in it, so
    // after it no header holds the words; the subject layout's leaves the header as written.
    const left = named && layout === "subject";
    const result = await forget({ store, query: "cello" });
    expect({ code: result.code, notRemoved: result.notRemoved ?? [] }).toEqual({
      code: "removed",
      notRemoved: left ? [hidden] : [],
    });
    const found = (await findForgottenLines(store)).map(({ path, line }) => ({ path, line }));
    expect(found).toEqual(left ? [{ path, line: 3 }] : []);
    const read = await store.read(path);
    expect(read.exists && read.content.includes(description)).toBe(layout === "subject");
  });
});
