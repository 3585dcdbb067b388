import { describe, expect, it } from "vitest";
import { PgBackend, type SqlClient, TenantError } from "../src/index.js";
import { sharedPglite } from "./pglite-fixture.js";
import { describeTenancy } from "./tenancy-contract.js";

describeTenancy("PGlite", sharedPglite);

describe("tenant keys", () => {
  it("refuses an empty, overlong or control-character tenant before any query", async () => {
    // The constructor refuses the key before it could send any query.
    const sql = { shared: false } as SqlClient;
    {
      for (const tenant of ["", "x".repeat(201), "bob\u0000", "a\nb"]) {
        expect(() => new PgBackend({ sql, tenant }), JSON.stringify(tenant)).toThrow(TenantError);
      }
      const error = (() => {
        try {
          new PgBackend({ sql, tenant: "" });
        } catch (caught) {
          return caught as TenantError;
        }
      })();
      expect(error?.code).toBe("invalid_tenant");
    }
  });
});
