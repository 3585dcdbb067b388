import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../store/index.js";
import { applyProposals } from "./apply-proposals.js";

// A fact that differs from a line of its file only in its numbers updates that line, or is
// refused naming it when the line is newer than the session.
const HEADER = "---\nname: profile\ndescription: Who the user is.\nupdated: 2026/09/01\n---\n";

async function profileWith(line: string): Promise<MemoryStore> {
  const root = await mkdtemp(join(tmpdir(), "memfiles-update-by-value-"));
  await writeFile(
    join(root, "profile.md"),
    `${HEADER}${line}\n[stated 2026/09/01] lives in Porto\n`,
  );
  return new MemoryStore({ root, layout: "subject" });
}

function propose(store: MemoryStore, date: string, said: string, facts: string[]) {
  return applyProposals({
    store,
    transcript: { date, turns: [{ role: "user", content: said }] },
    now: new Date(`${date}T12:00:00Z`),
    proposals: facts.map((fact) => ({
      file: "profile.md",
      fact,
      evidence: said,
      replaces: null,
      description: null,
    })),
  });
}

const body = async (store: MemoryStore) =>
  (await readFile(join(store.root, "profile.md"), "utf8")).split("---\n")[2];

describe("a fact that changes a stored line's numbers", () => {
  it.each([
    [
      "a dose",
      "takes 50 mg of sertraline every morning",
      "takes 100 mg of sertraline every morning",
      "I now take 100 mg of sertraline every morning",
    ],
    ["a salary", "earns $95,000 a year", "earns $110,000 a year", "I earn $110,000 a year now"],
    ["an age", "is 34", "is 43", "oops, I am 43, not 34"],
  ])("%s: a newer session updates the line and names it", async (_name, old, fact, said) => {
    const store = await profileWith(`[stated 2026/09/01] ${old}`);
    const result = await propose(store, "2026-12-01", said, [fact]);
    expect(result.rejected).toEqual([]);
    expect(result.applied).toMatchObject([
      { path: "profile.md", replaced: [`[stated 2026/09/01] ${old}`] },
    ]);
    expect(await body(store)).toBe(
      `[stated 2026/12/01] ${fact}\n[stated 2026/09/01] lives in Porto\n`,
    );
  });

  it("an older session is refused with conflicts_with, naming the line", async () => {
    const line = "[stated 2026/12/10] takes 100 mg of sertraline every morning";
    const store = await profileWith(line);
    const before = await body(store);
    const said = "I take 50 mg of sertraline every morning";
    const result = await propose(store, "2026-12-01", said, [
      "takes 50 mg of sertraline every morning",
    ]);
    expect(result.applied).toEqual([]);
    expect(result.rejected.map((item) => [item.code, item.message])).toEqual([
      [
        "conflicts_with",
        `Refused "takes 50 mg of sertraline every morning" (stated 2026/12/01): it conflicts with ${JSON.stringify(line)} in profile.md, which a later session stated. The newer value is kept; if the user's own words say otherwise, remember it with replaces.`,
      ],
    ]);
    expect(await body(store)).toBe(before);
  });

  it("within one session the later turn wins", async () => {
    const store = await profileWith("[stated 2026/09/01] has 1 cat");
    const said = "I am 34. Sorry, I mean I am 43.";
    const result = await propose(store, "2026-12-01", said, ["is 34", "is 43"]);
    expect(result.rejected).toEqual([]);
    expect(await body(store)).toBe(
      "[stated 2026/09/01] has 1 cat\n[stated 2026/09/01] lives in Porto\n[stated 2026/12/01] is 43\n",
    );
  });

  it.each([
    ["another unit", "takes 50 mg of sertraline", "takes 50 mcg of sertraline"],
    ["another thing counted", "has 2 kids", "has 3 cats"],
  ])("%s stands beside the line", async (_name, old, fact) => {
    const store = await profileWith(`[stated 2026/09/01] ${old}`);
    const result = await propose(store, "2026-12-01", `I said it: ${fact}`, [fact]);
    expect(result.applied).toMatchObject([{ replaced: [] }]);
  });
});
