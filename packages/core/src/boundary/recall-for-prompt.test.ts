import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import type { MemoryStore } from "../store/memory-store.js";
import { memoryBlock, recallForPrompt } from "./recall-for-prompt.js";

const subjectFile = (name: string, description: string, lines: string[]) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n${lines.join("\n")}\n`;

async function folder(): Promise<MemoryStore> {
  const store = await tempStore();
  await store.write(
    "people/marta.md",
    subjectFile("Marta", "The user's sister.", [
      "[stated 2026/05/08] moved to Lisbon last spring",
      "[stated 2026/06/01] works as an architect",
    ]),
    "new",
  );
  await store.write(
    "projects/billing.md",
    subjectFile("billing", "The billing service.", [
      "[stated 2026/06/02] Marta reviews the billing invoices",
    ]),
    "new",
  );
  await store.write(
    "profile.md",
    subjectFile("profile", "Who the user is.", ["[stated 2026/05/08] lives in Porto"]),
    "new",
  );
  return store;
}

describe("recallForPrompt", () => {
  it("recalls by folder path or store alike, fenced, within the budget", async () => {
    const store = await folder();
    const byRoot = await recallForPrompt({ root: store.root, query: "Where does Marta live?" });
    const byStore = await recallForPrompt({ store, query: "Where does Marta live?" });
    expect(byRoot).toEqual(byStore);
    expect(byRoot.units[0]).toMatchObject({
      path: "people/marta.md",
      text: "moved to Lisbon last spring",
      date: "2026/05/08",
    });
    expect(byRoot.text.startsWith("<recalled_memory>")).toBe(true);
    expect(byRoot.tokens).toBeLessThanOrEqual(2_000);
  });

  it("leaves out another project's lines unless the scope names it", async () => {
    const store = await folder();
    const outside = await recallForPrompt({ store, query: "billing invoices" });
    const inside = await recallForPrompt({ store, query: "billing invoices", scope: "billing" });
    expect(outside.units.map((unit) => unit.path)).not.toContain("projects/billing.md");
    expect(inside.units.map((unit) => unit.path)).toContain("projects/billing.md");
  });

  it("does not show again a unit whose key is excluded", async () => {
    const store = await folder();
    const first = await recallForPrompt({ store, query: "Marta Lisbon architect" });
    const shown = new Set(first.units.map((unit) => unit.key));
    const second = await recallForPrompt({
      store,
      query: "Marta Lisbon architect",
      exclude: shown,
    });
    expect(first.units.length).toBeGreaterThan(0);
    expect(second.units.filter((unit) => shown.has(unit.key))).toEqual([]);
  });

  it("gives an edited unit a new key", async () => {
    const store = await folder();
    const before = await recallForPrompt({ store, query: "architect" });
    const current = await store.read("people/marta.md");
    if (!current.exists) throw new Error("missing fixture");
    await store.write(
      "people/marta.md",
      current.content.replace("an architect", "a civil architect"),
      current.version,
    );
    const after = await recallForPrompt({ store, query: "architect" });
    expect(after.units[0]?.key).not.toBe(before.units[0]?.key);
  });
});

describe("memoryBlock", () => {
  it("holds the index and the profile, fenced, within the budget", async () => {
    const store = await folder();
    const block = await memoryBlock({ root: store.root });
    expect(block.text).toContain("<memory>");
    expect(block.text).toContain("lives in Porto");
    expect(block.text).toContain("people/marta.md");
    expect(block.text).not.toContain("projects/billing.md");
    expect(block.tokens).toBeLessThanOrEqual(12_000);
  });

  it("cuts the index to fit a small budget, and is empty when nothing fits", async () => {
    const store = await folder();
    const full = await memoryBlock({ store, scope: "billing" });
    const cut = await memoryBlock({ store, scope: "billing", budgetTokens: full.tokens - 1 });
    expect(cut.tokens).toBeLessThan(full.tokens);
    expect(cut.text).toContain("lives in Porto");
    expect(await memoryBlock({ store, budgetTokens: 10 })).toEqual({
      text: "",
      tokens: 0,
      masked: 0,
    });
  });
});
