import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { budgetedRecall } from "../recall/index.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { forget } from "./forget.js";

// Forget on a file a person saved in another encoding: a file memfiles writes (UTF-8 with a BOM and
// CRLF, UTF-16 with its BOM) loses the line and keeps its encoding; a file it only reads leniently
// (Latin-1, a cut-off character) is deleted when the forget takes it whole, else left byte for byte
// with the fix. Either way recall no longer shows the fact.
const QUERY = "Café Müller";

const SUBJECT = [
  "---",
  "name: drinks",
  "description: what the user drinks",
  "---",
  "[stated 2026/01/01] drinks coffee at Café Müller",
  "[stated 2026/01/02] drinks green tea",
  "",
].join("\n");
const FACTS = [
  "---",
  "name: Drinks",
  "description: What the user drinks.",
  "type: user",
  "---",
  "The user drinks coffee at Café Müller.",
  "The user drinks green tea.",
  "",
].join("\n");
const ONE_FACT = [
  "---",
  "name: Cafe",
  "description: Where the user drinks coffee.",
  "type: user",
  "---",
  "Der Nutzer trinkt Kaffee im Café Müller.",
  "",
].join("\n");

const ENCODINGS = {
  "UTF-16 LE": (text: string) => Buffer.from(`\uFEFF${text}`, "utf16le"),
  "UTF-16 BE": (text: string) => Buffer.from(`\uFEFF${text}`, "utf16le").swap16(),
  "UTF-8 BOM + CRLF": (text: string) => Buffer.from(`\uFEFF${text.replaceAll("\n", "\r\n")}`),
  "Latin-1": (text: string) => Buffer.from(text, "latin1"),
  // Valid UTF-8 with one Latin-1 byte: read as UTF-8 with U+FFFD, so no encoding fits it whole.
  "UTF-8 with a Latin-1 byte": (text: string) => {
    const [head = "", ...rest] = text.split("drinks");
    return Buffer.concat([
      Buffer.from(`${head}drinks`),
      Buffer.from([0xe9]),
      Buffer.from(rest.join("drinks")),
    ]);
  },
} as const;
type Encoding = keyof typeof ENCODINGS;

// What a row leaves: the file deleted, unchanged, or rewritten (its BOM and line breaks, and which
// of the two facts it still holds); whether forget says why it kept a line; whether recall shows it.
type Outcome = {
  file: "deleted" | "unchanged" | { bom: string; crlf: boolean; forgotten: boolean; kept: boolean };
  reasons: string[];
  recalled: boolean;
};

const REWRITTEN = (bom: string, crlf = false) => ({ bom, crlf, forgotten: false, kept: true });
const FIX = ["then forget again"];
const REFUSED: Outcome = { file: "unchanged", reasons: FIX, recalled: false };

const CASES: Array<[Encoding, StoreLayout, string, Outcome]> = [
  ["UTF-16 LE", "subject", SUBJECT, { file: REWRITTEN("fffe"), reasons: [], recalled: false }],
  ["UTF-16 LE", "fact", FACTS, { file: REWRITTEN("fffe"), reasons: [], recalled: false }],
  ["UTF-16 BE", "subject", SUBJECT, { file: REWRITTEN("feff"), reasons: [], recalled: false }],
  ["UTF-16 BE", "fact", FACTS, { file: REWRITTEN("feff"), reasons: [], recalled: false }],
  [
    "UTF-8 BOM + CRLF",
    "subject",
    SUBJECT,
    { file: REWRITTEN("efbbbf", true), reasons: [], recalled: false },
  ],
  [
    "UTF-8 BOM + CRLF",
    "fact",
    FACTS,
    { file: REWRITTEN("efbbbf", true), reasons: [], recalled: false },
  ],
  ["Latin-1", "fact", ONE_FACT, { file: "deleted", reasons: [], recalled: false }],
  ["Latin-1", "fact", FACTS, REFUSED],
  ["Latin-1", "subject", SUBJECT, REFUSED],
  [
    "UTF-8 with a Latin-1 byte",
    "fact",
    ONE_FACT,
    { file: "deleted", reasons: [], recalled: false },
  ],
  ["UTF-8 with a Latin-1 byte", "fact", FACTS, REFUSED],
  ["UTF-8 with a Latin-1 byte", "subject", SUBJECT, REFUSED],
];

describe("forget on files saved in other encodings", () => {
  it.each(CASES)("%s, %s layout: %j", async (encoding, layout, text, expected) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-forget-encoding-")), "memory");
    const path = layout === "subject" ? "topics/drinks.md" : "drinks.md";
    const file = join(root, path);
    await mkdir(join(file, ".."), { recursive: true });
    const bytes = ENCODINGS[encoding](text);
    await writeFile(file, bytes);
    const store = new MemoryStore({ root, layout });

    const result = await forget({ store, query: QUERY });
    const recall = await budgetedRecall({ store, query: "Where does the user drink coffee?" });

    expect({
      file: outcomeOf(existsSync(file) ? await readFile(file) : undefined, bytes),
      reasons: [...new Set((result.notRemoved ?? []).map((line) => fixOf(line.reason)))],
      recalled: recall.note.includes("Müller"),
    }).toEqual(expected);
  });
});

function outcomeOf(after: Buffer | undefined, before: Buffer): Outcome["file"] {
  if (after === undefined) return "deleted";
  if (after.equals(before)) return "unchanged";
  const bom = ["efbbbf", "fffe", "feff"].find((mark) => after.toString("hex").startsWith(mark));
  const text =
    bom === "fffe"
      ? after.toString("utf16le")
      : bom === "feff"
        ? Buffer.from(after).swap16().toString("utf16le")
        : after.toString("utf8");
  return {
    bom: bom ?? "",
    crlf:
      text.split("\n").length > 1 && text.split("\n").length - 1 === text.split("\r\n").length - 1,
    forgotten: text.includes("Müller"),
    kept: text.includes("green tea"),
  };
}

// The reason's fix, the part every not-text reason shares.
function fixOf(reason: string): string {
  return reason.endsWith(FIX[0] ?? "") ? (FIX[0] ?? "") : reason;
}
