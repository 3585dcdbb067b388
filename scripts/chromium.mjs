// Where the browser tests find Chromium, in one place for both test files and scripts/setup.sh:
// $MEMFILES_CHROMIUM when set, else Debian's package path. Run as a program, it prints the path.
import { accessSync, constants } from "node:fs";
import { fileURLToPath } from "node:url";

/** Debian's `chromium` package installs its launcher here (packages.debian.org/bookworm/chromium). */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/**
 * The Chromium binary the browser tests launch.
 * @param {NodeJS.ProcessEnv} [env] - the environment to read `MEMFILES_CHROMIUM` from
 * @returns {string} an absolute path, not checked to exist
 */
export function chromiumPath(env = process.env) {
  const chosen = env.MEMFILES_CHROMIUM?.trim();
  return chosen ? chosen : DEBIAN_CHROMIUM;
}

/**
 * Throws when the browser tests cannot start Chromium, naming the fix: a run that skipped them
 * would pass having checked no page.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string} the executable path
 * @throws {Error} when the path is missing or not executable
 */
export function requireChromium(env = process.env) {
  const path = chromiumPath(env);
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    const fix = env.MEMFILES_CHROMIUM?.trim()
      ? `MEMFILES_CHROMIUM is set to ${path}, which is not an executable file: point it at a Chromium or Chrome binary, or unset it to use ${DEBIAN_CHROMIUM}.`
      : `Run \`bash scripts/setup.sh\` (it installs Debian's chromium package with apt when it can, else prints the command), or \`apt-get install -y chromium\` as root, or set MEMFILES_CHROMIUM to a Chromium or Chrome binary.`;
    throw new Error(`No Chromium for the browser tests at ${path}. ${fix}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(chromiumPath());
}
