import { appendFile, mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { InvalidArgumentError } from "@memfiles/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STAGES, type Stage, type UsageRecord } from "./types.js";
import { createUsageLog, readUsageLog } from "./usage-log.js";

const record = (
  sessionId: string | undefined,
  input: number,
  stage: Stage = "chat",
): UsageRecord => ({
  ...(sessionId === undefined ? {} : { sessionId }),
  stage,
  model: "claude-haiku-4-5",
  usage: { input, output: 10, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 5 },
  date: "2026-09-12T10:00:00.000Z",
});

describe("usage log", () => {
  it("appends one JSON line per record and reads them back", async () => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-usage-"));
    const onUsage = createUsageLog({ root });
    await onUsage(record("s1", 100));
    await onUsage(record(undefined, 200));
    const text = await readFile(join(root, ".memfiles/usage.jsonl"), "utf8");
    expect(text.split("\n")).toHaveLength(3);
    expect(await readUsageLog(root)).toEqual({
      records: [record("s1", 100), record(undefined, 200)],
      problems: [],
    });
  });

  // The recall side query reports usage as "recall": its lines were once skipped as bad records.
  it.each(STAGES)("reads back a record of stage %s", async (stage) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-usage-"));
    await createUsageLog({ root })(record("s1", 7, stage));
    expect(await readUsageLog(root)).toEqual({ records: [record("s1", 7, stage)], problems: [] });
  });

  it("keeps thinking tokens, price modifiers and usage warnings, so the log is priced as billed", async () => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-usage-"));
    const full: UsageRecord = {
      ...record("s1", 100),
      model: "claude-opus-5-5",
      usage: {
        input: 100,
        output: 80,
        cacheWrite5m: 2_000,
        cacheWrite1h: 1_000,
        cacheRead: 0,
        thinking: 60,
      },
      modifiers: { serviceTier: "batch", inferenceGeo: "us" },
      warnings: [{ code: "incomplete_cache_breakdown", message: "priced from the total" }],
    };
    await createUsageLog({ root })(full);
    expect(await readUsageLog(root)).toEqual({ records: [full], problems: [] });
  });

  it("skips and reports bad lines", async () => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-usage-"));
    const onUsage = createUsageLog({ root });
    await onUsage(record("s1", 1));
    const file = join(root, ".memfiles/usage.jsonl");
    await appendFile(file, '{"stage":"chat"\n{"stage":"lunch","model":"m"}\n');
    await onUsage(record("s2", 2));
    const result = await readUsageLog(root);
    expect(result.records).toEqual([record("s1", 1), record("s2", 2)]);
    expect(result.problems.map(({ code, line }) => ({ code, line }))).toEqual([
      { code: "bad_json", line: 2 },
      { code: "bad_record", line: 3 },
    ]);
    // A clear message naming the fields (new-user trial: it was zod's raw text).
    expect(result.problems[1]?.message).toBe(
      `${file}:3 is not a usage record; the line was skipped. Wrong: stage (not one of write, ` +
        "consolidate, chat, recall); missing: usage, date. Lines are written by createUsageLog; " +
        "this one was cut short or edited by hand.",
    );
    expect(result.problems[1]?.message).not.toMatch(/✖|→/);
  });

  // Each record of the wrong shape is refused before it reaches the file, so the reader never
  // calls a line the writer wrote "edited by hand".
  it.each([
    {
      name: "a stage no report knows",
      bad: { ...record("s1", 1), stage: "lunch" },
      says: "Wrong: stage (not one of write, consolidate, chat, recall)",
    },
    { name: "no usage", bad: { ...record("s1", 1), usage: undefined }, says: "missing: usage" },
    {
      name: "a negative token count",
      bad: { ...record("s1", 1), usage: { ...record("s1", 1).usage, input: -3 } },
      says: "Wrong: usage.input",
    },
    {
      name: "tokens as text",
      bad: { ...record("s1", 1), usage: { ...record("s1", 1).usage, output: "10" } },
      says: "Wrong: usage.output (not a number)",
    },
  ])("refuses to append $name, and writes nothing", async ({ bad, says }) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-usage-"));
    const onUsage = createUsageLog({ root });
    await onUsage(record("s1", 1));
    const before = await readFile(join(root, ".memfiles/usage.jsonl"), "utf8");
    const refused = onUsage(bad as unknown as UsageRecord);
    await expect(refused).rejects.toThrow(InvalidArgumentError);
    await expect(refused).rejects.toThrow(
      `createUsageLog refused a record for the usage log ${join(root, ".memfiles/usage.jsonl")}: it is not a usage record. ${says}`,
    );
    expect(await readFile(join(root, ".memfiles/usage.jsonl"), "utf8")).toBe(before);
    expect(await readUsageLog(root)).toEqual({ records: [record("s1", 1)], problems: [] });
  });

  it.each([
    { name: "an array", line: "[1,2]", says: "Wrong: the line (not an object)" },
    { name: "a string", line: '"a line"', says: "Wrong: the line (not an object)" },
    {
      name: "usage as a list",
      line: JSON.stringify({ ...record("s1", 2), usage: [] }),
      says: "Wrong: usage (not an object)",
    },
    {
      name: "tokens as text",
      line: JSON.stringify({
        ...record("s1", 2),
        usage: { ...record("s1", 2).usage, output: "10" },
      }),
      says: "Wrong: usage.output (not a number)",
    },
  ])("names the type a line of $name should have, with its article", async ({ line, says }) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-usage-"));
    await createUsageLog({ root })(record("s1", 1));
    await appendFile(join(root, ".memfiles/usage.jsonl"), `${line}\n`);
    const { problems } = await readUsageLog(root);
    expect(problems[0]?.message).toContain(`${says}. Lines are written`);
  });

  it("tells a field of the wrong type from a missing one on read", async () => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-usage-"));
    await createUsageLog({ root })(record("s1", 1));
    const line = { ...record("s1", 2), usage: { ...record("s1", 2).usage, output: "10" } };
    await appendFile(join(root, ".memfiles/usage.jsonl"), `${JSON.stringify(line)}\n`);
    const { problems } = await readUsageLog(root);
    expect(problems[0]?.message).toContain("Wrong: usage.output (not a number). Lines are written");
  });

  it("reads a missing log as empty", async () => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-usage-"));
    expect(await readUsageLog(root)).toEqual({ records: [], problems: [] });
  });
});

describe("usage log of a memory folder that does not exist", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // A write may start the folder; a request creates nothing (its record is dropped, warned once).
  it.each([
    ["write", true],
    ["consolidate", true],
    ["chat", false],
    ["recall", false],
  ] satisfies [Stage, boolean][])("a %s record starts the folder: %s", async (stage, starts) => {
    expect(STAGES).toContain(stage);
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-usage-")), "memory");
    const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    const onUsage = createUsageLog({ root });
    await onUsage(record("s1", 1, stage));
    await onUsage(record("s1", 2, stage));
    if (starts) {
      expect(await readUsageLog(root)).toEqual({
        records: [record("s1", 1, stage), record("s1", 2, stage)],
        problems: [],
      });
      expect(warn).not.toHaveBeenCalled();
    } else {
      expect(await readdir(dirname(root))).toEqual([]);
      expect(warn.mock.calls).toEqual([
        [
          `A ${stage} call's usage was not logged: the memory folder ${root} does not exist, and ` +
            "a request never creates one. Usage is logged again once the folder exists (a write " +
            "starts it, or create it yourself).",
          { code: "MEMFILES_USAGE_NOT_LOGGED" },
        ],
      ]);
    }
  });

  it("covers every stage", () => {
    expect(["write", "consolidate", "chat", "recall"]).toEqual([...STAGES]);
  });
});
