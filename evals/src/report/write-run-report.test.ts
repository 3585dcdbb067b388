import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ReportView } from "./html/report-view.js";
import { writeRunReport } from "./write-run-report.js";

const view = (command: ReportView["command"]): ReportView => ({
  title: command,
  command,
  cells: [],
  stageCosts: [],
  cacheWarnings: [],
  writeRates: [],
  provenanceNotes: [],
  counts: { cells: 0, passedCells: 0, epochs: 0, passedEpochs: 0 },
  details: [],
});

describe("writeRunReport", () => {
  it("says when `pnpm eval:ab` replaces the report `pnpm eval` wrote", async () => {
    const outDir = await mkdtemp(join(tmpdir(), "memfiles-report-"));
    const options = { outDir, historyFile: join(outDir, "history.jsonl"), repositoryDir: outDir };
    const reportFile = join(outDir, "report.html");
    const first = await writeRunReport({ ...options, view: view("eval") });
    expect(first.wroteText).toBe(`Wrote ${reportFile}\n`);
    const second = await writeRunReport({ ...options, view: view("ab") });
    expect(second.wroteText).toBe(
      `Wrote ${reportFile} (replacing the report of the run before; --out <folder> keeps both)\n`,
    );
  });
});
