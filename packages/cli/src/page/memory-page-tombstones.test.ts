import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import { afterEach, describe, expect, it } from "vitest";
import { type MemoryPage, startMemoryPage } from "./memory-page-server.js";

// The memory page is the person's view: a tombstone file it cannot read whole is shown as
// `check` reports it (`tombstones_unreadable`, with its line), and the files are still listed;
// on `main` the page's GET /api/memory failed whole (decision 0107).
let page: MemoryPage | undefined;
afterEach(async () => {
  await page?.close();
  page = undefined;
});

const SOUND = `{"version":2,"tombstones":[\n{"date":"2026/12/01","facts":[],"query":"r5tv6b2q"}\n]}\n`;

describe("the memory page and a damaged tombstone file", () => {
  it.each([
    ["a sound file", SOUND, []],
    ["cut off", SOUND.slice(0, 40), [2]],
    ["a number for a date", SOUND.replace('"2026/12/01"', "7"), [2]],
    ["YAML", "version: 2\ntombstones: []\n", [1]],
    // Decision 0115: only a missing file holds no tombstones; a key given twice says two things.
    ["empty", "", [1]],
    ["white space only", "  \n\n", [1]],
    ["a second tombstones list", `${SOUND.trimEnd().slice(0, -1)},"tombstones":[]}\n`, [3]],
    ["a second query in a tombstone", SOUND.replace('"query":', '"query":"","query":'), [2]],
  ] as const)("%s", async (_name, text, lines) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-page-tombstones-")), "memory");
    await mkdir(join(root, ".memfiles"), { recursive: true });
    await writeFile(
      join(root, "profile.md"),
      "---\nname: profile\ndescription: who the user is\n---\n[stated 2026/12/01] works as a nurse\n",
    );
    await writeFile(join(root, ".memfiles/tombstones.json"), text);
    page = await startMemoryPage({ store: new MemoryStore({ root }) });
    const response = await fetch(`http://127.0.0.1:${page.port}/api/memory?token=${page.token}`, {
      headers: { origin: `http://127.0.0.1:${page.port}` },
    });
    const body = (await response.json()) as {
      files: Array<{ path: string }>;
      problems: Array<{ code: string; line: number; message: string }>;
    };
    // A description edit is a write: refused while the file cannot be read (decision 0121).
    const before = await readFile(join(root, "profile.md"), "utf8");
    const { version } = await new MemoryStore({ root }).read("profile.md");
    const edit = await fetch(`http://127.0.0.1:${page.port}/api/description?token=${page.token}`, {
      method: "POST",
      headers: { origin: `http://127.0.0.1:${page.port}`, "content-type": "application/json" },
      body: JSON.stringify({ file: "profile.md", version, description: "the user, at work" }),
    });
    const edited = (await edit.json()) as { code: string };
    expect({
      status: response.status,
      edit: edited.code,
      descriptionKept: (await readFile(join(root, "profile.md"), "utf8")) === before,
      files: body.files.map((file) => file.path),
      // Each line once: a cut-off tombstone is broken JSON and a tombstone with no hash.
      problems: [...new Set(body.problems.map((problem) => `${problem.code}:${problem.line}`))],
      kept: (await readFile(join(root, ".memfiles/tombstones.json"), "utf8")) === text,
    }).toEqual({
      status: 200,
      edit: lines.length === 0 ? "saved" : "tombstone_file_invalid",
      descriptionKept: lines.length > 0,
      files: ["profile.md"],
      problems: lines.map((line) => `tombstones_unreadable:${line}`),
      kept: true,
    });
  });
});
