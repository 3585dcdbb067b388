import { describe, expect, it } from "vitest";
import { TIME_ZONE_ENV_CASES } from "../../test/fixtures/time-zone-env.js";
import { timeZoneFromEnv } from "./time-zone-from-env.js";

describe("timeZoneFromEnv", () => {
  it.each(TIME_ZONE_ENV_CASES)("$name", ({ env, timeZone, warns }) => {
    expect(timeZoneFromEnv(env, "Pacific/Auckland")).toEqual({
      timeZone: timeZone ?? "Pacific/Auckland",
      ...(warns === undefined
        ? {}
        : {
            warning: `$${warns} is ${JSON.stringify(env[warns])}, which names no IANA time zone; dates are written in UTC. Set ${warns} to a name such as "Europe/Berlin".`,
          }),
    });
  });

  it("falls back to UTC when no fallback is given", () => {
    expect(timeZoneFromEnv({})).toEqual({ timeZone: "UTC" });
  });
});
