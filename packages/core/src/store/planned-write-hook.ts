/**
 * A test seam in the folder store's write and delete: `run` is called once the write is planned
 * (the file read under the lock, its version token matched) and before the steps that precede the
 * rename or unlink (the MEMORY.md record, the temp file and its fsync, the last version check). A
 * test saves the file there as a person's editor would, with no timed race, to show the edit kept
 * and the write refused (`version_conflict`) or redone by its caller. Unset, it costs one property
 * read per write.
 *
 * @example
 * plannedWriteHook.run = async (target) => { await writeFile(`${target}.tmp`, edited); await rename(`${target}.tmp`, target); };
 */
export const plannedWriteHook: { run?: (target: string) => Promise<void> | void } = {};
