/**
 * `pnpm --filter @memfiles/prompts lock`: adds new prompt versions to prompts.lock.json. Refuses
 * (exit 1, nothing written) when a released prompt was edited or deleted.
 */
import { existsSync } from "node:fs";
import { listPrompts } from "./get-prompt.js";
import { emptyLock, LOCK_FILE, readLock, updateLock, writeLock } from "./lock.js";

const lock = existsSync(LOCK_FILE) ? readLock() : emptyLock();
const result = updateLock(lock, listPrompts());
if (!result.ok) {
  for (const { key, locked, current } of result.edited) {
    console.error(`${key}: text changed (locked sha256 ${locked}, now ${current}).`);
  }
  for (const key of result.missing) console.error(`${key}: released, but its file is gone.`);
  console.error(
    "Released prompts never change. Restore the released text (git restore packages/prompts/prompts/) " +
      "and put your change in a new version file (<id>@<next version>.md). Nothing was written.",
  );
  process.exitCode = 1;
} else if (result.added.length === 0) {
  console.log("prompts.lock.json is up to date; no new prompt versions.");
} else {
  writeLock(result.lock);
  console.log(`Locked ${result.added.length} new version(s): ${result.added.join(", ")}.`);
}
