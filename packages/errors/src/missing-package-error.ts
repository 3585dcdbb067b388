import { MemfilesError } from "./memfiles-error.js";

/**
 * An optional package that a feature needs is not installed (e.g. `@memfiles/pg` for
 * `--pglite` / `--database-url`): user-fixable, the message names the install command.
 */
export class MissingPackageError extends MemfilesError {
  override readonly name = "MissingPackageError";
  /** The npm name of the package that is missing. */
  readonly packageName: string;

  /**
   * @param packageName - The npm package, e.g. `@memfiles/pg`.
   * @param neededFor - What asked for it, e.g. `--pglite`.
   * @param cause - The loader's error (`ERR_MODULE_NOT_FOUND`).
   */
  constructor(packageName: string, neededFor: string, cause?: unknown) {
    super(
      `${neededFor} needs the optional package ${packageName}, which is not installed. Install it beside memfiles (npm install ${packageName}) and run again.`,
      { code: "missing_package", userFixable: true, cause },
    );
    this.packageName = packageName;
  }
}

/**
 * Load an optional package, turning "not installed" into a {@link MissingPackageError}. The
 * import must be written by the caller (`() => import("@memfiles/pg")`) so it resolves from the
 * caller's own package.
 *
 * @param load - The dynamic import.
 * @param packageName - Its npm name, for the message.
 * @param neededFor - The option or feature that needs it, for the message.
 * @returns The module.
 * @throws {MissingPackageError} when the package (not one of its own imports) is missing.
 * @example const pg = await importOptional(() => import("@memfiles/pg"), "@memfiles/pg", "--pglite");
 */
export async function importOptional<Module>(
  load: () => Promise<Module>,
  packageName: string,
  neededFor: string,
): Promise<Module> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const message = error instanceof Error ? error.message : "";
    if (code === "ERR_MODULE_NOT_FOUND" && message.includes(`'${packageName}'`)) {
      throw new MissingPackageError(packageName, neededFor, error);
    }
    throw error;
  }
}
