import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeAnthropicApi } from "../../test/fake-anthropic-api.js";
import { SYNTHETIC_SAMPLE } from "../../test/locomo-sample.js";
import { runBenchLocomo } from "./bench-locomo-cli.js";
import { qaRecordingPath, readQaRecording, writeQaRecording } from "./qa-recording.js";

let folder: string;
let dataFile: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "memfiles-locomo-qa-test-"));
  dataFile = join(folder, "data.json");
  await writeFile(dataFile, JSON.stringify([SYNTHETIC_SAMPLE]));
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(folder, { recursive: true, force: true });
});

async function bench(argv: string[]) {
  let out = "";
  let error = "";
  const exitCode = await runBenchLocomo({
    argv: [
      "--qa",
      ...["--data", dataFile, "--sample", "syn-1"],
      ...["--recordings", join(folder, "recordings"), "--authored", join(folder, "authored")],
      ...argv,
    ],
    cwd: folder,
    write: (text) => {
      out += text;
    },
    writeError: (text) => {
      error += text;
    },
    date: "2026-12-01",
  });
  return { exitCode, out, error };
}

/** The verdict each authored answer gets; question 2's is malformed unless replaced. */
async function author(verdicts: Record<number, unknown>) {
  const answers = [
    { question: 0, answer: "A beagle.", verdict: { pass: true, reason: "Same breed." } },
    { question: 1, answer: "At a school.", verdict: { pass: false, reason: "Another place." } },
    { question: 2, answer: "Guitar.", verdict: { pass: true, reason: "Same instrument." } },
  ].map((item) => ({ ...item, verdict: verdicts[item.question] ?? item.verdict }));
  await mkdir(join(folder, "authored"), { recursive: true });
  await writeFile(
    join(folder, "authored", "syn-1.yaml"),
    JSON.stringify({ sample: "syn-1", note: "test subset", answers }),
  );
  return bench(["--author"]);
}

/** The J line and the verdict column of a report. */
function verdicts(out: string) {
  return {
    j: out.split("\n").find((line) => line.startsWith("J = ")),
    rows: [...out.matchAll(/^\| syn-1\s+\|\s+(\d+) \|.*\| (CORRECT|WRONG|BROKEN)\s*\|$/gm)].map(
      (match) => `${match[1]} ${match[2]}`,
    ),
  };
}

describe("pnpm bench:locomo --qa", () => {
  it("replays an authored subset offline: J with the judge named and the provenance, beside the evidence recall of the same questions", async () => {
    expect((await author({})).exitCode).toBe(0);
    const replay = await bench([]);
    expect({ exitCode: replay.exitCode, error: replay.error, ...verdicts(replay.out) }).toEqual({
      exitCode: 0,
      error: "",
      // The judge fails the wrong answer (a school, not the hospital): J is 2/3, not 3/3.
      j:
        "J = 2/3 = 66.7% (95% CI 20.8%-93.8%), judged by claude-haiku-5-5, provenance authored; " +
        "evidence recall of the same 3 questions: 100.0% (budgeted recall, 2,000 tokens).",
      rows: ["0 CORRECT", "1 WRONG", "2 CORRECT"],
    });
    expect(replay.out).toContain("Cost estimate of recording these 3 question(s)");
    expect(replay.out.indexOf("Cost estimate")).toBe(0);
    expect(replay.out).toContain("Mem0 paper's LLM-as-a-Judge score J (Chhikara et al. 2025");
    expect(replay.out).toContain("Provenance: authored (syn-1:");
  });

  it.each([
    { name: "pass as a string", verdict: { pass: "yes", reason: "fine" } },
    { name: "no reason", verdict: { pass: true } },
    { name: "an extra field", verdict: { pass: true, reason: "fine", label: "CORRECT" } },
  ])(
    "counts a malformed verdict ($name) as broken, never as CORRECT, and exits 1",
    async ({ verdict }) => {
      await author({ 2: verdict });
      const replay = await bench([]);
      expect({ exitCode: replay.exitCode, ...verdicts(replay.out) }).toEqual({
        exitCode: 1,
        j:
          "J = 1/2 = 50.0% (95% CI 9.4%-90.5%), judged by claude-haiku-5-5, provenance authored; " +
          "evidence recall of the same 2 questions: 100.0% (budgeted recall, 2,000 tokens).",
        rows: ["0 CORRECT", "1 WRONG", "2 BROKEN"],
      });
      expect(replay.out).toContain(
        "- syn-1 question 2: JudgeReplyError: The judge (claude-haiku-5-5) did not give a verdict",
      );
    },
  );

  it("breaks a question whose recalled memory is not the recorded one, saying what changed", async () => {
    await author({});
    const file = qaRecordingPath(join(folder, "recordings"), "claude-haiku-5-5", "syn-1");
    const recording = await readQaRecording(file);
    if (recording === undefined) throw new Error("no recording written");
    const [first, ...rest] = recording.entries;
    if (first === undefined) throw new Error("no entries");
    await writeQaRecording(file, {
      ...recording,
      entries: [{ ...first, key: "0".repeat(64), noteSha256: "1".repeat(64) }, ...rest],
    });
    const replay = await bench([]);
    expect({ exitCode: replay.exitCode, rows: verdicts(replay.out).rows }).toEqual({
      exitCode: 1,
      rows: ["0 BROKEN", "1 WRONG", "2 CORRECT"],
    });
    expect(replay.out).toContain(
      "syn-1 question 0 (answer): the recalled memory differs from the one it was recorded with",
    );
  });

  it("refuses to replay with other settings than the recording's, naming them", async () => {
    await author({});
    const replay = await bench(["--max-tokens", "500"]);
    expect({ exitCode: replay.exitCode, out: replay.out }).toEqual({ exitCode: 2, out: "" });
    expect(replay.error).toContain("maxTokens 2000, asked 500");
  });

  it("records over an authored subset instead of resuming from its hand-written replies", async () => {
    await author({});
    const api = await startFakeAnthropicApi((body) =>
      body.tool_choice === undefined
        ? [{ type: "text", text: "Fake answer." }]
        : [{ type: "tool_use", name: "submit_verdict", input: { pass: false, reason: "No." } }],
    );
    vi.stubEnv("ANTHROPIC_API_KEY", "test-key");
    vi.stubEnv("ANTHROPIC_BASE_URL", api.url);
    try {
      const recorded = await bench(["--record"]);
      const saved = await readQaRecording(
        qaRecordingPath(join(folder, "recordings"), "claude-haiku-5-5", "syn-1"),
      );
      expect({
        exitCode: recorded.exitCode,
        sent: api.requests.length,
        provenance: saved?.provenance,
        j: verdicts(recorded.out).j?.startsWith("J = 0/4 = 0.0%"),
      }).toEqual({ exitCode: 0, sent: 8, provenance: "recorded", j: true });
    } finally {
      await api.close();
    }
  });

  it("records from the API after the estimate, stops at --max-usd, keeps what it recorded, and resumes", async () => {
    const api = await startFakeAnthropicApi(
      (body) =>
        body.tool_choice === undefined
          ? [{ type: "text", text: "Fake answer." }]
          : [{ type: "tool_use", name: "submit_verdict", input: { pass: true, reason: "Fine." } }],
      undefined,
      { inputTokens: () => 1_000 },
    );
    vi.stubEnv("ANTHROPIC_API_KEY", "test-key");
    vi.stubEnv("ANTHROPIC_BASE_URL", api.url);
    try {
      // Each call is checked before it is sent at its input and its max_tokens as output (200
      // answering, 400 judging: about $0.00014 and $0.00028 on Haiku 5.5) and charged after at the
      // fake's usage (1,000 input + 20 output tokens, $0.00011): 0.0005 USD holds question 0 and
      // question 1's answer, and stops before question 1's judge call.
      const first = await bench(["--record", "--max-usd", "0.0005"]);
      expect(first.error).toBe("");
      expect(first.exitCode).toBe(1);
      expect(first.out.indexOf("Cost estimate of recording these 4 question(s)")).toBe(0);
      expect(first.out).toContain("cap --max-usd 0.0005");
      expect(first.out).toContain('Stopped before a call of "syn-1 question 1" (judge): this call');
      const file = qaRecordingPath(join(folder, "recordings"), "claude-haiku-5-5", "syn-1");
      const saved = await readQaRecording(file);
      const savedQuestions = new Set(saved?.entries.map((entry) => entry.question));
      expect({
        provenance: saved?.provenance,
        date: saved?.provenance === "recorded" ? saved.date : undefined,
      }).toEqual({
        provenance: "recorded",
        date: "2026-12-01",
      });
      expect(saved?.entries.length).toBe(2 * savedQuestions.size);
      const sentFirst = api.requests.length;

      const second = await bench(["--record", "--max-usd", "1"]);
      expect({ exitCode: second.exitCode, error: second.error }).toEqual({
        exitCode: 0,
        error: "",
      });
      // Only the questions not recorded yet were asked.
      expect(api.requests.length - sentFirst).toBe(2 * (4 - savedQuestions.size));
      expect(verdicts(second.out).j).toMatch(/^J = 4\/4 = 100.0% .* provenance recorded;/);
      const replay = await bench([]);
      expect(replay.exitCode).toBe(0);
      expect(JSON.parse(await readFile(file, "utf8")).entries.length).toBe(8);
    } finally {
      await api.close();
    }
  });
});
