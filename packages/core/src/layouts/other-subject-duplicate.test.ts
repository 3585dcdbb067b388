import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { writePassSave } from "../../test/index.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { remember } from "./index.js";

// A duplicate is the same fact about the same subject: the user's "is allergic to shellfish" is
// not a relative's "my sister is allergic to shellfish" kept in that relative's file. Both layouts,
// every surface that adds a fact; the same words in a file of the same subject stay a duplicate.
const NOW = new Date("2026-12-01T12:00:00Z");
const SAID = "I am allergic to shellfish too, like my sister.";

const CASES: Record<
  StoreLayout,
  { held: string; content: string; own: string; fact: string; sameSubject: string }
> = {
  subject: {
    held: "people/sister.md",
    content:
      "---\nname: sister\ndescription: The user's sister.\nupdated: 2026/09/01\n---\n[stated 2026/09/01] my sister is allergic to shellfish\n",
    own: "profile.md",
    fact: "is allergic to shellfish",
    sameSubject: "people/sister.md",
  },
  fact: {
    held: "sister.md",
    content:
      "---\nname: sister\ndescription: The user's sister.\ntype: user\nupdated: 2026/09/01\n---\nmy sister is allergic to shellfish\n",
    own: "allergies.md",
    fact: "is allergic to shellfish",
    sameSubject: "sister.md",
  },
};

async function storeWith(layout: StoreLayout): Promise<MemoryStore> {
  const root = await mkdtemp(join(tmpdir(), "memfiles-other-subject-"));
  const { held, content } = CASES[layout];
  await mkdir(dirname(join(root, held)), { recursive: true });
  await writeFile(join(root, held), content);
  return new MemoryStore({ root, layout });
}

type Surface = (store: MemoryStore, layout: StoreLayout, path: string) => Promise<string>;

const SURFACES: [string, Surface][] = [
  [
    "remember",
    async (store, layout, path) => {
      const result = await remember({ store, path, fact: CASES[layout].fact, now: NOW });
      return result.code;
    },
  ],
  [
    "the write pass",
    async (store, layout, path) => {
      const result = await writePassSave(store, layout, {
        file: path,
        name: path.replace(/\.md$/, ""),
        description: "The user's allergies.",
        fact: CASES[layout].fact,
        said: SAID,
        evidence: "I am allergic to shellfish too",
        now: NOW,
      });
      return result.rejected[0]?.code ?? "applied";
    },
  ],
];

describe.each(["subject", "fact"] as const)("another subject's fact, %s layout", (layout) => {
  it.each(SURFACES)("%s saves the user's own fact", async (_name, write) => {
    const store = await storeWith(layout);
    expect(await write(store, layout, CASES[layout].own)).toBe("applied");
  });
});

describe("the same words in the same subject's file (subject layout)", () => {
  it.each(SURFACES)("%s still refuses them as a duplicate", async (_name, write) => {
    const store = await storeWith("subject");
    expect(await write(store, "subject", CASES.subject.sameSubject)).toBe("duplicate");
  });
});
