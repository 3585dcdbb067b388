import { describe, expect, it } from "vitest";
import { TIME_ZONE_ENV_CASES } from "../../core/test/fixtures/time-zone-env.js";
import { contextIn } from "../test/command-context.js";
import { memoryFixture } from "../test/memory-fixture.js";
import { runMemfiles, timeZoneOption } from "./run-memfiles.js";

async function remembered(env: NodeJS.ProcessEnv) {
  const { folder } = await memoryFixture();
  const { context, output } = contextIn(folder);
  context.env = env;
  const code = await runMemfiles(
    ["remember", "memory", "topics/tools.md", "uses tmux", "--json"],
    context,
  );
  return { code, ...output };
}

describe("$TZ that names no time zone", () => {
  it.each(["Mars/Olympus_Mons", ":/etc/localtime", "CEST"])(
    "TZ=%s: one warning on stderr naming it, dates in UTC, the command still runs",
    async (tz) => {
      const result = await remembered({ TZ: tz });
      expect(result.code).toBe(0);
      expect(result.stderr).toBe(
        `memfiles: $TZ is ${JSON.stringify(tz)}, which names no IANA time zone; dates are written in UTC. Set TZ to a name such as "Europe/Berlin". Or pass --time-zone.\n`,
      );
    },
  );

  it.each([
    ["an IANA name", { TZ: "Asia/Shanghai" }],
    ["the POSIX :name form", { TZ: ":Asia/Shanghai" }],
    ["no TZ", {}],
    ["--time-zone given (it decides)", { TZ: "Mars/Olympus_Mons" }],
  ])("%s: no warning", async (name, env) => {
    const { folder } = await memoryFixture();
    const { context, output } = contextIn(folder);
    context.env = env;
    const argv = ["remember", "memory", "topics/tools.md", "uses tmux"];
    if (name.startsWith("--time-zone")) argv.unshift("--time-zone", "UTC");
    expect(await runMemfiles(argv, context)).toBe(0);
    expect(output.stderr).toBe("");
  });
});

describe("the CLI's time zone from the environment (core's timeZoneFromEnv)", () => {
  it.each(TIME_ZONE_ENV_CASES)("$name", ({ env, timeZone, warns }) => {
    const warnings: string[] = [];
    expect(timeZoneOption(undefined, env, (text) => warnings.push(text))).toBe(timeZone ?? "UTC");
    expect(warnings).toEqual(
      warns === undefined
        ? []
        : [
            `memfiles: $${warns} is ${JSON.stringify(env[warns])}, which names no IANA time zone; dates are written in UTC. Set ${warns} to a name such as "Europe/Berlin". Or pass --time-zone.\n`,
          ],
    );
  });
});
