import { MemfilesError } from "@memfiles/errors";

/**
 * A tenant key the PostgreSQL backend refuses: empty, longer than 200 chars, or holding control
 * characters. Nothing is read or written.
 *
 * @example new TenantError({ tenant: "", reason: "it is empty" })
 */
export class TenantError extends MemfilesError {
  override readonly name = "TenantError";
  /** The refused tenant key. */
  readonly tenant: string;

  constructor(options: { tenant: string; reason: string }) {
    super(
      `Refused tenant ${JSON.stringify(options.tenant)}: ${options.reason}. Give each user a stable id of 1 to 200 printable chars (e.g. "user-42").`,
      { code: "invalid_tenant", userFixable: true },
    );
    this.tenant = options.tenant;
  }
}
