import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { LAYOUT_NAMES } from "@memfiles/core/internal";
import { expect, it } from "vitest";
import { startInProcess } from "./in-process.js";

const MAX_CHARS = 100;
// Over 16 times the cap: the store does not read it (docs/security.md).
const HUGE = `---\nname: huge\ndescription: Big.\n---\n${"note ".repeat(400)}\n`;
const PATHS = { subject: "topics/huge.md", fact: "huge.md" } as const;

// The server's row of core's table (packages/core/src/store/not-shown.test.ts): `read` refuses a
// file the store did not read with what `memfiles show` says, not as an empty file.
it.each(LAYOUT_NAMES)("read says a file it did not read is not shown (%s)", async (layout) => {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-not-shown-")), "memory");
  const path = PATHS[layout];
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), HUGE);
  const { client, close } = await startInProcess([
    "--root",
    root,
    "--layout",
    layout,
    "--max-chars",
    String(MAX_CHARS),
  ]);
  const result = await client.callTool({ name: "read", arguments: { path } });
  await close();
  expect(result).toEqual({
    content: [
      {
        type: "text",
        text: `Not shown: ${path}: it is ${Buffer.byteLength(HUGE)} bytes, over 16 times the ${MAX_CHARS}-char cap, so it was not read: split it by hand or move it out of the memory folder.`,
      },
    ],
    isError: true,
  });
});

// The server's row of core's not-text table (packages/core/src/store/not-shown.test.ts): `read`
// gives the leniently decoded text with the note every reader adds, of MEMORY.md too.
it.each(
  LAYOUT_NAMES.flatMap((layout) => [
    [layout, { subject: "topics/cafe.md", fact: "cafe.md" }[layout]],
    [layout, "MEMORY.md"],
  ]),
)("read says a file that is not text is shown leniently (%s, %s)", async (layout, path) => {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-not-text-")), "memory");
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(
    join(root, path),
    Buffer.from("---\nname: cafe\ndescription: Caf\xe9.\n---\nCaf\xe9 au lait\n", "latin1"),
  );
  const { client, close } = await startInProcess(["--root", root, "--layout", layout]);
  const result = await client.callTool({ name: "read", arguments: { path } });
  await close();
  const [block] = result.content as Array<{ text: string }>;
  const shown = JSON.parse(block?.text ?? "{}") as { content: string; notText?: string };
  expect(result.isError).toBeFalsy();
  expect(shown.content).toContain("au lait");
  expect(shown.notText).toBe(
    `Not text: ${path}: it is not valid UTF-8 text. Save it as UTF-8 (or UTF-16 with a byte order mark) in your editor. It is shown decoded for display only: some characters may be wrong or missing, and edits to it are refused until it is saved as text.`,
  );
});

// The memory-file resource reads files too: a file it did not read is refused as `read` refuses
// it, and a file that is not text comes with the same note above its text.
it.each(LAYOUT_NAMES)("the memory-file resource says what read says (%s)", async (layout) => {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-resource-")), "memory");
  const huge = PATHS[layout];
  const cafe = { subject: "topics/cafe.md", fact: "cafe.md" }[layout];
  await mkdir(dirname(join(root, huge)), { recursive: true });
  await writeFile(join(root, huge), HUGE);
  await writeFile(
    join(root, cafe),
    Buffer.from("---\nname: cafe\ndescription: Caf\xe9.\n---\nCaf\xe9 au lait\n", "latin1"),
  );
  const { client, close } = await startInProcess([
    "--root",
    root,
    "--layout",
    layout,
    "--max-chars",
    String(MAX_CHARS),
  ]);
  const refused = await client
    .readResource({ uri: `memfiles://memory/${huge}` })
    .catch((error: unknown) => error);
  const shown = await client.readResource({ uri: `memfiles://memory/${cafe}` });
  await close();
  expect(refused).toMatchObject({
    message: expect.stringContaining(
      `Not shown: ${huge}: it is ${Buffer.byteLength(HUGE)} bytes, over 16 times the ${MAX_CHARS}-char cap, so it was not read: split it by hand or move it out of the memory folder.`,
    ),
  });
  const [content] = shown.contents as Array<{ text: string }>;
  expect(content?.text).toMatch(
    new RegExp(
      `^Not text: ${cafe.replace(".", "\\.")}: it is not valid UTF-8 text\\. .*\\n---\\nname: cafe\\n`,
    ),
  );
});
