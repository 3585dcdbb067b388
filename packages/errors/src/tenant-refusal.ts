/**
 * The tenant of a single-user PGlite database when no `--tenant` is given, on every command line
 * that opens one (`memfiles`, `memfiles-mcp`).
 */
export const LOCAL_TENANT = "local";

/** Options of {@link tenantRefusal}. */
export type TenantRefusalOptions = {
  /** The option that opened the database. */
  database: "--database-url" | "--pglite";
  /** Where the empty tenant came from (`--tenant`, `MEMFILES_TENANT`); absent when none was given. */
  tenantFrom?: string | undefined;
  /** Another way to give a tenant, appended to the advice, e.g. ` (or set MEMFILES_TENANT)`. */
  orElse?: string;
};

/**
 * The refusal of a database opened without a usable tenant, for every command line that opens one
 * (`memfiles`, `memfiles-mcp`): it names the option given, and says the tenant is missing or empty.
 *
 * @param options - {@link TenantRefusalOptions}.
 * @returns The message, for the caller's own error class.
 * @example tenantRefusal({ database: "--pglite", tenantFrom: "--tenant" })
 * // 'Refused --pglite with an empty --tenant: ...'
 */
export function tenantRefusal(options: TenantRefusalOptions): string {
  const { database, tenantFrom } = options;
  const why = "a database holds many users' memories, one per tenant";
  const orElse = options.orElse ?? "";
  if (tenantFrom === undefined) {
    return `Refused ${database} without --tenant: ${why}. Pass --tenant user-42, for example${orElse}.`;
  }
  const local =
    database === "--pglite" && tenantFrom === "--tenant"
      ? `, or leave --tenant out for the tenant "${LOCAL_TENANT}"`
      : "";
  return `Refused ${database} with an empty ${tenantFrom}: the tenant says whose memory to open, and ${why}. Pass --tenant user-42, for example${local}${orElse}.`;
}
