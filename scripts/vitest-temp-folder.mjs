// Vitest global setup shared by every package's tests: each run works in one temporary folder of
// its own (TMPDIR for the test workers and every process they start) and removes it at the end.
// Tests make thousands of memory folders (one per row, some with a git repository), and a run
// that left them behind filled the disk of a machine that runs the suite many times a day.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PREFIX = "memfiles-test-run-";

/** Makes the run's folder and points TMPDIR at it; returns the teardown that removes it. */
export default async function setup() {
  // A config with projects runs this once for the root and once per project: one folder serves all.
  if (process.env.MEMFILES_TEST_RUN_FOLDER !== undefined) return () => {};
  const before = process.env.TMPDIR;
  await removeFoldersOfEndedRuns(tmpdir());
  // The run's process id in the name: a later run knows whether this one still runs.
  const folder = await mkdtemp(join(tmpdir(), `${PREFIX}${process.pid}-`));
  process.env.TMPDIR = folder;
  process.env.MEMFILES_TEST_RUN_FOLDER = folder;
  return async () => {
    delete process.env.MEMFILES_TEST_RUN_FOLDER;
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    // A detached write pass a test started may still be writing: retry instead of failing the run.
    await rm(folder, { recursive: true, force: true, maxRetries: 5 });
  };
}

// A run stopped by Ctrl-C or a crash never reaches its teardown: the next run removes its folder
// once no process of that id is alive (a live one, even another program reusing the id, is left).
async function removeFoldersOfEndedRuns(parent) {
  const names = await readdir(parent).catch(() => []);
  for (const name of names) {
    const pid = Number(/^memfiles-test-run-(\d+)-/.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid <= 0 || alive(pid)) continue;
    await rm(join(parent, name), { recursive: true, force: true, maxRetries: 5 });
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return error?.code === "EPERM";
  }
}
