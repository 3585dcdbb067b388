import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { findForgottenLines } from "./find-forgotten-lines.js";
import { forget } from "./forget.js";

// A new user's trial: a file restored from a backup with its description holding the forgotten
// fact. `check` named its body line but not the `description:` line (decision 0091's header rule),
// so the person was never told of the one surfaces now leave out.
const FACT = "Der Nutzer wohnt in Berlin-Kreuzberg";

const FILES: Array<[layout: StoreLayout, path: string, text: (description: string) => string]> = [
  [
    "subject",
    "profile.md",
    (description) =>
      `---\nname: profile\ndescription: ${description}\n---\n[stated 2026/12/01] ${FACT}\n[stated 2026/12/01] Plays the cello\n`,
  ],
  [
    "fact",
    "home.md",
    (description) =>
      `---\nname: home\ndescription: ${description}\ntype: user\nupdated: 2026/12/01\n---\n${FACT}.\n`,
  ],
];

describe("check names a forgotten fact in a file's description line", () => {
  it.each(
    FILES.flatMap(([layout, path, text]) => [
      { layout, path, text, description: `${FACT}.`, line: 3 },
      // The header's words of what the file is about are no fact: no line (0091's amendment).
      { layout, path, text, description: "Where the user lives", line: undefined },
    ]),
  )("$layout: $description", async ({ layout, path, text, description, line }) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-forgotten-fields-"));
    await mkdir(root, { recursive: true });
    await writeFile(join(root, path), text(description));
    const store = new MemoryStore({ root, layout });
    await forget({ store, query: "wohnt in Berlin" });
    await writeFile(join(root, path), text(description));
    const lines = (await findForgottenLines(store)).map((found) => found.line);
    expect(lines.includes(3)).toBe(line === 3);
    // The body line is named as before.
    expect(lines.some((at) => at > 4)).toBe(true);
  });
});
