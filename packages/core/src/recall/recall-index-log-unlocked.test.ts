import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  handFileText as fileText,
  handFilePaths as paths,
} from "../../test/fixtures/hand-files.js";
import { MemoryStore } from "../store/index.js";
import { LAYOUT_NAMES } from "../store/layout-names.js";
import { withStoreLock } from "../store/store-lock.js";
import {
  flushRecallIndexes,
  forgetOpenRecallIndexes,
  openRecallIndex,
  RECALL_INDEX_LOG,
} from "./recall-index.js";

// A request appends the entries of the files it re-indexed to the recall index's log without the
// store's lock (docs/decisions/0111): each entry is checked by its file's stamp when read, so the
// lock ordered nothing a reader relies on, and a request no longer waits for a write in another
// process (or a hook for 100 ms) to save them.

const roots: string[] = [];
afterEach(async () => {
  forgetOpenRecallIndexes();
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

describe("a request saves its log entries while another holds the store's lock", () => {
  it.each(LAYOUT_NAMES)("%s layout", async (layout) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-log-unlocked-"));
    roots.push(root);
    const store = new MemoryStore({ root, layout });
    const { tools, bikes } = paths(layout);
    expect((await store.write(tools, fileText(layout, tools, "Uses Vim."), "new")).ok).toBe(true);
    expect((await store.write(bikes, fileText(layout, bikes, "Bikes I own."), "new")).ok).toBe(
      true,
    );
    await openRecallIndex(store);
    await flushRecallIndexes();
    const logBefore = (await readFile(join(root, ".memfiles", RECALL_INDEX_LOG), "utf8")).length;
    await writeFile(
      join(root, bikes),
      fileText(layout, bikes, "Bikes I own.").replace("noted", "rides a gravel bike"),
    );
    // Made outside the lock holder's context, run inside its hold: an append that took the lock
    // would wait for the holder, which waits for it (the test then fails at its limit).
    let go: () => void = () => {};
    const request = new Promise<void>((resolve) => {
      go = resolve;
    }).then(() => openRecallIndex(store));
    const recalled = await withStoreLock(root, async () => {
      go();
      const index = await request;
      await flushRecallIndexes();
      return index.query("gravel bike").map((unit) => unit.text);
    });
    expect(recalled.some((text) => text.includes("rides a gravel bike"))).toBe(true);
    const log = await readFile(join(root, ".memfiles", RECALL_INDEX_LOG), "utf8");
    expect(log.length).toBeGreaterThan(logBefore);
    expect(log.slice(logBefore)).toContain("rides a gravel bike");
  });
});
