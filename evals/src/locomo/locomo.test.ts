import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { performance } from "node:perf_hooks";
import { MemoryStore } from "@memfiles/core";
import { DEFAULT_SIDE_QUERY_MAX_TOKENS } from "@memfiles/core/internal";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SYNTHETIC_SAMPLE } from "../../test/locomo-sample.js";
import { runBenchLocomo } from "./bench-locomo-cli.js";
import { importSpeaker, parseDiaIds, parseSessionDate } from "./import-sample.js";
import { loadLocomo } from "./load-locomo.js";
import { LocomoDataError } from "./locomo-data-error.js";
import { oracleFactProposal, runOracle } from "./oracle-write.js";
import { bm25TurnRecall, keywordFallback, recallOf } from "./recall-at-k.js";
import { runLocomo, runLocomoLayouts } from "./run-locomo.js";
import type { SideQuerySize } from "./side-query-size.js";
import { withoutSecretlintMarks } from "./without-secretlint-marks.js";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "memfiles-locomo-test-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

// Every memory file under a folder, with its text, read with plain fs (not through the store).
async function filesOnDisk(root: string): Promise<Map<string, string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(".md")) continue;
    const path = relative(root, join(entry.parentPath, entry.name));
    if (path === "MEMORY.md" || path.startsWith(".")) continue;
    files.set(path, await readFile(join(root, path), "utf8"));
  }
  return files;
}

describe("recallOf", () => {
  const always = new Set(["profile.md", "preferences.md"]);
  it.each([
    [
      "two targets, one always loaded: half at every k until the other is ranked",
      ["topics/a.md", "topics/b.md", "people/ana.md"],
      ["profile.md", "people/ana.md"],
      { 1: 0.5, 5: 1, 10: 1, 30: 1 },
    ],
    [
      "two targets, one always loaded, the other never ranked",
      ["topics/a.md"],
      ["preferences.md", "people/ana.md"],
      { 1: 0.5, 5: 0.5, 10: 0.5, 30: 0.5 },
    ],
    [
      "two ranked targets: each counts once it is in the first k",
      ["people/ana.md", "topics/a.md", "topics/b.md", "topics/c.md", "topics/d.md", "topics/e.md"],
      ["people/ana.md", "topics/e.md"],
      { 1: 0.5, 5: 0.5, 10: 1, 30: 1 },
    ],
  ])("%s", (_name, ranked, targets, expected) => {
    expect(recallOf(ranked, new Set(targets), always)).toEqual(expected);
  });
});

describe("parseSessionDate", () => {
  it.each([
    ["1:56 pm on 8 May, 2023", "2023-05-08"],
    ["12:09 am on 13 September, 2023", "2023-09-13"],
    ["8 May 2023", "2023-05-08"],
    ["May 25, 2023", "2023-05-25"],
    ["Sept 3rd, 2023", "2023-09-03"],
    ["2023-06-09", "2023-06-09"],
  ])("reads %s", (text, expected) => {
    expect(parseSessionDate(text)).toEqual({ success: true, value: expected });
  });

  it.each([["31 February, 2023"], ["yesterday"], ["8 Mayday, 2023"], [""]])(
    "refuses %j",
    (text) => {
      expect(parseSessionDate(text).success).toBe(false);
    },
  );
});

describe("parseDiaIds", () => {
  it.each([
    ["D1:3", ["D1:3"]],
    [
      ["D1:3", "D2:4"],
      ["D1:3", "D2:4"],
    ],
    ["D26:14, D26:34, D26:42", ["D26:14", "D26:34", "D26:42"]],
    ["D8:6; D9:17", ["D8:6", "D9:17"]],
    ["D:11:26", ["D11:26"]],
    ["D", []],
    ["D1:3 D1:3", ["D1:3"]],
  ] as const)("reads %j", (value, expected) => {
    expect(parseDiaIds(value)).toEqual(expected);
  });
});

describe("importSpeaker", () => {
  it("makes the speaker's turns user turns and dates each session", () => {
    const ben = importSpeaker(SYNTHETIC_SAMPLE, "Ben");
    expect(ben.other).toBe("Ana");
    expect(ben.sessions.map((session) => session.date)).toEqual([
      "2023-05-08",
      "2023-05-25",
      "2023-06-09",
    ]);
    expect(ben.sessions[0]?.transcript.turns.map((turn) => turn.role)).toEqual([
      "assistant",
      "user",
      "assistant",
      "user",
    ]);
  });

  it("refuses a session date it cannot read, naming the sample and session", () => {
    const sample = {
      ...SYNTHETIC_SAMPLE,
      conversation: { ...SYNTHETIC_SAMPLE.conversation, session_2_date_time: "soon" },
    };
    expect(() => importSpeaker(sample, "Ana")).toThrow(
      expect.objectContaining({
        code: "locomo_date_invalid",
        message: expect.stringContaining("syn-1, session_2_date_time"),
      }),
    );
  });
});

describe("runOracle (provenance dataset) on the synthetic conversation", () => {
  it("applies Ana's grounded facts, refuses the one her turn does not support and every negative", async () => {
    const store = new MemoryStore({ root: folder });
    const conversation = importSpeaker(SYNTHETIC_SAMPLE, "Ana");
    const result = await runOracle({
      sample: SYNTHETIC_SAMPLE,
      conversation,
      store,
      descriptions: "facts",
    });
    const summary = result.outcomes.map((outcome) => [
      outcome.kind,
      outcome.code,
      outcome.proposal.fact,
    ]);
    // Worked out by hand from the fixture and the rule's keyword table.
    expect(summary).toEqual(
      expect.arrayContaining([
        ["positive", "applied", "Ana adopted a beagle puppy named Pixel."],
        ["positive", "applied", "Ana's sister Marta moved to Lisbon."],
        ["positive", "applied", "Ana works as a nurse at the city hospital."],
        ["positive", "evidence_unrelated", "Ana is happy for Ben's band."],
        ["positive", "applied", "Pixel fetches a frisbee at the beach."],
      ]),
    );
    expect(summary).toHaveLength(10);
    expect(summary.filter(([kind]) => kind === "negative").map(([, code]) => code)).toEqual(
      Array(5).fill("evidence_not_from_user"),
    );
    expect(result.skipped).toEqual({ unknownDiaId: 1, notOwnTurn: 1 });
    expect(
      Object.fromEntries([...result.filesByDiaId].map(([id, paths]) => [id, [...paths]])),
    ).toEqual({
      "D1:1": ["topics/pets.md"],
      "D1:3": ["topics/family.md"],
      "D2:2": ["topics/work.md"],
      "D3:1": ["topics/travel.md"],
    });

    // The store figures of the last session, against the folder read with plain fs.
    const onDisk = await filesOnDisk(folder);
    expect([...onDisk.keys()].sort()).toEqual([
      "topics/family.md",
      "topics/pets.md",
      "topics/travel.md",
      "topics/work.md",
    ]);
    const lengths = [...onDisk.values()].map((text) => text.length);
    const last = result.sessions.at(-1);
    expect(last).toMatchObject({
      session: 3,
      date: "2023-06-09",
      files: 4,
      totalChars: lengths.reduce((sum, length) => sum + length, 0),
      largestChars: Math.max(...lengths),
      capHits: 0,
    });
    expect(onDisk.get("topics/pets.md")).toContain(
      "[stated 2023/05/08] Ana adopted a beagle puppy named Pixel.",
    );
    expect(onDisk.get("topics/pets.md")).toMatch(/^description: "?Pets: .*\bpuppy\b/m);
  });

  it("counts a write past the cap as a cap hit", async () => {
    const store = new MemoryStore({ root: folder, maxChars: 150 });
    const result = await runOracle({
      sample: SYNTHETIC_SAMPLE,
      conversation: importSpeaker(SYNTHETIC_SAMPLE, "Ben"),
      store,
      descriptions: "path",
    });
    const tooLong = result.outcomes.filter((outcome) => outcome.code === "too_long").length;
    expect(tooLong).toBeGreaterThan(0);
    expect(result.sessions.reduce((sum, session) => sum + session.capHits, 0)).toBe(tooLong);
    for (const text of (await filesOnDisk(folder)).values())
      expect(text.length).toBeLessThanOrEqual(150);
  });
});

describe("runLocomo on the synthetic conversation", () => {
  it("reports the rates, the store and recall@k as worked out by hand", async () => {
    const report = await runLocomo({ samples: [SYNTHETIC_SAMPLE], storeDir: folder });
    expect(report.provenance).toBe("dataset");
    // Ana: 5 facts sent (4 applied, 1 evidence_unrelated); Ben: 3 applied. One negative each.
    expect(report.write.codes).toEqual([
      { code: "applied", positive: 7, negative: 0 },
      { code: "evidence_not_from_user", positive: 0, negative: 8 },
      { code: "evidence_unrelated", positive: 1, negative: 0 },
    ]);
    expect(report.write.falseRejectRate).toBe(1 / 8);
    expect(report.write.trueRejectRate).toBe(1);
    expect(report.store.map((speaker) => speaker.sessions.at(-1)?.files)).toEqual([4, 1]);
    // Targets: Ana Q1 pets, Q2 work, "went away" family; Ben Q3 hobbies. "Who went away recently?"
    // matches no description, so the recency fill ranks travel (06-09), work (05-25), then family.
    expect(report.recall.memoryQuestions).toBe(4);
    expect(report.recall.withoutTargets).toBe(6);
    const [prefilter, fallback, bm25] = report.recall.strategies;
    expect(prefilter?.recall).toEqual({ 1: 3 / 4, 5: 1, 10: 1, 30: 1 });
    // The keyword fallback returns matching files only: "went away" matches none, so 0 at every k.
    expect(fallback?.recall).toEqual({ 1: 3 / 4, 5: 3 / 4, 10: null, 30: null });
    // BM25 over turns: Q1, Q2, Q3 find their one evidence turn first; "went away" finds nothing.
    expect(bm25?.questions).toBe(4);
    expect(bm25?.recall).toEqual({ 1: 3 / 4, 5: 3 / 4, 10: 3 / 4, 30: 3 / 4 });
    expect(report.recall.wholeConversationTokens).toBeGreaterThan(prefilter?.tokens ?? Infinity);
  });

  it("ranks by BM25 over the turns, evidence turn first", () => {
    const recalls = bm25TurnRecall(SYNTHETIC_SAMPLE);
    expect(recalls.map((item) => item.recall[1])).toEqual([1, 1, 1, 0]);
  });

  it("reports the fact layout's rates, store and recall@k as worked out by hand", async () => {
    const report = await runLocomo({
      samples: [SYNTHETIC_SAMPLE],
      layout: "fact",
      storeDir: folder,
    });
    expect(report).toMatchObject({
      provenance: "dataset",
      layout: "fact",
      descriptions: "own-words",
    });
    // The same facts are sent as in the subject layout, one file each: Ana 4 applied (the
    // sister's move too: "Ana's sister Marta moved to Lisbon" names whose it is, so filed as type
    // user it does not become Ana's) + 1 evidence_unrelated, Ben 3 applied; every negative refused
    // by the role check.
    expect(report.write.codes).toEqual([
      { code: "applied", positive: 7, negative: 0 },
      { code: "evidence_not_from_user", positive: 0, negative: 8 },
      { code: "evidence_unrelated", positive: 1, negative: 0 },
    ]);
    expect(report.write.falseRejectRate).toBe(1 / 8);
    expect(report.write.trueRejectRate).toBe(1);
    // Ben's three facts, one subject file in the subject layout, are three files here.
    expect(report.store.map((speaker) => speaker.sessions.at(-1)?.files)).toEqual([4, 3]);
    // "Who went away recently?" asks about the sister's move, which a file holds.
    expect(report.recall.memoryQuestions).toBe(4);
    expect(report.recall.withoutTargets).toBe(6);
    const [prefilter, fallback, bm25] = report.recall.strategies;
    expect(prefilter?.strategy).toBe("fact: index pre-filter (top 30 lines)");
    expect(fallback?.strategy).toBe("fact: side-query keyword fallback (matchRows, top 5)");
    // Q1 (puppy, adopted), Q2 (work, nurse), Q3 (lessons, Tuesdays) match their one fact file
    // first; "Who went away recently?" shares no word with the sister's file: the pre-filter
    // finds it within 5, the keyword fallback not at all.
    expect(prefilter?.recall).toEqual({ 1: 3 / 4, 5: 1, 10: 1, 30: 1 });
    expect(fallback?.recall).toEqual({ 1: 3 / 4, 5: 3 / 4, 10: null, 30: null });
    expect(bm25?.recall).toEqual({ 1: 3 / 4, 5: 3 / 4, 10: 3 / 4, 30: 3 / 4 });
  });

  it("runs both layouts, subject then fact, on --layout both", async () => {
    const reports = await runLocomoLayouts({
      samples: [SYNTHETIC_SAMPLE],
      layout: "both",
      storeDir: folder,
    });
    expect(reports.map((report) => report.layout)).toEqual(["subject", "fact"]);
    expect(reports.map((report) => report.store.map((s) => s.sessions.at(-1)?.files))).toEqual([
      [4, 1],
      [4, 3],
    ]);
  });
});

describe("the oracle in the fact layout", () => {
  it("names and describes a fact by its own words, cut at a word within core's limits", () => {
    const long = `Ana ${"loves long walks by the sea ".repeat(10).trim()}.`;
    const proposal = oracleFactProposal(long, "I love long walks by the sea");
    expect(proposal).toMatchObject({ action: "save", type: "user", body: long, replaces: null });
    // "Ana " (4) + 3 x "loves long walks by the sea " (28) + "loves long" (10) = 98 chars; the next
    // word, "walks", would end at char 103, past the 100-char name limit (worked out by hand).
    expect(proposal.name).toBe(`Ana ${"loves long walks by the sea ".repeat(3)}loves long`);
    expect(proposal.name.length).toBeLessThanOrEqual(100);
    expect(proposal.description.length).toBeLessThanOrEqual(200);
    expect(long.startsWith(proposal.description)).toBe(true);
    expect(oracleFactProposal("Ana adopted a puppy.", "x").name).toBe("Ana adopted a puppy");
  });

  it("writes one file per fact through the fact write pass; MEMORY.md is the index, not a memory", async () => {
    const store = new MemoryStore({ root: folder, layout: "fact" });
    const result = await runOracle({
      sample: SYNTHETIC_SAMPLE,
      conversation: importSpeaker(SYNTHETIC_SAMPLE, "Ana"),
      store,
      descriptions: "facts",
    });
    expect(
      result.outcomes.filter((o) => o.kind === "positive").map((o) => [o.code, o.path ?? null]),
    ).toEqual([
      ["applied", "ana-adopted-a-beagle-puppy-named-pixel.md"],
      // The sister's move, filed as type user: the fact names her, so it stays hers.
      ["applied", "ana-s-sister-marta-moved-to-lisbon.md"],
      ["applied", "ana-works-as-a-nurse-at-the-city-hospital.md"],
      ["evidence_unrelated", null],
      ["applied", "pixel-fetches-a-frisbee-at-the-beach.md"],
    ]);
    expect(result.outcomes.filter((o) => o.kind === "negative").map((o) => o.code)).toEqual(
      Array(5).fill("evidence_not_from_user"),
    );
    expect(result.skipped).toEqual({ unknownDiaId: 1, notOwnTurn: 1 });
    expect([...(result.filesByDiaId.get("D1:3") ?? [])]).toEqual([
      "ana-s-sister-marta-moved-to-lisbon.md",
    ]);

    const onDisk = await filesOnDisk(folder);
    expect(onDisk.size).toBe(4);
    const pixel = onDisk.get("pixel-fetches-a-frisbee-at-the-beach.md") ?? "";
    expect(pixel).toMatch(/^description: "?Pixel fetches a frisbee at the beach\."?$/m);
    expect(pixel).toMatch(/^type: user$/m);
    expect(pixel).toContain("\nPixel fetches a frisbee at the beach.");
    const lengths = [...onDisk.values()].map((text) => text.length);
    expect(result.sessions.at(-1)).toMatchObject({
      session: 3,
      files: 4,
      totalChars: lengths.reduce((sum, length) => sum + length, 0),
      largestChars: Math.max(...lengths),
      capHits: 0,
    });
    // The generated index exists, lists every fact file, and is never a row or a recall pick.
    const index = await readFile(join(folder, "MEMORY.md"), "utf8");
    for (const path of onDisk.keys()) expect(index).toContain(path);
    expect((await store.list()).map((row) => row.path)).not.toContain("MEMORY.md");
    expect(await keywordFallback(store, "MEMORY index memory")).not.toContain("MEMORY.md");
  });

  it("counts a save onto a file of the same slug as updated, and moves its dialogue ids", async () => {
    const sample = structuredClone(SYNTHETIC_SAMPLE);
    // Two facts whose names share the first 60 slug chars (core names fact files by a 60-char
    // slug, and a save finds its file by name or slug): the later one updates the earlier file.
    const path = "ana-adopted-a-beagle-puppy-named-pixel-from-the-shelter-near.md";
    sample.observation.session_1_observation = {
      Ana: [["Ana adopted a beagle puppy named Pixel from the shelter near her old flat.", "D1:1"]],
    };
    sample.observation.session_2_observation = {};
    sample.observation.session_3_observation = {
      Ana: [["Ana adopted a beagle puppy named Pixel from the shelter near the beach.", "D3:1"]],
    };
    const store = new MemoryStore({ root: folder, layout: "fact" });
    const result = await runOracle({
      sample,
      conversation: importSpeaker(sample, "Ana"),
      store,
      descriptions: "facts",
    });
    expect(
      result.outcomes.filter((o) => o.kind === "positive").map((o) => [o.code, o.path]),
    ).toEqual([
      ["applied", path],
      ["updated", path],
    ]);
    expect(result.sessions.map((session) => session.files)).toEqual([1, 1, 1]);
    // The file holds the session-3 fact only: the question on D1:1 has no target any more.
    expect([...result.filesByDiaId]).toEqual([["D3:1", new Set([path])]]);
    expect((await filesOnDisk(folder)).get(path)).toContain("near the beach.");
  });
});

describe("loadLocomo", () => {
  it("says how to fix a missing file", async () => {
    await expect(loadLocomo(join(folder, "none.json"))).rejects.toThrow(
      expect.objectContaining({
        code: "locomo_file_missing",
        message: expect.stringContaining("--data"),
      }),
    );
  });

  it.each([
    ["not JSON", "{"],
    ["not the LoCoMo shape", JSON.stringify([{ sample_id: "x" }])],
    ["an empty list", "[]"],
  ])("refuses %s", async (_name, text) => {
    const path = join(folder, "bad.json");
    await writeFile(path, text);
    await expect(loadLocomo(path)).rejects.toThrow(
      expect.objectContaining({ code: "locomo_file_invalid" }),
    );
  });

  it("names the samples when --sample is not one of them", async () => {
    const path = join(folder, "locomo.json");
    await writeFile(path, JSON.stringify([SYNTHETIC_SAMPLE]));
    await expect(loadLocomo(path, "conv-99")).rejects.toThrow(
      new LocomoDataError(
        `No sample "conv-99" in ${path}; it holds syn-1. Pass one of those to --sample.`,
        {
          code: "locomo_sample_not_found",
        },
      ),
    );
    expect((await loadLocomo(path, "syn-1")).map((sample) => sample.sample_id)).toEqual(["syn-1"]);
  });
});

describe("pnpm bench:locomo", () => {
  it("prints the three tables and writes --json", async () => {
    const data = join(folder, "locomo.json");
    await writeFile(data, JSON.stringify([SYNTHETIC_SAMPLE]));
    let out = "";
    const code = await runBenchLocomo({
      argv: ["--data", "locomo.json", "--json", "out/report.json"],
      cwd: folder,
      write: (text) => {
        out += text;
      },
      writeError: (text) => {
        out += text;
      },
      // The same measure as at 10,000 and 50,000 files; 2,000 is past the side query's budget too.
      sideQueryFiles: [100, 2_000],
    });
    expect(code).toBe(0);
    expect(out).toContain("provenance: dataset");
    expect(out).toContain("## 1. Write guards");
    expect(out).toContain("## 2. Store by session");
    expect(out).toContain("## 3. Evidence in the prompt against prompt tokens");
    expect(out).toContain("baseline: BM25 over the annotated facts, 1,000 tokens");
    expect(out).toContain(
      "baseline: BM25 over the annotated facts, memfiles' terms, dated, 1,000 tokens",
    );
    expect(out).toContain("Budgeted recall minus each baseline (subject layout)");
    const json = JSON.parse(await readFile(join(folder, "out/report.json"), "utf8"));
    expect(json).toMatchObject({ data, provenance: "dataset", samples: ["syn-1"] });
    for (const strategy of ["bm25-facts", "bm25-facts-tuned", "bm25-turns-tuned", "chance-facts"])
      expect(json.evidenceRecall).toContainEqual(
        expect.objectContaining({ layout: null, strategy, budgetTokens: 1000 }),
      );
    expect(json.comparisons).toContainEqual(
      expect.objectContaining({
        layout: "subject",
        strategy: "budget",
        baseline: "bm25-facts-tuned",
        budgetTokens: 1000,
        difference: expect.any(Number),
        low: expect.any(Number),
        high: expect.any(Number),
        byConversation: { "syn-1": expect.objectContaining({ questions: 4 }) },
      }),
    );
    expect(json.ceiling).toMatchObject({ annotated: expect.any(Number) });
    const sizes = json.sideQuerySize as SideQuerySize[];
    expect(sizes.map((size) => [size.files, size.sentTokens <= size.budgetTokens])).toEqual([
      [100, true],
      [2_000, true],
    ]);
    expect(sizes[1]?.unbudgetedTokens).toBeGreaterThan(DEFAULT_SIDE_QUERY_MAX_TOKENS);
    expect(sizes[1]?.sentFiles).toBeLessThan(2_000);
    for (const size of sizes) {
      expect(out).toContain(
        `- ${size.files.toLocaleString("en-US")} files: ${size.unbudgetedTokens.toLocaleString("en-US")} tokens with every catalog line; sent: ${size.sentTokens.toLocaleString("en-US")} tokens (${size.sentFiles.toLocaleString("en-US")} best-matching lines, budget 20,000).`,
      );
    }
  });

  it("prints both layouts and writes { data, layout, reports } on --layout both", async () => {
    const data = join(folder, "locomo.json");
    await writeFile(data, JSON.stringify([SYNTHETIC_SAMPLE]));
    let out = "";
    const code = await runBenchLocomo({
      argv: ["--data", "locomo.json", "--layout", "both", "--json", "both.json"],
      cwd: folder,
      sideQuerySize: false,
      write: (text) => {
        out += text;
      },
      writeError: (text) => {
        out += text;
      },
    });
    expect(code).toBe(0);
    expect(out).toContain("## 1. Write guards (subject layout)");
    expect(out).toContain("## 1. Write guards (fact layout)");
    expect(out).toContain("fact: memory block + side query's keyword fallback (5 files)");
    const json = JSON.parse(await readFile(join(folder, "both.json"), "utf8"));
    expect(json).toMatchObject({ data, layout: "both" });
    expect(json.reports.map((report: { layout: string }) => report.layout)).toEqual([
      "subject",
      "fact",
    ]);
    // Both layouts' budgeted recall side by side, beside BM25 at the same budget, in one table.
    const recallAt = (rows: { strategy: string; budgetTokens: number; recall: number }[]) =>
      `${((rows.find((row) => row.strategy === "budget" && row.budgetTokens === 1_000)?.recall ?? -1) * 100).toFixed(1)}%`;
    const allRow = out.split("\n").find((line) => line.startsWith("| all "));
    expect(out).toContain("## Budgeted recall, every layout of this run, beside BM25");
    expect(
      allRow
        ?.split("|")
        .map((cell) => cell.trim())
        // name, questions, tuned BM25 turns, BM25 facts, tuned BM25 facts, then one per layout
        .slice(6, 8),
    ).toEqual([recallAt(json.reports[0].evidenceRecall), recallAt(json.reports[1].evidenceRecall)]);
    // The leave-one-out check, printed and in the JSON, for each layout at each budget.
    expect(out).toContain(
      "## Leave one out: budgeted recall minus tuned BM25 over the annotated facts",
    );
    expect(
      json.leaveOneOut.map((row: { layout: string; budgetTokens: number }) => [
        row.layout,
        row.budgetTokens,
      ]),
    ).toEqual(
      ["subject", "fact"].flatMap((layout) =>
        [1_000, 2_000, 4_000, 8_000].map((budget) => [layout, budget]),
      ),
    );
  });

  it.each([
    [["--layout", "flat"], /--layout must be one of subject, fact, both/],
    [["--descriptions", "model"], /--descriptions must be facts or path/],
    [["--bogus"], /Unknown option '--bogus'/],
  ])("exits 2 on %j", async (argv, message) => {
    let errors = "";
    const code = await runBenchLocomo({
      argv,
      cwd: folder,
      write: () => {},
      writeError: (text) => {
        errors += text;
      },
    });
    expect(code).toBe(2);
    expect(errors).toMatch(message);
  });
});

describe("withoutSecretlintMarks", () => {
  it("turns performance.mark off while the work runs and puts it back", async () => {
    const before = performance.mark;
    const during = await withoutSecretlintMarks(async () => performance.mark("x"));
    expect(during).toBeUndefined();
    expect(performance.mark).toBe(before);
    expect(performance.mark("y")).toBeDefined();
    performance.clearMarks();
  });
});
