import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type RecordingFile,
  readRecordingFile,
  serializeRecordingFile,
  writeRecordingFile,
} from "./recording-file.js";
import { RecordingFileError } from "./recording-file-error.js";

const recording: RecordingFile = {
  provenance: "authored",
  model: "claude-haiku-4-5",
  usageMethod: "ceil(chars / 4)",
  scenario: "remember",
  extractionPrompt: "extraction@1",
  entries: [
    {
      key: "a".repeat(64),
      occurrence: 1,
      step: "session 1: write",
      request: { model: "claude-haiku-4-5", max_tokens: 10, messages: [] },
      response: { status: 200, body: { type: "message", id: "msg_1" } },
    },
  ],
};

describe("recording files", () => {
  it("serializes with a fixed field order, sorted bodies, 2 spaces and a trailing newline", () => {
    const text = serializeRecordingFile(recording);
    expect(text.endsWith("}\n")).toBe(true);
    expect(Object.keys(JSON.parse(text))).toEqual([
      "provenance",
      "model",
      "usageMethod",
      "scenario",
      "extractionPrompt",
      "entries",
    ]);
    expect(text).toContain(
      '"request": {\n        "max_tokens": 10,\n        "messages": [],\n        "model"',
    );
    expect(text).toContain('"body": {\n          "id": "msg_1",\n          "type": "message"');
  });

  it("writes, reads back and rewrites byte for byte", async () => {
    const dir = await mkdtemp(join(tmpdir(), "memfiles-recording-file-"));
    const file = join(dir, "claude-haiku-4-5", "extraction@1", "remember.json");
    await writeRecordingFile(file, recording);
    const first = await readFile(file, "utf8");
    const read = await readRecordingFile(file);
    expect(read).toEqual(recording);
    await writeRecordingFile(file, read as RecordingFile);
    expect(await readFile(file, "utf8")).toBe(first);
  });

  it("reads a missing file as undefined", async () => {
    const dir = await mkdtemp(join(tmpdir(), "memfiles-recording-file-"));
    expect(await readRecordingFile(join(dir, "none.json"))).toBeUndefined();
  });

  it.each([
    ["not JSON", "{", "it is not JSON"],
    ["a bad field", JSON.stringify({ ...recording, provenance: "guessed" }), "→ at provenance"],
    [
      "a recorded file without date",
      JSON.stringify({ ...recording, provenance: "recorded", usageMethod: undefined }),
      "→ at date",
    ],
  ])("refuses %s with the file and the field", async (_name, text, expected) => {
    const dir = await mkdtemp(join(tmpdir(), "memfiles-recording-file-"));
    const file = join(dir, "bad.json");
    await writeFile(file, text);
    const error = await readRecordingFile(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RecordingFileError);
    expect((error as Error).message).toContain(`Recording file ${file} is invalid: `);
    expect((error as Error).message).toContain(expected);
  });
});
