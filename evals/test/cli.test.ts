import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listPrompts } from "@memfiles/prompts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authorMain } from "../src/cli/author.js";
import { evalMain } from "../src/cli/eval.js";
import { capture } from "./capture-output.js";
import { startFakeAnthropicApi } from "./fake-anthropic-api.js";
import { tinyModel, writeTinyAuthored, writeTinyScenario } from "./scenario-fixture.js";

const RELEASED_EXTRACTION = listPrompts()
  .filter((prompt) => prompt.id === "extraction")
  .map((prompt) => `${prompt.id}@${prompt.version}`);

afterEach(() => {
  vi.unstubAllEnvs();
});

// The up-front checks refuse before anything runs or is written: one authored folder serves them.
let haikuAuthored: ReturnType<typeof authorTiny> | undefined;
const authoredHaiku = () => {
  haikuAuthored ??= authorTiny(["claude-haiku-4-5"]);
  return haikuAuthored;
};

async function authorTiny(models: string[] = []) {
  const scenariosDir = await writeTinyScenario();
  const authoredDir = await writeTinyAuthored();
  const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
  const folders = ["--scenarios", scenariosDir, "--recordings", recordingsDir];
  const { output, sink } = capture();
  const only = models.flatMap((model) => ["--model", model]);
  const authored = await authorMain(
    [...folders, "--authored", authoredDir, "--prompt", "extraction@1", ...only],
    sink,
  );
  return { folders, recordingsDir, authored, output };
}

// Each test runs the author and eval CLIs in-process over whole scenarios for the default models
// (three since issue 11) and every extraction prompt, some through a local HTTP server. Measured:
// ~2.5 s alone with two models, 5-6 s with a second test run on the 2 cores;
// with three models the longest test took 2.2 s at a load average of 10, so the limit is 60 s,
// not vitest's 5 s.
describe("author and eval commands", { timeout: 60_000 }, () => {
  it("authors recordings for the default models that replay to the same results, and eval passes on them", async () => {
    const { folders, recordingsDir, authored, output } = await authorTiny();
    expect(output.error).toBe("");
    expect(authored.exitCode).toBe(0);
    expect(
      authored.cells.map((cell) => [cell.authored.model, cell.authored.pass, cell.sameOnReplay]),
    ).toEqual([
      ["claude-haiku-5-5", true, true],
      ["claude-opus-5-5", true, true],
      ["claude-haiku-4-5", true, true],
    ]);
    const opus = JSON.parse(
      await readFile(join(recordingsDir, "claude-opus-5-5", "extraction@1", "tiny.json"), "utf8"),
    );
    expect(opus.provenance).toBe("authored");
    expect(opus.entries[0].response.body.content[0]).toMatchObject({
      type: "thinking",
      thinking: "",
    });

    const first = capture();
    const jsonFile = join(recordingsDir, "report.json");
    const outDir = join(recordingsDir, "out");
    const historyFile = join(outDir, "runs.jsonl");
    const result = await evalMain(
      [...folders, "--json", jsonFile, "--out", outDir, "--history", historyFile],
      first.sink,
    );
    expect(first.output.error).toBe("");
    // The verdict is the first line; the full tables only with --verbose.
    expect(first.output.out.split("\n")[0]).toBe(
      "memfiles eval: PASS: 3 of 3 cells passed, 3 of 3 epochs (1 scenario x 3 models x extraction@1; a cell is one scenario x model x prompt over its epochs)",
    );
    expect(first.output.out).toContain("failures: none\n");
    expect(first.output.out).not.toContain("## Checks");
    expect(first.output.out).toContain(
      "Since the previous run: none to compare with (no earlier run of the same scenarios, models and prompts in the history).\n" +
        `Wrote ${join(outDir, "report.html")}\n`,
    );
    expect(await readFile(join(outDir, "report.html"), "utf8")).toContain('id="matrix"');
    expect((await readFile(historyFile, "utf8")).trim().split("\n")).toHaveLength(1);
    expect(result.exitCode).toBe(0);
    expect(result.report?.summary).toEqual({
      cells: 3,
      passedCells: 3,
      failedCells: 0,
      brokenCells: 0,
      epochs: 3,
      passedEpochs: 3,
    });
    expect(result.report?.models).toEqual([
      "claude-haiku-4-5",
      "claude-haiku-5-5",
      "claude-opus-5-5",
    ]);
    expect(first.output.out).toContain(
      "recordings: all authored by hand in the API's format, usage estimated from characters: they test the pipeline, not how good a model or prompt is\n",
    );
    expect(first.output.out).not.toContain("Usage method:");
    expect(first.output.out).toContain(`Wrote ${jsonFile}\n`);
    const json = JSON.parse(await readFile(jsonFile, "utf8"));
    expect(json).toEqual(JSON.parse(JSON.stringify(result.report)));
    expect(json.provenance[0].usageMethod).toMatch(/^Estimated, not measured: tokens = ceil/);

    const verbose = capture();
    const nested = join(recordingsDir, "new", "folder", "report.json");
    await evalMain(
      [...folders, "--verbose", "--json", nested, "--out", outDir, "--history", historyFile],
      verbose.sink,
    );
    expect(verbose.output.out).toContain("recordings: authored by hand. Usage method:");
    expect(verbose.output.out).toMatch(
      /\| tiny +\| file_contains\(topics\/tools\.md, "Ghostty"\) +\| PASS +\| PASS +\|/,
    );
    expect(verbose.output.out).toMatch(
      /\| tiny +\| claude-haiku-4-5 \| 2 +\| consolidate \| +1 \|/,
    );
    expect(verbose.output.out).toContain(
      "Result: 3 of 3 cells passed, 3 of 3 epochs; 0 cells with failed checks, 0 broken (a cell is one scenario x model x prompt over its epochs).",
    );
    expect(verbose.output.out).toMatch(
      /Since the previous run of the same 1 scenarios x 3 models x 1 prompts \(\w+, [\d-]+T/,
    );
    expect(verbose.output.out).toContain("  Estimated, not measured: tokens = ceil");
    expect(verbose.output.out).toContain(
      `Wrote ${nested} (created the folder ${join(recordingsDir, "new")})\n`,
    );
  });

  it("authoring twice writes byte-identical recordings", async () => {
    const { folders, recordingsDir } = await authorTiny(["claude-haiku-4-5"]);
    const file = join(recordingsDir, "claude-haiku-4-5", "extraction@1", "tiny.json");
    const before = await readFile(file, "utf8");
    const again = await authorMain(
      [...folders, "--authored", join(recordingsDir, "..", "none")],
      capture().sink,
    );
    expect(again.cells).toEqual([]);
    const authoredDir = await writeTinyAuthored();
    await authorMain(
      [...folders, "--authored", authoredDir, "--prompt", "extraction@1"],
      capture().sink,
    );
    expect(await readFile(file, "utf8")).toBe(before);
  });

  it("replays every released extraction prompt that has recordings, one report each", async () => {
    const { folders } = await authorTiny(["claude-haiku-4-5"]);
    await authorMain(
      [
        ...folders,
        "--authored",
        await writeTinyAuthored(),
        "--prompt",
        "extraction@3",
        "--model",
        "claude-haiku-4-5",
      ],
      capture().sink,
    );
    const { output, sink } = capture();
    const result = await evalMain(folders, sink);
    expect(result.exitCode).toBe(0);
    expect(result.reports?.map((report) => report.extractionPrompt)).toEqual([
      "extraction@1",
      "extraction@3",
    ]);
    expect(output.out.split("\n")[0]).toBe(
      "memfiles eval: PASS: 2 of 2 cells passed, 2 of 2 epochs (1 scenario x 1 model x 2 prompts; a cell is one scenario x model x prompt over its epochs)",
    );
    expect(output.out).toMatch(/\| extraction@1 \| +\$[\d.]+ \|\n\| extraction@3 \| +\$[\d.]+ \|/);
  });

  it("records with --record through ANTHROPIC_BASE_URL, then replays the written recordings", async () => {
    const scenariosDir = await writeTinyScenario();
    const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
    const folders = [
      "--scenarios",
      scenariosDir,
      "--recordings",
      recordingsDir,
      "--model",
      "claude-opus-5-5",
    ];
    const api = await startFakeAnthropicApi(tinyModel);
    vi.stubEnv("ANTHROPIC_API_KEY", "test-key");
    vi.stubEnv("ANTHROPIC_BASE_URL", api.url);
    const recorded = await evalMain([...folders, "--record"], capture().sink);
    await api.close();
    vi.unstubAllEnvs();
    expect(recorded.exitCode).toBe(0);
    const replay = capture();
    const replayed = await evalMain(folders, replay.sink);
    expect(replayed.exitCode).toBe(0);
    expect(replayed.report?.provenance).toEqual(recorded.report?.provenance);
    expect(replayed.report?.sessionCosts).toEqual(recorded.report?.sessionCosts);
    // Recorded through ANTHROPIC_BASE_URL, a local fake: the summary names it, not "the API".
    expect(replay.output.out).toMatch(
      /recordings: recorded from 127\.0\.0\.1:\d+, not the API \(claude-opus-5-5, \d{4}-\d{2}-\d{2}\)/,
    );
  });

  it.each([
    ["an unknown flag", ["--nope"], 2, "Unknown option '--nope'"],
    [
      "a bad prompt id",
      ["--prompt", "rules@1"],
      2,
      'is not an extraction prompt id such as "extraction@1"',
    ],
    ["an unknown scenario", ["--scenario", "nope"], 2, 'Unknown scenario "nope"'],
    [
      "an empty recordings folder, as a setup mistake",
      [],
      2,
      "pnpm eval: no recordings for extraction@1 in ",
    ],
    [
      "record mode without a key",
      ["--record"],
      2,
      "--record calls the Anthropic API and needs ANTHROPIC_API_KEY",
    ],
  ])("eval refuses %s", async (_name, argv, exitCode, message) => {
    const scenariosDir = await writeTinyScenario();
    const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-recordings-"));
    const { output, sink } = capture();
    const result = await evalMain(
      ["--scenarios", scenariosDir, "--recordings", recordingsDir, ...argv],
      sink,
    );
    expect(result.exitCode).toBe(exitCode);
    expect(output.error).toContain(message);
  });

  it("exits 1 with the missing-recording message, naming released prompts, when the system prompt changed", async () => {
    const { folders, recordingsDir } = await authorTiny(["claude-haiku-4-5"]);
    // The recording made before a prompt edit: its write-pass request had another system text.
    const file = join(recordingsDir, "claude-haiku-4-5", "extraction@1", "tiny.json");
    const recording = JSON.parse(await readFile(file, "utf8"));
    const entry = recording.entries.find(
      (item: { step: string }) => item.step === "session 1: write",
    );
    entry.key = "0".repeat(64);
    entry.request.system = `${entry.request.system} Before the edit.`;
    await writeFile(file, JSON.stringify(recording));
    const { output, sink } = capture();
    const result = await evalMain([...folders, "--model", "claude-haiku-4-5"], sink);
    expect(result.exitCode).toBe(1);
    expect(result.report?.summary).toEqual({
      cells: 1,
      passedCells: 0,
      failedCells: 0,
      brokenCells: 1,
      epochs: 1,
      passedEpochs: 0,
    });
    expect(output.out).toContain("BROKEN tiny on ");
    expect(output.out).toContain(
      'No recording for scenario "tiny" at step "session 1: write": no recorded request has this body',
    );
    expect(output.out).toContain(`recording file: ${file}`);
    expect(output.out).toContain('nearest recorded request (step "session 1: write") differs at:');
    expect(output.out).toMatch(/system: recorded ".*Before the edit\."/);
    expect(output.out).toContain(
      "If you edited a released prompt (packages/prompts/prompts/*.md), add a new version instead: " +
        "released prompts never change (the prompt lock test fails too). If the change is intended, " +
        "regenerate the recordings",
    );
  });

  it.each([
    {
      name: "a model without recordings",
      argv: ["--model", "gpt-4"],
      message:
        'pnpm eval: No recordings for model "gpt-4" with extraction@1 in RECORDINGS. Models with ' +
        "recordings: claude-haiku-4-5. Pick one of those, or record this model with " +
        "`pnpm eval --record --model gpt-4` (needs ANTHROPIC_API_KEY).\n",
    },
    {
      name: "a prompt without recordings",
      argv: ["--model", "claude-haiku-4-5", "--prompt", "extraction@2"],
      message:
        'pnpm eval: No recordings for model "claude-haiku-4-5" with extraction@2 in RECORDINGS. ' +
        "Models with recordings: (none). Pick one of those, or record this model with " +
        "`pnpm eval --record --model claude-haiku-4-5` (needs ANTHROPIC_API_KEY).\n",
    },
    {
      name: "recording a model with no price",
      argv: ["--record", "--model", "gpt-4"],
      message:
        'pnpm eval: No price for model "gpt-4", so its sessions cannot be costed. Known models: ' +
        "claude-fable-5-2, claude-fable-5-1, claude-opus-5-5, claude-sonnet-5-5, claude-haiku-5-5, " +
        'claude-opus-5, claude-sonnet-5, claude-haiku-4-5 (a dated suffix such as "-20251001" ' +
        "is accepted). To record another Claude model, add its prices (USD per million tokens) to " +
        "PRICE_ROWS in packages/core/src/cost/prices.ts first.\n",
    },
    {
      name: "an unreleased prompt",
      argv: ["--prompt", "extraction@99"],
      message:
        '--prompt "extraction@99" is not a released extraction prompt. Released: ' +
        `${RELEASED_EXTRACTION.join(", ")} (packages/prompts/prompts/).\n`,
    },
  ])("eval checks models and prompts up front: $name (exit 2, one message)", async (row) => {
    const { folders, recordingsDir } = await authoredHaiku();
    const { output, sink } = capture();
    const result = await evalMain([...folders, ...row.argv], sink);
    expect({ result, output }).toEqual({
      result: { exitCode: 2 },
      output: { out: "", error: row.message.replace("RECORDINGS", recordingsDir) },
    });
  });
});

// Replays ten whole scenario runs (two scenarios x five epochs) in-process: about 3 s alone,
// longer on the shared 2 cores, so the limit is the file's 60 s.
describe("pnpm eval over authored epochs", { timeout: 60_000 }, () => {
  it("grades every epoch, accepts a 4/5 cell with minPassRate 0.8, and writes epochs, passes and interval per result", async () => {
    const out = await mkdtemp(join(tmpdir(), "memfiles-epochs-out-"));
    const json = join(out, "report.json");
    const { output, sink } = capture();
    const result = await evalMain(
      [
        ...["--scenario", "remember", "--scenario", "ignore-noise"],
        ...["--model", "claude-haiku-5-5", "--prompt", "extraction@1"],
        ...["--out", out, "--history", join(out, "history.jsonl"), "--json", json],
      ],
      sink,
    );
    expect(output.error).toBe("");
    expect(result.exitCode).toBe(0);
    const report = JSON.parse(await readFile(json, "utf8")) as {
      results: {
        scenarioId: string;
        epoch: number;
        epochs: number;
        passes: number;
        interval: number[];
      }[];
    };
    expect(
      report.results.map((item) => [
        item.scenarioId,
        item.epoch,
        item.epochs,
        item.passes,
        item.interval,
      ]),
    ).toEqual(
      ["remember", "ignore-noise"].flatMap((id) =>
        [1, 2, 3, 4, 5].map((epoch) => [id, epoch, 5, 4, [0.3755, 0.9638]]),
      ),
    );
    expect(output.out).toContain(
      "| remember     | claude-haiku-5-5 | 4/5 (80%, 95% CI 38-96%) | 80%   | PASS    |",
    );
    expect(output.out).toContain("epoch 4: authored slip: the answer narrates memory");
  });
});
