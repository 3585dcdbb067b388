// How a memfiles bin starts, written once for every bin. Plain JavaScript: it runs before anything
// is built or compiled. Inside the workspace, packages export their TypeScript sources (docs/
// decisions/0003) and a bin runs them through tsx; with node's `--conditions=memfiles-dist` every
// package resolves to its dist/, which only `pnpm build` makes. A published package ships dist/.

/** Whether node was started with `--conditions=memfiles-dist`: packages resolve to dist/. */
export const startsBuilt = process.execArgv.some((option) => option.includes("memfiles-dist"));

/**
 * Runs a bin's entry. Under `--conditions=memfiles-dist`, a module missing from a dist/ folder
 * means the clone was not built: that is said on stderr with the fix, and the exit code is 1,
 * instead of node's ERR_MODULE_NOT_FOUND stack.
 *
 * @param {string} command - The bin's name, e.g. `memfiles-mcp`, for the message.
 * @param {() => Promise<unknown>} load - Imports the entry; the bin's own `import()`, so its
 *   specifiers resolve from the bin's package.
 * @returns {Promise<void>}
 * @throws {unknown} what `load` throws, unless it is a missing built file under the condition.
 */
export async function startEntry(command, load) {
  try {
    await load();
  } catch (error) {
    const missing = startsBuilt ? missingBuiltFile(error) : undefined;
    if (missing === undefined) throw error;
    process.stderr.write(
      `${command}: ${missing} does not exist. Node was started with --conditions=memfiles-dist, which runs the packages' built dist/ folders: run \`pnpm build\` in the memfiles clone first, or start without --conditions=memfiles-dist to run the sources through tsx (slower to start).\n`,
    );
    process.exitCode = 1;
  }
}

/** The dist/ file an ERR_MODULE_NOT_FOUND names, if it names one. */
function missingBuiltFile(error) {
  if (error?.code !== "ERR_MODULE_NOT_FOUND") return undefined;
  const named = /Cannot find module '([^']+)'/.exec(String(error.message))?.[1];
  return named !== undefined && /[\\/]dist[\\/]/.test(named) ? named : undefined;
}
