import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import { findForgottenLines } from "@memfiles/core/internal";
import { afterEach, describe, expect, it } from "vitest";
import { type MemoryPage, startMemoryPage } from "./memory-page-server.js";

// A line's `[stated …]` tag and a tombstone's date are both the user's calendar day (decision
// 0095): the page's delete dates its tombstone in the zone `memfiles serve` was given, so near
// midnight the stated-day gate compares days of one calendar. In UTC−8 at 23:30 the UTC day is
// already the next one; in UTC+13 at 00:30 it is still the day before.
let page: MemoryPage | undefined;
afterEach(async () => {
  await page?.close();
  page = undefined;
});

type Case = {
  name: string;
  timeZone: string;
  /** The moment of the delete, and the user's day then and the day after. */
  now: string;
  today: string;
  tomorrow: string;
};

const CASES: Case[] = [
  {
    name: "23:30 in UTC−8",
    timeZone: "America/Los_Angeles",
    now: "2026-12-08T07:30:00Z",
    today: "2026/12/07",
    tomorrow: "2026/12/08",
  },
  {
    name: "00:30 in UTC+13",
    timeZone: "Pacific/Tongatapu",
    now: "2026-12-07T11:30:00Z",
    today: "2026/12/08",
    tomorrow: "2026/12/09",
  },
];

describe("the memory page forgets in the user's time zone", () => {
  it.each(CASES)("$name", async ({ timeZone, now, today, tomorrow }) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-page-zone-")), "memory");
    await mkdir(join(root, "people"), { recursive: true });
    const header = "---\nname: anna\ndescription: Anna.\n---\n";
    const sister = `[stated ${today}] Anna's sister lives in Madrid`;
    const brother = `[stated ${today}] Anna's brother lives in Madrid`;
    await writeFile(join(root, "people/anna.md"), `${header}${sister}\n${brother}\n`);
    const store = new MemoryStore({ root });
    page = await startMemoryPage({ store, timeZone, now: () => new Date(now) });
    const { version } = await store.read("people/anna.md");
    const response = await fetch(
      `http://127.0.0.1:${page.port}/api/forget-line?token=${page.token}`,
      {
        method: "POST",
        headers: { origin: `http://127.0.0.1:${page.port}`, "content-type": "application/json" },
        body: JSON.stringify({ file: "people/anna.md", version, line: sister }),
      },
    );
    expect(response.status).toBe(200);
    // The brother's line, stated the same day, was left by the delete; a restatement typed the
    // next day is the forgotten fact again.
    await writeFile(
      join(root, "people/anna-again.md"),
      `${header}[stated ${tomorrow}] Anna's sibling lives in Madrid\n`,
    );
    expect({
      date: (
        JSON.parse((await store.readInternal("tombstones.json")) ?? "{}") as {
          tombstones: Array<{ date: string }>;
        }
      ).tombstones.map((tombstone) => tombstone.date),
      check: (await findForgottenLines(store)).map(({ path, rule }) => ({ path, rule })),
    }).toEqual({
      date: [today],
      check: [{ path: "people/anna-again.md", rule: "removed_fact_words" }],
    });
  });
});
