import { access } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { recallForPrompt } from "../boundary/recall-for-prompt.js";
import { checkSecrets, maskSecretsOfEach } from "../guards/index.js";
import { memfilesMemoryTool } from "../memory-tool/memory-tool.js";
import { LAYOUT_NAMES, type StoreLayout } from "../store/index.js";

// A key split over lines with markdown around its halves (a quote, a numbered list, backticks, a
// table's cells, a blank line between, three lines) was saved and recalled raw: the split check
// joined neighbouring lines without their list marker and date tag only (decision 0078). Each row
// is refused by the memory tool in both layouts, found by the check and masked where a
// hand-written file is shown, with its markdown kept. Keys are assembled at run time so the
// repository holds no literal secrets.
const KEYS: Array<[name: string, key: string]> = [
  ["a GitHub token", ["ghp", "_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"].join("")],
  ["an Anthropic key", ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1OpLk8Jh6Gf4Ds2Az"].join("-")],
  ["an AWS secret key", ["wJalrXUtnFEMI/K7MDENG", "/bPxRfiCYzz9KEYexam9le"].join("")],
];

type Shape = (first: string, second: string, third: string) => string;
const SHAPES: Array<[name: string, shape: Shape, kept: string[]]> = [
  ["a quote", (a, b, c) => `> ${a}\n> ${b}${c}`, ["> ", "\n> "]],
  ["a numbered list", (a, b, c) => `1. ${a}\n2. ${b}${c}`, ["1. ", "\n2. "]],
  ["a quoted list", (a, b, c) => `> 1. ${a}\n> 2. ${b}${c}`, ["> 1. ", "\n> 2. "]],
  ["backticks", (a, b, c) => `\`${a}\`\n\`${b}${c}\``, ["`\n`"]],
  ["table cells", (a, b, c) => `| token | ${a} |\n| | ${b}${c} |`, ["| token | ", " |\n| | "]],
  ["a blank line between", (a, b, c) => `${a}\n\n${b}${c}`, ["\n\n"]],
  ["three lines", (a, b, c) => `${a}\n${b}\n${c}`, []],
];

const ROWS = KEYS.flatMap(([keyName, key]) =>
  SHAPES.map(([shapeName, shape, kept]) => {
    const [first, second, third] = [key.slice(0, 14), key.slice(14, 26), key.slice(26)];
    return [
      `${keyName}, ${shapeName}`,
      shape(first, second, third),
      [first, second, third],
      kept,
    ] as const;
  }),
);

async function shownByRecall(layout: StoreLayout, text: string): Promise<string> {
  const store = await tempStore(layout);
  const file = layout === "subject" ? "topics/keys.md" : "keys.md";
  const head = "---\nname: keys\ndescription: Keys of the build server.\n---\n";
  await store.write(file, `${head}keys of the build server\n${text}\n`, "new");
  return (await recallForPrompt({ store, query: "keys of the build server" })).text;
}

describe("a key split over lines with markdown around its halves", () => {
  it.each(ROWS)("%s", async (_, text, parts, kept) => {
    expect((await checkSecrets({ texts: [text] })).ok).toBe(false);
    const [masked] = await maskSecretsOfEach([text]);
    for (const part of parts) expect(masked?.text).not.toContain(part);
    for (const decoration of kept) expect(masked?.text).toContain(decoration);
    for (const layout of LAYOUT_NAMES) {
      const store = await tempStore(layout);
      const created = memfilesMemoryTool({ store }).run({
        command: "create",
        path: "/memories/keys.md",
        file_text: `${text}\n`,
      });
      await expect(created).rejects.toThrow(/secret/);
      await expect(access(join(store.root, "keys.md"))).rejects.toThrow();
      const shown = await shownByRecall(layout, text);
      expect({ layout, masked: shown.includes("[redacted]") }).toEqual({ layout, masked: true });
      for (const part of parts) expect(shown).not.toContain(part);
    }
  });
});
