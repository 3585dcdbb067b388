import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { remember } from "./index.js";

// A fact that updates a stored line of its file (other numbers, a unit written on or apart, the
// other polarity) replaces that line through `remember` (the CLI's and the MCP server's), in both
// layouts: never both kept; the fact layout's description memfiles wrote from the old line follows.
// The write pass's side is update-by-value.test.ts.
const NOW = new Date("2026-12-01T12:00:00Z");
const CASES = [
  ["a dose", "takes 50 mg of sertraline", "takes 100 mg of sertraline"],
  ["a dose, unit written on", "takes 50mg of ibuprofen", "takes 100mg of ibuprofen"],
  ["a unit written on, then apart", "weighs 80kg", "weighs 78.5 kg"],
  ["a denial, then the fact", "I haven't been to Japan", "has been to Japan"],
] as const;

const FILE: Record<StoreLayout, { path: string; text: (fact: string) => string }> = {
  subject: {
    path: "topics/health.md",
    text: (fact) =>
      `---\nname: health\ndescription: The user's health.\nupdated: 2026/09/01\n---\n[stated 2026/09/01] ${fact}\n`,
  },
  fact: {
    path: "health.md",
    text: (fact) =>
      `---\nname: health\ndescription: ${fact}. Read when this matters to the answer.\ntype: user\nupdated: 2026/09/01\n---\n${fact}\n`,
  },
};

type Surface = (store: MemoryStore, layout: StoreLayout, fact: string) => Promise<unknown>;

const SURFACES: [string, Surface][] = [
  [
    "remember",
    (store, layout, fact) => remember({ store, path: FILE[layout].path, fact, now: NOW }),
  ],
];

const cases = (["subject", "fact"] as const).flatMap((layout) =>
  SURFACES.flatMap(([surface, write]) =>
    CASES.map(([name, old, fact]) => ({ layout, surface, write, name, old, fact })),
  ),
);

describe.each(cases)("$name, $surface ($layout layout)", ({ layout, write, old, fact }) => {
  it("replaces the stored line", async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-update-line-")), "memory");
    const path = join(root, FILE[layout].path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, FILE[layout].text(old));
    await write(new MemoryStore({ root, layout }), layout, fact);
    const body = (await readFile(path, "utf8")).split("---\n")[2] ?? "";
    expect(body.trim().replace(/^\[stated [^\]]*\] /, "")).toBe(fact);
    if (layout === "fact") {
      expect(await readFile(path, "utf8")).toContain(`description: ${fact}. Read when`);
    }
  });
});
