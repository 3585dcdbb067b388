import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { proposeOne } from "../../test/propose-one.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";

// A fact that differs from a stored one only in its numbers, without `replaces`, in both layouts:
// from a newer session it updates the stored line (the result names it), from an older one it is
// refused with `conflicts_with`, naming the line. Never both kept.
const CASES = [
  [
    "a dose",
    "takes 50 mg of sertraline every morning",
    "takes 100 mg of sertraline every morning",
    "I now take 100 mg of sertraline every morning",
  ],
  ["a salary", "earns $95,000 a year", "earns $110,000 a year", "I earn $110,000 a year now"],
  ["an age", "is 34", "is 43", "oops, I am 43, not 34"],
] as const;

const STORED: Record<StoreLayout, { path: string; text: (fact: string) => string }> = {
  subject: {
    path: "profile.md",
    text: (fact) =>
      `---\nname: profile\ndescription: Who the user is.\nupdated: 2026/09/01\n---\n[stated 2026/09/01] ${fact}\n[stated 2026/09/01] lives in Porto\n`,
  },
  fact: {
    path: "health.md",
    text: (fact) =>
      `---\nname: health\ndescription: The user's health.\ntype: user\nupdated: 2026/09/01\n---\n${fact}\n`,
  },
};

async function storeWith(layout: StoreLayout, fact: string): Promise<MemoryStore> {
  const root = await mkdtemp(join(tmpdir(), "memfiles-update-by-value-"));
  await writeFile(join(root, STORED[layout].path), STORED[layout].text(fact));
  return new MemoryStore({ root, layout });
}

// In the fact layout, another name than the stored file's: the numbers alone tie the two.
const figure = (fact: string, said: string) => ({
  fact,
  said,
  name: "current figure",
  description: "A figure the user gave.",
});

const cases = (["subject", "fact"] as const).flatMap((layout) =>
  CASES.map(([name, old, fact, said]) => ({ layout, name, old, fact, said })),
);

describe.each(cases)("$name changes by value ($layout layout)", ({ layout, old, fact, said }) => {
  const stored = layout === "subject" ? `[stated 2026/09/01] ${old}` : old;

  it("a newer session updates the stored line and names it", async () => {
    const store = await storeWith(layout, old);
    const result = await proposeOne(store, { date: "2026-12-01", ...figure(fact, said) });
    expect({
      rejected: result.rejected,
      applied: result.applied.map((item) => ({ path: item.path, replaced: item.replaced })),
    }).toEqual({ rejected: [], applied: [{ path: STORED[layout].path, replaced: [stored] }] });
    const text = (await store.read(STORED[layout].path)) as { content: string };
    expect([text.content.includes(fact), text.content.includes(old)]).toEqual([true, false]);
    expect(
      (await readdir(store.root)).filter((file) => file.endsWith(".md") && file !== "MEMORY.md"),
    ).toEqual([STORED[layout].path]);
  });

  it("an older session is refused with conflicts_with, naming the line", async () => {
    const store = await storeWith(layout, old);
    const before = await store.read(STORED[layout].path);
    const result = await proposeOne(store, { date: "2026-08-01", ...figure(fact, said) });
    expect(result.applied).toEqual([]);
    expect(result.rejected.map((item) => item.code)).toEqual(["conflicts_with"]);
    expect(result.rejected[0]?.message).toContain(
      `it conflicts with ${JSON.stringify(stored)} in ${STORED[layout].path}`,
    );
    expect(await store.read(STORED[layout].path)).toEqual(before);
  });
});
