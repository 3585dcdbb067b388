import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { InvalidArgumentError } from "@memfiles/errors";
import { describe, expect, it } from "vitest";
import { mockMessages, testClient, toolUseBlock, useMessagesApi } from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import { dateTag } from "../format/index.js";
import { forget, remember, writePass } from "../layouts/index.js";
import { localDay } from "../text/index.js";

const server = useMessagesApi();

// 07:00 on 11/30 at UTC+8 is still 11/29 in UTC; 20:00 on 11/30 at UTC-8 is already 12/01.
const ZONES = [
  ["UTC+8 at 07:00 on 11/30", "Asia/Shanghai", "2026-11-29T23:00:00Z"],
  ["UTC-8 at 20:00 on 11/30", "America/Los_Angeles", "2026-12-01T04:00:00Z"],
] as const;

describe("a time zone dates facts on the user's day", () => {
  it.each(ZONES)("localDay and dateTag, %s", (_name, timeZone, instant) => {
    const now = new Date(instant);
    expect([localDay(now, timeZone), dateTag(now, timeZone)]).toEqual(["2026-11-30", "2026/11/30"]);
    expect(localDay(now)).not.toBe("2026-11-30");
  });

  it("refuses an unknown time zone by name", () => {
    expect(() => localDay(new Date(), "Mars/Olympus")).toThrow(InvalidArgumentError);
    expect(() => localDay(new Date(), "Mars/Olympus")).toThrow(
      'Unknown time zone "Mars/Olympus": give an IANA name such as "Europe/Berlin", "Asia/Shanghai" or "UTC".',
    );
  });

  it.each(ZONES)(
    "remember, %s: stated today, tomorrow is 12/01",
    async (_name, timeZone, instant) => {
      const store = await tempStore();
      const result = await remember({
        store,
        path: "profile.md",
        fact: "my dentist appointment is tomorrow",
        now: new Date(instant),
        timeZone,
      });
      expect(result).toMatchObject({
        ok: true,
        line: "[stated 2026/11/30] my dentist appointment is on 2026/12/01",
      });
      expect(await readFile(join(store.root, "profile.md"), "utf8")).toContain(
        "updated: 2026/11/30",
      );
    },
  );

  it.each(ZONES)("writePass on an undated transcript, %s", async (_name, timeZone, instant) => {
    const store = await tempStore();
    const memories = [
      {
        file: "profile.md",
        fact: "dentist appointment is tomorrow",
        evidence: "my dentist appointment is tomorrow",
        replaces: null,
        description: null,
      },
    ];
    const requests = mockMessages(server, [
      { content: [toolUseBlock({ name: "propose_memories", input: { memories } })] },
    ]);
    const result = await writePass({
      store,
      transcript: {
        date: "",
        turns: [{ role: "user", content: "my dentist appointment is tomorrow" }],
      },
      client: testClient(),
      model: "claude-haiku-4-5",
      now: new Date(instant),
      timeZone,
    });
    expect(result.applied.map((item) => item.line)).toEqual([
      "[stated 2026/11/30] dentist appointment is on 2026/12/01",
    ]);
    expect(JSON.stringify(requests[0])).toContain('date=\\"2026-11-30\\"');
  });

  it.each(ZONES)(
    "forget dates its tombstone on the user's day, %s",
    async (_name, timeZone, instant) => {
      const store = await tempStore();
      await remember({
        store,
        path: "profile.md",
        fact: "lives in Berlin",
        now: new Date(instant),
      });
      const result = await forget({
        store,
        query: "lives in Berlin",
        now: new Date(instant),
        timeZone,
      });
      expect(result.ok).toBe(true);
      const tombstones = await readFile(join(store.root, ".memfiles", "tombstones.json"), "utf8");
      expect(tombstones).toContain("2026/11/30");
    },
  );

  it("the fact layout's remember too", async () => {
    const store = await tempStore("fact");
    const [, timeZone, instant] = ZONES[0];
    const result = await remember({
      store,
      path: "dentist.md",
      fact: "dentist appointment is tomorrow",
      now: new Date(instant),
      timeZone,
    });
    expect(result.ok).toBe(true);
    const text = await readFile(join(store.root, "dentist.md"), "utf8");
    expect(text).toContain("updated: 2026/11/30");
    expect(text).toContain("dentist appointment is on 2026/12/01");
  });
});
