import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  ALTERNATIVE_METHOD,
  computeCostReport,
  formatCostReport,
  loadUsageLog,
  NO_SESSION_ID,
  UsageLogError,
} from "./index.js";

const fixture = fileURLToPath(new URL("./__fixtures__/usage.jsonl", import.meta.url));
const folders: string[] = [];

async function memoryFolder(log?: string | "fixture"): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "memfiles-cost-"));
  folders.push(folder);
  if (log === undefined) return folder;
  await mkdir(path.join(folder, ".memfiles"));
  const file = path.join(folder, ".memfiles", "usage.jsonl");
  if (log === "fixture") await copyFile(fixture, file);
  else await writeFile(file, log);
  return folder;
}

afterEach(async () => {
  await Promise.all(
    folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })),
  );
});

// Prices (USD per MTok, core's PRICES): Opus 5.5 in 4, out 20, 5m write 5, read 0.2;
// Haiku 4.5 in 1, out 5, 5m write 1.25, read 0.1.
//
// s1 (2026-11-01), no history before it:
//   chat opus  in 1000 out 200 write 2000: chat 0.004 + 0.004 = 0.008, recall 0.01
//   chat opus  in 1500 out 300 read 2000:  chat 0.006 + 0.006 = 0.012, recall 0.0004
//   write haiku in 3000 out 100:           write 0.003 + 0.0005 = 0.0035
//   total 0.0035 + 0.0104 + 0.02 = 0.0339
//   re-send: (0 + 1000) * 4e-6 + 200 * 20e-6 = 0.008; (0 + 1500) * 4e-6 + 300 * 20e-6 = 0.012
//   alternative 0.02, saving 0.02 - 0.0339 = -0.0139; transcript = last chat 1500 + 300 = 1800
// s2 (2026-11-02), history 1800 tokens:
//   chat opus in 500 out 100 read 2000: chat 0.002 + 0.002 = 0.004, recall 0.0004
//   consolidate haiku in 800 out 400:   0.0008 + 0.002 = 0.0028
//   total 0.0072; re-send (1800 + 500) * 4e-6 + 100 * 20e-6 = 0.0112; saving 0.004
//   transcript 500 + 100 = 600
// (no session id) (2026-11-03), history 2400:
//   chat haiku in 100 out 10: chat 0.0001 + 0.00005 = 0.00015; re-send 2500e-6 + 50e-6 = 0.00255
// Lines 4 (cut short) and 7 (no model) are skipped.
describe("computeCostReport", () => {
  it("prices the fixture log per session and per model, with the re-send saving", async () => {
    const folder = await memoryFolder("fixture");
    const { records, problems } = await loadUsageLog(folder);
    expect(problems.map(({ code, line }) => ({ code, line }))).toEqual([
      { code: "bad_json", line: 4 },
      { code: "bad_record", line: 7 },
    ]);

    const report = computeCostReport({ records });

    expect(report.sessions).toEqual([
      {
        sessionId: "s1",
        firstDate: "2026-11-01T09:00:00.000Z",
        lastDate: "2026-11-01T09:30:00.000Z",
        models: ["claude-opus-5-5", "claude-haiku-4-5"],
        calls: 3,
        chatRequests: 2,
        usage: { input: 5500, output: 600, cacheWrite5m: 2000, cacheWrite1h: 0, cacheRead: 2000 },
        write: 0.0035,
        writeAt: { sync: 0.0035, batch: 0.00175, ranAs: "sync" },
        consolidate: 0,
        recall: 0.0104,
        chat: 0.02,
        total: 0.0339,
        transcriptTokens: 1800,
        historyTokens: 0,
        alternative: 0.02,
        saving: -0.0139,
      },
      {
        sessionId: "s2",
        firstDate: "2026-11-02T10:00:00.000Z",
        lastDate: "2026-11-02T10:30:00.000Z",
        models: ["claude-opus-5-5", "claude-haiku-4-5"],
        calls: 2,
        chatRequests: 1,
        usage: { input: 1300, output: 500, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 2000 },
        write: 0,
        writeAt: { sync: 0, batch: 0, ranAs: "none" },
        consolidate: 0.0028,
        recall: 0.0004,
        chat: 0.004,
        total: 0.0072,
        transcriptTokens: 600,
        historyTokens: 1800,
        alternative: 0.0112,
        saving: 0.004,
      },
      {
        sessionId: NO_SESSION_ID,
        firstDate: "2026-11-03T08:00:00.000Z",
        lastDate: "2026-11-03T08:00:00.000Z",
        models: ["claude-haiku-4-5"],
        calls: 1,
        chatRequests: 1,
        usage: { input: 100, output: 10, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
        write: 0,
        writeAt: { sync: 0, batch: 0, ranAs: "none" },
        consolidate: 0,
        recall: 0,
        chat: 0.00015,
        total: 0.00015,
        transcriptTokens: 110,
        historyTokens: 2400,
        alternative: 0.00255,
        saving: 0.0024,
      },
    ]);
    expect(report.models).toEqual([
      {
        model: "claude-opus-5-5",
        calls: 3,
        usage: { input: 3000, output: 600, cacheWrite5m: 2000, cacheWrite1h: 0, cacheRead: 4000 },
        write: 0,
        consolidate: 0,
        recall: 0.0108,
        chat: 0.024,
        total: 0.0348,
        alternative: 0.0312,
      },
      {
        model: "claude-haiku-4-5",
        calls: 3,
        usage: { input: 3900, output: 510, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 },
        write: 0.0035,
        consolidate: 0.0028,
        recall: 0,
        chat: 0.00015,
        total: 0.00645,
        alternative: 0.00255,
      },
    ]);
    // memory 0.0339 + 0.0072 + 0.00015 = 0.04125 (opus chat 0.008 + 0.012 + 0.004 = 0.024); re-send 0.02 + 0.0112 + 0.00255 = 0.03375
    expect(report.total).toEqual({
      calls: 6,
      chatRequests: 4,
      usage: { input: 6900, output: 1110, cacheWrite5m: 2000, cacheWrite1h: 0, cacheRead: 4000 },
      write: 0.0035,
      consolidate: 0.0028,
      recall: 0.0108,
      chat: 0.02415,
      total: 0.04125,
      alternative: 0.03375,
      saving: -0.0075,
      savingShare: -0.0075 / 0.03375,
    });
    expect(report.method).toBe(ALTERNATIVE_METHOD);
  });

  it("prices a 1-hour cache write at the 1-hour rate as recall", () => {
    // 1000 tokens * $8/MTok (Opus 5.5 1h write) = 0.008
    const report = computeCostReport({
      records: [
        {
          sessionId: "a",
          stage: "chat",
          model: "claude-opus-5-5",
          usage: { input: 0, output: 0, cacheWrite5m: 0, cacheWrite1h: 1000, cacheRead: 0 },
          date: "2026-11-01T00:00:00.000Z",
        },
      ],
    });
    expect(report.sessions[0]?.recall).toBe(0.008);
    expect(report.sessions[0]?.chat).toBe(0);
  });
});

describe("computeCostReport with a model that has no price", () => {
  const unknown = {
    sessionId: "s9",
    stage: "chat" as const,
    model: "claude-sonnet-9",
    usage: { input: 100, output: 10, cacheWrite5m: 20, cacheWrite1h: 0, cacheRead: 5 },
    date: "2026-11-02T10:40:00.000Z",
  };

  it("prices the rest and lists the unpriced model apart (model, calls, tokens)", async () => {
    const { records } = await loadUsageLog(await memoryFolder("fixture"));
    const without = computeCostReport({ records });
    const report = computeCostReport({ records: [...records, unknown, unknown] });
    expect(report.unpriced).toEqual([
      {
        model: "claude-sonnet-9",
        calls: 2,
        usage: { input: 200, output: 20, cacheWrite5m: 40, cacheWrite1h: 0, cacheRead: 10 },
      },
    ]);
    expect({ ...report, unpriced: [] }).toEqual(without);
  });

  it("prices it with the prices given", () => {
    const report = computeCostReport({
      records: [unknown],
      prices: {
        "claude-sonnet-9": { input: 1, output: 1, cacheWrite5m: 1, cacheWrite1h: 1, cacheRead: 1 },
      },
    });
    expect({ unpriced: report.unpriced, total: report.total.total }).toEqual({
      unpriced: [],
      total: 0.000135,
    });
  });
});

describe("formatCostReport", () => {
  it("states the method, prices recall and chat apart, and lists skipped lines", async () => {
    const folder = await memoryFolder("fixture");
    const { records, problems } = await loadUsageLog(folder);
    const text = formatCostReport({
      report: computeCostReport({ records }),
      file: "memory/.memfiles/usage.jsonl",
      problems,
    });
    expect(text).toContain("How the saving is estimated:");
    expect(text).toContain(ALTERNATIVE_METHOD);
    expect(text).toContain("Skipped 2 unreadable line(s) of the log:");
    expect(text).toContain("  line 4 (bad_json):");
    expect(text).toContain("  line 7 (bad_record):");
    expect(text).toContain(
      "| s1              | 2026-11-01T09:00:00.000Z | claude-opus-5-5, claude-haiku-4-5 |     3 |  $0.003500 |   $0.000000 | $0.010400 | $0.020000 | $0.033900 |                        0 |          $0.020000 | -$0.013900 |",
    );
    expect(text).toContain(
      "Total: memory $0.041250 (write pass $0.003500, consolidate $0.002800, recall $0.010800, chat $0.024150); re-sending the whole transcript $0.033750; saving -$0.007500 (-22.2%).",
    );
  });
});

describe("usage warnings and dated prices", () => {
  const line = (date: string, extra: object = {}) =>
    JSON.stringify({
      sessionId: "s1",
      stage: "write",
      model: "claude-sonnet-5-5",
      usage: { input: 0, output: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 1_000_000 },
      date,
      ...extra,
    });

  it("prices each record at the price in force on its date (Sonnet 5.5 cache read $0.20, then $0.10)", async () => {
    const folder = await memoryFolder(
      `${line("2026-09-30T12:00:00.000Z")}\n${line("2026-10-08T12:00:00.000Z")}\n`,
    );
    const { records } = await loadUsageLog(folder);
    // 1,000,000 x 0.20 + 1,000,000 x 0.10 per MTok
    expect(computeCostReport({ records }).total.write).toBeCloseTo(0.3, 9);
  });

  it("lists records whose usage contradicted itself", async () => {
    const warning = { code: "incomplete_cache_breakdown", message: "priced from the total" };
    const folder = await memoryFolder(
      `${line("2026-10-08T12:00:00.000Z", { warnings: [warning] })}\n`,
    );
    const { records, problems } = await loadUsageLog(folder);
    const report = computeCostReport({ records });
    expect(report.usageWarnings).toEqual([
      {
        sessionId: "s1",
        date: "2026-10-08T12:00:00.000Z",
        model: "claude-sonnet-5-5",
        message: "priced from the total",
      },
    ]);
    expect(formatCostReport({ report, file: "usage.jsonl", problems })).toContain(
      "Usage warnings (1): the API's usage contradicted itself; priced from its totals:\n" +
        "  s1 2026-10-08T12:00:00.000Z claude-sonnet-5-5: priced from the total",
    );
  });
});

describe("loadUsageLog", () => {
  it("prices a batched write pass at the batch rate and shows the sync price beside it", () => {
    // Opus 5.5: $4 / $20 per MTok in / out, so 10,000 in + 1,000 out = $0.06, $0.03 batched.
    const usage = { input: 10_000, output: 1_000, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 };
    const report = computeCostReport({
      records: [
        {
          sessionId: "sync",
          stage: "write",
          model: "claude-opus-5-5",
          usage,
          date: "2026-11-01T09:00:00.000Z",
        },
        {
          sessionId: "batch",
          stage: "write",
          model: "claude-opus-5-5",
          usage,
          date: "2026-11-02T09:00:00.000Z",
          modifiers: { serviceTier: "batch" },
        },
      ],
    });
    expect(
      report.sessions.map((session) => [session.sessionId, session.write, session.writeAt]),
    ).toEqual([
      ["sync", 0.06, { sync: 0.06, batch: 0.03, ranAs: "sync" }],
      ["batch", 0.03, { sync: 0.06, batch: 0.03, ranAs: "batch" }],
    ]);
  });

  it.each([
    { name: "no log file", log: undefined, code: "missing_log", says: "No usage log at" },
    { name: "an empty log", log: "", code: "empty_log", says: "is empty" },
    { name: "only blank lines", log: "\n\n", code: "empty_log", says: "is empty" },
    {
      name: "only bad lines",
      log: "{oops\n[]\n",
      code: "no_records",
      says: "all 2 lines were skipped",
    },
  ])("fails clearly on $name", async ({ log, code, says }) => {
    const folder = await memoryFolder(log);
    const error = await loadUsageLog(folder).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UsageLogError);
    expect((error as UsageLogError).code).toBe(code);
    expect((error as UsageLogError).message).toContain(says);
  });

  it("names a folder that does not exist", async () => {
    const error = await loadUsageLog("/nonexistent/memfiles-memory").catch(
      (caught: unknown) => caught,
    );
    expect((error as UsageLogError).message).toBe(
      "No folder at /nonexistent/memfiles-memory. Give pnpm cost the memory folder (the MemoryStore root), e.g. pnpm cost ./memory. " +
        "pnpm cost reads a memory folder's log only. A database's (@memfiles/pg) is priced by the memfiles command: " +
        "memfiles cost --pglite <folder> [--tenant <tenant>], or memfiles cost --database-url <url> --tenant <tenant>.",
    );
  });
});
