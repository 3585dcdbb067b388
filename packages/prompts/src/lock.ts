import { readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import type { PromptInfo } from "./prompt-file.js";
import { PROMPT_REF } from "./prompt-ref.js";

/** `packages/prompts/prompts.lock.json`: sha256 of every released prompt text. */
export const LOCK_FILE = new URL("../prompts.lock.json", import.meta.url);

const LOCK_NOTE =
  "sha256 of each released prompt text. Released prompts never change: add a new version. " +
  "New versions are added with `pnpm --filter @memfiles/prompts lock`.";

/** The lock file's shape: `prompts` maps `id@version` to the sha256 of its text. */
export const PromptLockSchema = z.strictObject({
  note: z.string(),
  prompts: z.record(z.string().regex(PROMPT_REF), z.string().regex(/^[0-9a-f]{64}$/)),
});
export type PromptLock = z.infer<typeof PromptLockSchema>;

/** A released prompt whose text no longer matches its locked hash. */
export type EditedPrompt = { key: string; locked: string; current: string };

/** Result of comparing the prompt files with the lock. */
export type CheckLockResult = {
  /** Released prompts whose text changed: always a mistake. */
  edited: EditedPrompt[];
  /** Locked versions whose file is gone: released prompts are never deleted either. */
  missing: string[];
  /** Prompt files not in the lock yet (new versions, to be locked). */
  unlocked: string[];
};

/** Result of `updateLock`. */
export type UpdateLockResult =
  | { ok: true; lock: PromptLock; added: string[] }
  | { ok: false; edited: EditedPrompt[]; missing: string[] };

/**
 * Reads and validates the lock file.
 *
 * @param file - Location of the lock; defaults to `packages/prompts/prompts.lock.json`.
 * @returns The parsed lock.
 * @throws {Error} (node or zod) when the file is unreadable or malformed.
 * @example readLock().prompts["extraction@1"] // "3f2a..."
 */
export function readLock(file: URL = LOCK_FILE): PromptLock {
  return PromptLockSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

/**
 * Compares prompt files with the lock.
 *
 * @param lock - The lock as read.
 * @param prompts - Every prompt file, from `listPrompts()`.
 * @returns Edited, missing and unlocked prompts, each as `id@version`, sorted.
 * @example checkLock(readLock(), listPrompts()).edited // [] when nothing released was touched
 */
export function checkLock(lock: PromptLock, prompts: PromptInfo[]): CheckLockResult {
  const current = new Map(
    prompts.map((prompt) => [`${prompt.id}@${prompt.version}`, prompt.sha256]),
  );
  const edited: EditedPrompt[] = [];
  const missing: string[] = [];
  for (const [key, locked] of Object.entries(lock.prompts)) {
    const hash = current.get(key);
    if (hash === undefined) missing.push(key);
    else if (hash !== locked) edited.push({ key, locked, current: hash });
  }
  const unlocked = [...current.keys()].filter((key) => !(key in lock.prompts));
  return { edited: edited.sort(byKey), missing: missing.sort(), unlocked: unlocked.sort() };
}

/**
 * Adds new prompt versions to the lock; never changes or drops an existing entry.
 *
 * @param lock - The lock as read.
 * @param prompts - Every prompt file, from `listPrompts()`.
 * @returns `{ ok: true, lock, added }` with the new lock (keys sorted), or `{ ok: false, edited,
 *   missing }` when a released prompt was edited or deleted (then nothing may be written).
 * @example updateLock(readLock(), listPrompts()) // { ok: true, lock, added: ["extraction@3"] }
 */
export function updateLock(lock: PromptLock, prompts: PromptInfo[]): UpdateLockResult {
  const { edited, missing, unlocked } = checkLock(lock, prompts);
  if (edited.length > 0 || missing.length > 0) return { ok: false, edited, missing };
  const entries: Record<string, string> = { ...lock.prompts };
  for (const prompt of prompts) entries[`${prompt.id}@${prompt.version}`] = prompt.sha256;
  const sorted = Object.fromEntries(Object.entries(entries).sort(([a], [b]) => compareKeys(a, b)));
  return { ok: true, lock: { note: LOCK_NOTE, prompts: sorted }, added: unlocked };
}

/**
 * Writes the lock as stable, pretty JSON with a trailing newline.
 *
 * @param lock - The lock to write.
 * @param file - Target; defaults to `packages/prompts/prompts.lock.json`.
 * @example writeLock(result.lock)
 */
export function writeLock(lock: PromptLock, file: URL = LOCK_FILE): void {
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
}

/** An empty lock, for a first run. */
export function emptyLock(): PromptLock {
  return { note: LOCK_NOTE, prompts: {} };
}

function byKey(a: EditedPrompt, b: EditedPrompt): number {
  return compareKeys(a.key, b.key);
}

function compareKeys(a: string, b: string): number {
  const [idA = "", versionA = "0"] = a.split("@");
  const [idB = "", versionB = "0"] = b.split("@");
  return idA === idB ? Number(versionA) - Number(versionB) : idA < idB ? -1 : 1;
}
