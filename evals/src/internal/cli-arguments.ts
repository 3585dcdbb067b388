import { pathToFileURL } from "node:url";

/**
 * The command-line arguments of a CLI entry point. The root scripts (`pnpm eval`, `pnpm eval:ab`,
 * `pnpm cost`) run `tsx evals/src/cli/<name>.ts` directly, and pnpm appends the user's arguments;
 * a user who types `pnpm eval -- --json x.json` gets a literal leading `--`, which is dropped here.
 *
 * @param argv - Defaults to `process.argv.slice(2)`.
 * @returns The arguments without a leading `--`.
 * @example cliArguments(["--", "--json", "x.json"]) // ["--json", "x.json"]
 */
export function cliArguments(argv: readonly string[] = process.argv.slice(2)): string[] {
  return argv[0] === "--" ? argv.slice(1) : [...argv];
}

/**
 * Whether the module with this `import.meta.url` is the script Node was started with (and not
 * imported by a test).
 *
 * @param moduleUrl - The calling module's `import.meta.url`.
 * @returns `true` when run as `tsx <file>`.
 */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && moduleUrl === pathToFileURL(script).href;
}
