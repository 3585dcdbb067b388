import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readMemoryFiles, writeSeedFiles } from "./memory-files.js";

describe("memory files", () => {
  it("writes seed files and reads memory files back, leaving out MEMORY.md and hidden folders", async () => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-runner-"));
    await writeSeedFiles(root, {
      "topics/tools.md": "tools\n",
      "profile.md": "profile\n",
      "MEMORY.md": "index\n",
    });
    await mkdir(join(root, ".memfiles"));
    await writeFile(join(root, ".memfiles", "tombstones.json"), "[]");
    expect(await readMemoryFiles(root)).toEqual({
      "profile.md": "profile\n",
      "topics/tools.md": "tools\n",
    });
  });
});
