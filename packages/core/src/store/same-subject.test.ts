import { describe, expect, it } from "vitest";
import { findSameSubject, type SubjectFile } from "./same-subject.js";

const file = (path: string, name: string, description: string): SubjectFile => ({
  path,
  name,
  description,
});

describe("findSameSubject", () => {
  it.each([
    {
      case: "a second name in parentheses",
      files: [file("people/bob.md", "bob", "Bob (Robert Chen), the user's manager")],
      path: "people/robert-chen.md",
      expected: { path: "people/bob.md", subject: "robert chen" },
    },
    {
      case: "the name a renamed file kept",
      files: [file("topics/food.md", "cooking", "What the user stated about cooking.")],
      path: "topics/cooking.md",
      expected: { path: "topics/food.md", subject: "cooking" },
    },
    {
      case: "a description head, case and punctuation folded",
      files: [file("projects/api.md", "api", "Billing-API: the user's billing service")],
      path: "projects/billing-api.md",
      expected: { path: "projects/api.md", subject: "billing api" },
    },
    {
      case: "a word further into a description",
      files: [file("topics/food.md", "food", "Food and cooking notes")],
      path: "topics/cooking.md",
      expected: undefined,
    },
    {
      case: "another person the description names",
      files: [file("people/bob.md", "bob", "Bob, Ana's husband")],
      path: "people/ana.md",
      expected: undefined,
    },
    {
      case: "a file of another folder",
      files: [file("topics/bob.md", "bob", "Bob (Robert Chen)")],
      path: "people/robert-chen.md",
      expected: undefined,
    },
  ])("$case", ({ files, path, expected }) => {
    expect(findSameSubject(files, { path, names: [] })).toEqual(expected);
  });

  it("follows MEMORY.md to a file a person renamed whose name is not its old path's", () => {
    const files = [file("topics/baking.md", "Sourdough", "Loaves the user bakes.")];
    const index = "- [Sourdough](topics/bread.md) — Loaves the user bakes.\n";
    const wanted = { path: "topics/bread.md", names: [] };
    expect(findSameSubject(files, wanted, index)).toEqual({
      path: "topics/baking.md",
      subject: "sourdough",
    });
    expect(findSameSubject(files, wanted, "")).toBeUndefined();
  });
});
