import { describe, expect, it } from "vitest";
import { listPrompts } from "./get-prompt.js";
import { checkLock, emptyLock, readLock, updateLock } from "./lock.js";
import type { PromptInfo } from "./prompt-file.js";
import { sha256Hex } from "./prompt-file.js";

describe("prompts.lock.json", () => {
  it("matches every released prompt text", () => {
    const { edited, missing } = checkLock(readLock(), listPrompts());
    expect(
      edited,
      "Released prompts never change: restore the released text and add a new version " +
        "(<id>@<next version>.md), then run `pnpm --filter @memfiles/prompts lock`.",
    ).toEqual([]);
    expect(missing, "Released prompts are never deleted: restore the file.").toEqual([]);
  });

  it("locks every prompt file", () => {
    expect(
      checkLock(readLock(), listPrompts()).unlocked,
      "A prompt version is not locked yet: run `pnpm --filter @memfiles/prompts lock`.",
    ).toEqual([]);
  });
});

describe("updateLock", () => {
  const prompt = (id: string, version: number, text: string): PromptInfo => ({
    id,
    version,
    text,
    sha256: sha256Hex(text),
    date: "2026-11-29",
    changes: "test",
  });
  const locked = {
    ...emptyLock(),
    prompts: { "extraction@1": sha256Hex("one"), "base@1": sha256Hex("base") },
  };

  it("adds new versions and keeps the released ones", () => {
    const result = updateLock(locked, [
      prompt("extraction", 1, "one"),
      prompt("extraction", 2, "two"),
      prompt("base", 1, "base"),
    ]);
    expect(result).toEqual({
      ok: true,
      added: ["extraction@2"],
      lock: {
        note: emptyLock().note,
        prompts: {
          "base@1": sha256Hex("base"),
          "extraction@1": sha256Hex("one"),
          "extraction@2": sha256Hex("two"),
        },
      },
    });
  });

  it("refuses to change a released entry", () => {
    const result = updateLock(locked, [
      prompt("extraction", 1, "one, edited"),
      prompt("base", 1, "base"),
    ]);
    expect(result).toEqual({
      ok: false,
      edited: [
        { key: "extraction@1", locked: sha256Hex("one"), current: sha256Hex("one, edited") },
      ],
      missing: [],
    });
  });

  it("refuses to drop a released entry whose file is gone", () => {
    expect(updateLock(locked, [prompt("base", 1, "base")])).toEqual({
      ok: false,
      edited: [],
      missing: ["extraction@1"],
    });
  });
});
