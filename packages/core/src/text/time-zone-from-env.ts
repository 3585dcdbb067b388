import { DEFAULT_TIME_ZONE, isTimeZone } from "./local-day.js";

/** Result of {@link timeZoneFromEnv}. */
export type TimeZoneFromEnv = {
  /** An IANA name this runtime knows, e.g. `Europe/Berlin`. */
  timeZone: string;
  /** Set when the variable that decides names no zone: what it holds, and that UTC is used. */
  warning?: string;
};

/**
 * The user's time zone from the environment, the one rule the CLI, the MCP server and the hooks
 * read it by: `MEMFILES_TIME_ZONE`, else `TZ` (the POSIX `:Europe/Berlin` form too); the first
 * that is set and not empty decides. When it names no zone (a typo, `:/etc/localtime`), dates are
 * written in UTC and `warning` says so; when neither is set, `fallback`.
 *
 * @param env - The environment, e.g. `process.env`.
 * @param fallback - The zone when neither variable is set (default `UTC`).
 * @returns `{ timeZone, warning? }`.
 * @example timeZoneFromEnv({ TZ: ":Europe/Berlin" }).timeZone // "Europe/Berlin"
 */
export function timeZoneFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  fallback: string = DEFAULT_TIME_ZONE,
): TimeZoneFromEnv {
  for (const name of ["MEMFILES_TIME_ZONE", "TZ"] as const) {
    const value = env[name];
    if (value === undefined || value === "") continue;
    const zone = value.replace(/^:/, "");
    if (isTimeZone(zone)) return { timeZone: zone };
    return {
      timeZone: DEFAULT_TIME_ZONE,
      warning: `$${name} is ${JSON.stringify(value)}, which names no IANA time zone; dates are written in UTC. Set ${name} to a name such as "Europe/Berlin".`,
    };
  }
  return { timeZone: fallback };
}
