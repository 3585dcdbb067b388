import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { remember } from "../layouts/index.js";
import { MemoryStore } from "./memory-store.js";
import { decodeText } from "./text-encoding.js";

const CR_FILE =
  "---\rname: cr\rdescription: old mac line endings\rupdated: 2026/11/01\r---\r[stated 2026/11/01] likes vim\r";

describe("CR-only line breaks (classic Mac OS)", () => {
  it("reads them as line breaks and keeps them on write", async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-cr-")), "memory");
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(root, "topics/cr.md"), CR_FILE);
    const store = new MemoryStore({ root });
    const row = (await store.list()).find((candidate) => candidate.path === "topics/cr.md");
    expect(row?.description).toBe("old mac line endings");
    expect(row?.problems ?? []).toEqual([]);
    const result = await remember({
      store,
      path: "topics/cr.md",
      fact: "also likes oolong",
      now: new Date("2026-11-20T10:00:00Z"),
    });
    expect(result).toMatchObject({ ok: true, code: "applied" });
    const text = await readFile(join(root, "topics/cr.md"), "utf8");
    expect(text).not.toContain("\n");
    expect(text).toBe(
      "---\rname: cr\rdescription: old mac line endings\rupdated: 2026/11/20\r---\r[stated 2026/11/01] likes vim\r[stated 2026/11/20] also likes oolong\r",
    );
  });

  it("leaves CRLF and LF text as it is", () => {
    expect(decodeText(Buffer.from("a\r\nb\r\n"))).toEqual({
      ok: true,
      text: "a\r\nb\r\n",
      encoding: "utf-8",
    });
  });
});
