import { performance } from "node:perf_hooks";
import { secretLintProfiler } from "@secretlint/profiler";
import { afterEach, describe, expect, it } from "vitest";
import { findSecrets } from "./secret-guard.js";
import { setSecretlintProfiling } from "./secretlint-profiler.js";

// secretlint 11 keeps every performance mark it makes and scans them all on each new one
// (secretlint#1653, fixed in secretlint 13 by secretlint#1673, which needs Node 22): a long-running
// process got slower with every scan. Counts, not timings: the figures are in `pnpm bench -- secretlint`.
const SECRETLINT_MARK = /^(?:@core|@node|@config-loader|secretlint)>/;

/** The profiler's observer and its measures run after the scan, on a later turn of the event loop. */
async function settled(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await secretLintProfiler.getMeasures();
}

async function counts(): Promise<{ marks: number; measures: number; profilerEntries: number }> {
  await settled();
  const byName = (type: "mark" | "measure") =>
    performance.getEntriesByType(type).filter((entry) => SECRETLINT_MARK.test(entry.name)).length;
  return {
    marks: byName("mark"),
    measures: byName("measure"),
    profilerEntries: (await secretLintProfiler.getEntries()).length,
  };
}

describe("secretlint's profiler during scans", () => {
  afterEach(() => setSecretlintProfiling(false));

  it("leaves no secretlint marks, measures or profiler entries behind, scan after scan", async () => {
    await findSecrets("deploys on Fly.io");
    const before = await counts();
    for (let scan = 0; scan < 20; scan++) await findSecrets(`fact ${scan}: my bank PIN is 4821`);
    expect(await counts()).toEqual(before);
  });

  it("keeps the application's own marks", async () => {
    performance.mark("memfiles-test-own-mark");
    await findSecrets("deploys on Fly.io");
    await settled();
    expect(performance.getEntriesByName("memfiles-test-own-mark", "mark")).toHaveLength(1);
    performance.clearMarks("memfiles-test-own-mark");
  });

  it("can be turned back on, and then secretlint marks every scan again", async () => {
    setSecretlintProfiling(true);
    const before = await counts();
    // A text no other test scans: one scanned lately (in this worker's other test files too) is
    // answered from memory, without secretlint.
    await findSecrets("the profiler test's own fact: hosts the family wiki on a Raspberry Pi");
    expect((await counts()).marks).toBeGreaterThan(before.marks);
  });
});
