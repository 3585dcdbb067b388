import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findTombstoneProblems } from "../layouts/find-forgotten-lines.js";
import { forgottenUnitCheck } from "../recall/forgotten-units.js";
import { MemoryStore } from "../store/index.js";
import { readTombstones } from "./tombstones.js";

// What stands in the tombstone file's place decides, in one place (`readTombstoneText`), for the
// strict readers (every write), recall, and `check`'s lenient reader (decision 0121).
const SOUND =
  '{"version":2,"tombstones":[\n{"date":"2026/12/01","facts":[],"query":"r5tv6b2q"}\n]}\n';

const PLACES: Array<[string, (root: string) => Promise<void>, "refused" | "none"]> = [
  [
    "a link in place of the file",
    async (root) => {
      await writeFile(join(root, "kept.json"), SOUND);
      await symlink(join(root, "kept.json"), join(root, ".memfiles/tombstones.json"));
    },
    "refused",
  ],
  [
    "a folder in place of the file",
    (root) => mkdir(join(root, ".memfiles/tombstones.json")),
    "refused",
  ],
  [
    ".memfiles a link to the real folder",
    async (root) => {
      await writeFile(join(root, ".memfiles/tombstones.json"), SOUND);
      await rename(join(root, ".memfiles"), join(root, "state"));
      await symlink(join(root, "state"), join(root, ".memfiles"));
    },
    "refused",
  ],
  ["no file", async () => undefined, "none"],
  [
    ".memfiles a plain file",
    async (root) => {
      await rm(join(root, ".memfiles"), { recursive: true });
      await writeFile(join(root, ".memfiles"), "x\n");
    },
    "none",
  ],
];

describe("what stands in the tombstone file's place", () => {
  it.each(PLACES)("%s", async (_name, place, expected) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-tombstone-text-"));
    await mkdir(join(root, ".memfiles"));
    await place(root);
    const store = new MemoryStore({ root, layout: "subject" });
    const said = (run: () => Promise<unknown>) =>
      run().then(
        () => "none",
        (error: Error) => `${error.name}: ${error.message}`,
      );
    const strict = await said(() => readTombstones(store));
    const recall = await said(() => forgottenUnitCheck(store));
    const problems = await findTombstoneProblems(store);
    expect({
      strict: strict.split(":")[0],
      recall: recall.split(":")[0],
      check: problems.map((problem) => problem.line),
      saysRemove: /(^|[.:] )(Remove|Delete|rm) /.test(`${strict} ${problems[0]?.fix ?? ""}`),
    }).toEqual(
      expected === "refused"
        ? {
            strict: "TombstoneFileError",
            recall: "TombstoneFileError",
            check: [1],
            saysRemove: false,
          }
        : { strict: "none", recall: "none", check: [], saysRemove: false },
    );
  });
});
