import type { MemoryStore } from "../src/store/index.js";
import type { WritePassResult } from "../src/write/index.js";
import { writePassSave } from "./write-pass-save.js";

/** What {@link proposeOne} proposes: `fact`, quoting `said`, from a one-turn session on `date`. */
export type ProposeOneOptions = {
  /** `YYYY-MM-DD`; the clock is noon UTC that day. */
  date: string;
  fact: string;
  said: string;
  /** The fact layout's file name and description (default `about the user`, `About the user.`). */
  name?: string;
  description?: string;
};

/**
 * Applies one proposal in the store's layout's shape through its write pass ({@link writePassSave}),
 * the check pipeline with no model: subject, a line of `profile.md`; fact, a fact of type `user`.
 *
 * @example const result = await proposeOne(store, { date: "2026-12-01", fact: "is 43", said: "I am 43" });
 */
export function proposeOne(
  store: MemoryStore,
  options: ProposeOneOptions,
): Promise<WritePassResult> {
  return writePassSave(store, store.layout, {
    ...options,
    name: options.name ?? "about the user",
    description: options.description ?? "About the user.",
  });
}
