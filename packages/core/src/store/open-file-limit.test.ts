import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectBuilt } from "../../test/fixtures/built-dist.js";

const here = dirname(fileURLToPath(import.meta.url));
const CHILD = join(here, "..", "..", "test", "fixtures", "list-child.mjs");
const OPEN_FILE_LIMIT = 200;
const FILES = 1_000;

let sandbox: string;

beforeAll(() => expectBuilt(["core", "errors"]));

beforeEach(async () => {
  sandbox = await mkdtemp(join(tmpdir(), "memfiles-open-files-"));
});

afterEach(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

// Starts a real Node process (plain node on the built store) under a lowered open-file limit,
// which alone takes 1-3 s on a loaded 2-CPU machine; 60 s is a guard against hangs, not a speed
// assertion.
describe("MemoryStore.list under a low open-file limit", { timeout: 60_000 }, () => {
  it(`lists ${FILES} files completely on the first call with ulimit -n ${OPEN_FILE_LIMIT}`, async () => {
    const root = join(sandbox, "memory");
    await mkdir(join(root, "topics"), { recursive: true });
    for (let index = 0; index < FILES; index++) {
      await writeFile(
        join(root, "topics", `subject-${index}.md`),
        `---\nname: subject-${index}\ndescription: "Notes on subject #${index}."\n---\n[stated 2026/09/12] fact ${index}\n`,
      );
    }
    const { stdout } = await promisify(execFile)(
      "bash",
      [
        "-c",
        `ulimit -n ${OPEN_FILE_LIMIT} && exec "$0" --conditions=memfiles-dist "$1" "$2"`,
        process.execPath,
        CHILD,
        root,
      ],
      { cwd: here },
    );
    expect(JSON.parse(stdout)).toEqual({ rows: FILES, unreadable: 0 });
  });
});
