import { describe, expect, it } from "vitest";
import { MemfilesError } from "./memfiles-error.js";
import { importOptional, MissingPackageError } from "./missing-package-error.js";

describe("importOptional", () => {
  it("turns a missing optional package into a user-fixable MissingPackageError", async () => {
    const error = await importOptional(
      () => import("@memfiles/not-installed-package" as string),
      "@memfiles/not-installed-package",
      "--pglite",
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MissingPackageError);
    expect(MemfilesError.isInstance(error) && error.userFixable).toBe(true);
    expect((error as Error).message).toBe(
      "--pglite needs the optional package @memfiles/not-installed-package, which is not installed. Install it beside memfiles (npm install @memfiles/not-installed-package) and run again.",
    );
  });

  it("passes through an error that is not the package itself missing", async () => {
    const broken = Object.assign(new Error("Cannot find package 'left-pad' imported from x"), {
      code: "ERR_MODULE_NOT_FOUND",
    });
    const error = await importOptional(
      () => Promise.reject(broken),
      "@memfiles/pg",
      "--pglite",
    ).catch((caught: unknown) => caught);
    expect(error).toBe(broken);
  });

  it("returns the module when it loads", async () => {
    const module = await importOptional(() => import("node:path"), "node:path", "a test");
    expect(typeof module.join).toBe("function");
  });
});
