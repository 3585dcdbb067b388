import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { evalMain } from "../src/cli/eval.js";
import { capture } from "./capture-output.js";
import { startFakeAnthropicApi } from "./fake-anthropic-api.js";
import { tinyModel, writeTinyScenario } from "./scenario-fixture.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

const MODEL = "claude-haiku-4-5";

// Records the tiny scenario (six calls) through local HTTP servers up to four times, in-process:
// a few seconds alone, more on the shared 2 cores, so 60 s.
describe("pnpm eval --record over an authored recording", { timeout: 60_000 }, () => {
  it("records over it and says so, then skips the recorded file and keeps the last report", async () => {
    const api = await startFakeAnthropicApi(tinyModel);
    vi.stubEnv("ANTHROPIC_API_KEY", "test-key");
    vi.stubEnv("ANTHROPIC_BASE_URL", api.url);
    const scenariosDir = await writeTinyScenario();
    const recordingsDir = await mkdtemp(join(tmpdir(), "memfiles-authored-recordings-"));
    const out = await mkdtemp(join(tmpdir(), "memfiles-authored-out-"));
    const file = join(recordingsDir, MODEL, "extraction@1", "tiny.json");
    await mkdir(join(recordingsDir, MODEL, "extraction@1"), { recursive: true });
    // An authored stand-in, as the repository ships: a fresh clone's recordings are all authored.
    await writeFile(
      file,
      `${JSON.stringify({
        provenance: "authored",
        model: MODEL,
        usageMethod: "by hand",
        scenario: "tiny",
        extractionPrompt: "extraction@1",
        entries: [],
      })}\n`,
    );
    const argv = [
      ...["--scenarios", scenariosDir, "--recordings", recordingsDir, "--out", out],
      ...["--record", "--model", MODEL],
    ];
    const provenance = async () => JSON.parse(await readFile(file, "utf8")).provenance;
    const report = join(out, "report.html");
    try {
      const first = capture();
      const recorded = await evalMain(argv, first.sink);
      expect({
        error: first.output.error,
        exitCode: recorded.exitCode,
        provenance: await provenance(),
        calls: api.requests.length,
      }).toEqual({ error: "", exitCode: 0, provenance: "recorded", calls: 6 });
      expect(first.output.out).toContain(
        "Recording plan (extraction@1): 1 scenario run(s) to record, replacing 1 authored recording(s) with recorded ones (git keeps the authored files: `git restore` brings one back).",
      );
      const lastReport = await readFile(report, "utf8");

      const second = capture();
      const skipped = await evalMain(argv, second.sink);
      expect(skipped.exitCode).toBe(0);
      expect(api.requests.length).toBe(6);
      expect(second.output.out).toContain(
        "nothing to record: 1 run(s) of extraction@1 already recorded (--force records them again)",
      );
      expect(second.output.out).toContain(
        `Nothing ran, so no report was written: the last one is still ${report}`,
      );
      expect(await readFile(report, "utf8")).toBe(lastReport);

      const third = capture();
      expect((await evalMain([...argv, "--force"], third.sink)).exitCode).toBe(0);
      expect(third.output.out).toContain(
        "1 scenario run(s) to record, 1 recorded again over their recordings (--force).",
      );
      expect(api.requests.length).toBe(12);

      // A recording from a local fake is not a real one: a run from another host (the API, a
      // proxy) records over it without --force, and the plan names the host it replaces.
      const other = await startFakeAnthropicApi(tinyModel);
      try {
        vi.stubEnv("ANTHROPIC_BASE_URL", other.url);
        const fourth = capture();
        expect((await evalMain(argv, fourth.sink)).exitCode).toBe(0);
        const host = (url: string) => new URL(url).host;
        expect(fourth.output.out).toContain(
          `1 scenario run(s) to record, replacing 1 recording(s) made from ${host(api.url)}, not from ${host(other.url)}.`,
        );
        expect(other.requests.length).toBe(6);
        expect(JSON.parse(await readFile(file, "utf8")).host).toBe(host(other.url));
      } finally {
        await other.close();
      }
    } finally {
      await api.close();
    }
  });
});
