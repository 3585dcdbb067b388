import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TIME_ZONE_ENV_CASES } from "../../core/test/fixtures/time-zone-env.js";
import { openServerMemory } from "../src/server-options.js";

describe("the server's time zone from the environment (core's timeZoneFromEnv)", () => {
  it.each(TIME_ZONE_ENV_CASES)("$name", async ({ env, timeZone, warns }) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-zone-")), "memory");
    const opened = await openServerMemory(["--root", root, "--create"], env);
    if (opened.code !== "opened") throw new Error(`not opened: ${opened.code}`);
    await opened.close();
    expect(opened.serverOptions.timeZone).toBe(timeZone ?? "UTC");
    expect(opened.warning).toBe(
      warns === undefined
        ? undefined
        : `$${warns} is ${JSON.stringify(env[warns])}, which names no IANA time zone; dates are written in UTC. Set ${warns} to a name such as "Europe/Berlin".`,
    );
  });

  it("--time-zone decides, and nothing is warned about", async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-zone-")), "memory");
    const opened = await openServerMemory(
      ["--root", root, "--create", "--time-zone", "Asia/Tokyo"],
      { TZ: "Mars/Olympus_Mons" },
    );
    if (opened.code !== "opened") throw new Error(`not opened: ${opened.code}`);
    expect([opened.serverOptions.timeZone, opened.warning]).toEqual(["Asia/Tokyo", undefined]);
  });
});
