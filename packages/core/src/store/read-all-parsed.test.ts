import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { safeParseMemoryFile } from "../format/index.js";
import { LAYOUT_NAMES } from "./layout-names.js";

// Files as people leave them: each one's bytes, written as given.
const FILES: Array<[string, string | Buffer]> = [
  ["profile.md", "---\nname: profile\ndescription: Who.\n---\n[stated 2026/09/01] likes tea\n"],
  [
    "topics/crlf.md",
    "---\r\nname: crlf\r\ndescription: Windows.\r\n---\r\n[stated 2026/09/01] x\r\n",
  ],
  ["topics/bom.md", "\uFEFF---\nname: bom\ndescription: A mark.\n---\n[stated 2026/09/01] y\n"],
  ["topics/cr.md", "---\rname: cr\rdescription: Old Mac.\r---\r[stated 2026/09/01] z\r"],
  [
    "topics/utf16.md",
    Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(
        "---\nname: utf16\ndescription: 中文\n---\n[stated 2026/09/01] 喝茶\n",
        "utf16le",
      ),
    ]),
  ],
  ["topics/yaml.md", '---\nname: "quoted: name"\ndescription: |\n  block\n---\nprose\n'],
  ["topics/no-header.md", "just a line a person typed\n"],
  ["topics/bad-header.md", "---\nname: [unclosed\n---\n[stated 2026/09/01] w\n"],
  ["topics/not-text.md", Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0xc3, 0x28, 0x0a])],
  ["deploy_host.md", "---\nname: Deploy host\ndescription: Where.\ntype: project\n---\nFly.io.\n"],
];

describe.each(LAYOUT_NAMES)("readAll's parses (%s layout)", (layout) => {
  it("are each file's own parse, for every file whose header parses", async () => {
    const store = await tempStore(layout);
    for (const [path, bytes] of FILES) {
      await mkdir(join(store.root, path, ".."), { recursive: true });
      await writeFile(join(store.root, path), bytes);
    }
    const { files, parsed } = await store.readAll();
    expect(files.size).toBeGreaterThan(0);
    // A write pass takes these in place of parsing each text itself: they must be that parse.
    const expected = [...files].flatMap(([path, read]) => {
      const own = safeParseMemoryFile(read.content, { path });
      return own.success ? [[path, own.value] as const] : [];
    });
    expect(expected.length).toBeGreaterThan(0);
    expect([...(parsed ?? new Map())].sort(([a], [b]) => (a < b ? -1 : 1))).toEqual(
      expected.sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  });
});
