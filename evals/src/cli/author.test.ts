import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TINY_AUTHORED, TINY_SCENARIO, writeTinyScenario } from "../../test/scenario-fixture.js";
import { readRecordingFile, recordingPath, writeRecordingFile } from "../recordings/index.js";
import { runScenarioEpochs } from "../runner/index.js";
import { authorMain } from "./author.js";

describe("author --authored (issue 20, item 7)", () => {
  it("exits 2 naming the folder when --authored does not exist", async () => {
    let errors = "";
    const { exitCode } = await authorMain(["--authored", "/no/such/dir"], {
      out: () => {},
      error: (text) => {
        errors += text;
      },
    });
    expect({ exitCode, named: errors.includes("/no/such/dir") }).toEqual({
      exitCode: 2,
      named: true,
    });
  });
});

describe("author re-authors a cell's epochs", () => {
  const model = "claude-haiku-5-5";
  const slip = "Run `fly deploy` from the service folder (epoch 2 wording).";

  async function setUp() {
    const scenariosDir = await writeTinyScenario();
    const authoredDir = await mkdtemp(join(tmpdir(), "memfiles-authored-"));
    const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
    await writeFile(join(authoredDir, "tiny.yaml"), TINY_AUTHORED);
    const argv = [
      ...["--scenario", "tiny", "--model", model, "--prompt", "extraction@1"],
      ...["--scenarios", scenariosDir, "--authored", authoredDir, "--recordings", recordingsDir],
    ];
    const quiet = { out: () => {}, error: () => {} };
    expect((await authorMain(argv, quiet)).exitCode).toBe(0);
    // Epoch 2: the same replies but another final answer, with a note, as a person writes it.
    const first = await readRecordingFile(
      recordingPath(recordingsDir, model, "extraction@1", "tiny"),
    );
    if (first === undefined) throw new Error("epoch 1 was not written");
    const last = first.entries.at(-1);
    if (last === undefined) throw new Error("no entries");
    const body = last.response.body as { content: { type: string; text?: string }[] };
    const epoch2 = recordingPath(recordingsDir, model, "extraction@1", "tiny", 2);
    await writeRecordingFile(epoch2, {
      ...first,
      epoch: 2,
      note: "another wording of the answer",
      entries: [
        ...first.entries.slice(0, -1),
        {
          ...last,
          response: {
            ...last.response,
            body: { ...body, content: [{ type: "text", text: slip }] },
          },
        },
      ],
    });
    // The scenario's question changes: every recorded question request is stale now.
    await writeFile(
      join(scenariosDir, "tiny.yaml"),
      TINY_SCENARIO.replace(
        "How should I deploy this new service?",
        "How should I deploy this new service today?",
      ),
    );
    return { argv, scenariosDir, recordingsDir, epoch2 };
  }

  const replayBoth = (scenariosDir: string, recordingsDir: string) =>
    runScenarioEpochs({
      scenarioId: "tiny",
      model,
      extractionPrompt: "extraction@1",
      mode: "replay",
      recordingsDir,
      scenariosDir,
    });

  it("writes epoch 2 again from its own replies and note, so every epoch replays after a change", async () => {
    const { argv, scenariosDir, recordingsDir, epoch2 } = await setUp();
    let out = "";
    const { exitCode, cells } = await authorMain(argv, {
      out: (text) => {
        out += text;
      },
      error: () => {},
    });
    const rewritten = await readRecordingFile(epoch2);
    const results = await replayBoth(scenariosDir, recordingsDir);
    expect({
      exitCode,
      epochs: cells.map((cell) => [cell.epoch, cell.sameOnReplay]),
      note: rewritten?.note,
      epoch: rewritten?.epoch,
      asksNewQuestion: JSON.stringify(rewritten?.entries.at(-1)?.request).includes(
        "service today?",
      ),
      replayed: results.map((result) => ({ error: result.error, answer: result.answer })),
    }).toEqual({
      exitCode: 0,
      epochs: [
        [1, true],
        [2, true],
      ],
      note: "another wording of the answer",
      epoch: 2,
      asksNewQuestion: true,
      replayed: [
        {
          error: undefined,
          answer: "Run `fly launch`, then `fly deploy` from the service folder.",
        },
        { error: undefined, answer: slip },
      ],
    });
    expect(out).toContain("| tiny     | claude-haiku-5-5 | extraction@1 | 2     |");
  });

  it("refuses an epoch its own replies cannot answer, leaving its file as it was and saying why", async () => {
    const { argv, epoch2 } = await setUp();
    const before = await readRecordingFile(epoch2);
    if (before === undefined) throw new Error("no epoch 2");
    // Epoch 2 loses its final answer: the question's second chat call has no reply of its own.
    await writeRecordingFile(epoch2, { ...before, entries: before.entries.slice(0, -1) });
    const text = await readFile(epoch2, "utf8");
    let errors = "";
    const { exitCode } = await authorMain(argv, {
      out: () => {},
      error: (line) => {
        errors += line;
      },
    });
    expect({
      exitCode,
      unchanged: (await readFile(epoch2, "utf8")) === text,
      says: errors.includes("tiny [claude-haiku-5-5, extraction@1, epoch 2]: not re-authored, so"),
      names: errors.includes("tiny.epoch-2.json is left as it was"),
    }).toEqual({ exitCode: 1, unchanged: true, says: true, names: true });
  });
});
