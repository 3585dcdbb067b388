import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import {
  flushRecallIndexes,
  forgetOpenRecallIndexes,
  openRecallIndex,
} from "@memfiles/core/internal";
import { afterEach, describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// `memfiles check` reports a stored recall index out of step with the files
// (`recall_index_out_of_step`, core's `recallIndexDrift`), changes nothing without `--fix`, and
// `--fix` rebuilds the index (docs/decisions/0089).

type Found = { code: string; path: string; fixed?: boolean; message: string };

const roots: string[] = [];
afterEach(async () => {
  forgetOpenRecallIndexes();
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

// A fact file's body is prose, as `detectLayout` reads a fact folder.
const fileText = (layout: "subject" | "fact", name: string, fact: string) =>
  layout === "fact"
    ? `---\nname: ${name}\ndescription: About ${name}.\ntype: user\n---\nThe user ${fact}.\n`
    : `---\nname: ${name}\ndescription: About ${name}.\n---\n[stated 2026/01/02] ${fact}\n`;

async function check(cwd: string, root: string, fix: boolean) {
  const { context, output } = contextIn(cwd);
  const code = await runMemfiles(["check", root, "--json", ...(fix ? ["--fix"] : [])], context);
  const findings = (JSON.parse(output.stdout) as { findings: Found[] }).findings;
  return { code, drift: findings.filter((found) => found.code === "recall_index_out_of_step") };
}

const DRIFTS = [
  {
    drift: "a file added by hand",
    change: (root: string, dir: string, layout: "subject" | "fact") =>
      writeFile(join(root, dir, "garden.md"), fileText(layout, "garden", "grows tomatoes")),
    path: (dir: string) => `${dir}garden.md`,
    says: "is not in the recall index yet",
  },
  {
    drift: "a file removed by hand",
    change: (root: string, dir: string) => rm(join(root, dir, "tools.md")),
    path: (dir: string) => `${dir}tools.md`,
    says: "no longer in the folder",
  },
  {
    drift: "an index of an older format",
    change: async (root: string) => {
      const path = join(root, ".memfiles", "recall-index.json");
      const text = await readFile(path, "utf8");
      await writeFile(path, text.replace(/"format":\d+/, '"format":1'));
    },
    path: () => ".memfiles/recall-index.json",
    says: "of another format",
  },
] as const;

describe("check reports a recall index out of step with the files", () => {
  const cases = (["subject", "fact"] as const).flatMap((layout) =>
    DRIFTS.map((drift) => ({ layout, ...drift })),
  );
  it.each(cases)("$layout layout: $drift", async ({ layout, change, path, says }) => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-check-drift-"));
    roots.push(cwd);
    const root = join(cwd, "memory");
    const dir = layout === "subject" ? "topics/" : "";
    for (const [name, fact] of [
      ["bikes", "rides a green bike"],
      ["tools", "uses Vim"],
    ] as const) {
      await mkdir(dirname(join(root, dir, `${name}.md`)), { recursive: true });
      await writeFile(join(root, dir, `${name}.md`), fileText(layout, name, fact));
    }
    const store = new MemoryStore({ root, layout });
    await store.rebuildIndex();
    await openRecallIndex(store);
    await flushRecallIndexes();
    forgetOpenRecallIndexes();
    expect((await check(cwd, root, false)).drift).toEqual([]);
    await change(root, dir, layout);
    const stored = await readFile(join(root, ".memfiles", "recall-index.json"), "utf8");
    const found = await check(cwd, root, false);
    expect(found.drift.map((item) => item.path)).toEqual([path(dir)]);
    expect(found.drift[0]?.message).toContain(says);
    expect(found.code).not.toBe(0);
    // Read-only without --fix.
    expect(await readFile(join(root, ".memfiles", "recall-index.json"), "utf8")).toBe(stored);
    forgetOpenRecallIndexes();
    const fixed = await check(cwd, root, true);
    expect(fixed.drift.map((item) => item.fixed)).toEqual([true]);
    forgetOpenRecallIndexes();
    expect((await check(cwd, root, false)).drift).toEqual([]);
  });
});
