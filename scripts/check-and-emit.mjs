// `node scripts/check-and-emit.mjs <tsconfig> <package folder>...`: type-checks the program of
// <tsconfig> and from that same program writes each package's dist/ exactly as its own
// `tsc -p tsconfig.build.json` would. `pnpm typecheck:workspace` runs it on tsconfig.check.json
// (every package but the CLI) for errors, prompts, core, pg and mcp; the CLI's typecheck on its
// own program. A separate build program per package parsed the same node_modules types and
// inferred the same declarations again, which cost more CPU than the check itself; here the emit
// reuses the types the check has already worked out.
//
// Like tsc, it writes the files even when the check finds errors (the tests that need dist/ still
// run and report), then exits non-zero. A package's tsconfig.build.json names the files to emit
// and where; its compiler options must match the checked program's, or its dist/ would not be
// what its own build writes, so a difference fails here.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const [checkConfig, ...packages] = process.argv.slice(2);
if (checkConfig === undefined || packages.length === 0) {
  process.stderr.write("Usage: node scripts/check-and-emit.mjs <tsconfig> <package folder>...\n");
  process.exit(2);
}
/** The repository: every source file of a program is inside it (the CLI's tests use core's fixtures). */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/**
 * Options that say where a build reads and writes, not what it writes. customConditions: a
 * package's build config reads its dependencies' built declarations where the workspace program
 * reads their sources, which declare the same types.
 */
const PLACEMENT = new Set(["outDir", "rootDir", "noEmit", "customConditions", "configFilePath"]);
/** Where the program "writes"; every file is moved into its package's outDir before writing. */
const STAGING = join(ROOT, ".check-and-emit");

const configHost = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
  },
};

function readConfig(path) {
  const config = ts.getParsedCommandLineOfConfigFile(path, undefined, configHost);
  if (config === undefined) throw new Error(`Cannot read ${path}`);
  return config;
}

function withoutExtension(path) {
  return path.replace(/\.[cm]?ts$/, "");
}

function contentOptions(options) {
  return JSON.stringify(
    Object.entries(options)
      .filter(([key]) => !PLACEMENT.has(key))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const check = readConfig(resolve(checkConfig));
const diagnostics = [...check.errors];
/** Source file path -> the build that emits it. */
const emitters = new Map();
const builds = packages.map((folder) => readConfig(resolve(folder, "tsconfig.build.json")));
for (const build of builds) {
  const path = build.options.configFilePath;
  diagnostics.push(...build.errors);
  if (contentOptions(build.options) !== contentOptions(check.options)) {
    throw new Error(
      `${path} sets compiler options ${checkConfig} does not (or the other way round): ` +
        "its dist/ would differ from what the checked program writes. Make them the same, or build the package on its own.",
    );
  }
  for (const fileName of build.fileNames) emitters.set(resolve(fileName), build.options);
}

const program = ts.createProgram({
  rootNames: check.fileNames,
  options: { ...check.options, noEmit: false, rootDir: ROOT, outDir: STAGING },
});
diagnostics.push(...ts.getPreEmitDiagnostics(program));

// Each build starts from an empty outDir, as the packages' own builds did.
for (const build of builds) rmSync(build.options.outDir, { recursive: true, force: true });
for (const [fileName, options] of emitters) {
  const sourceFile = program.getSourceFile(fileName);
  if (sourceFile === undefined) {
    throw new Error(
      `${relative(ROOT, fileName)} is built but not in ${checkConfig}: add its folder there.`,
    );
  }
  // Each output is the source's path without its extension, plus .js, .js.map or .d.ts.
  const staged = withoutExtension(join(STAGING, relative(ROOT, fileName)));
  const target = withoutExtension(join(options.outDir, relative(options.rootDir, fileName)));
  const result = program.emit(sourceFile, (outputName, text) => {
    if (!outputName.startsWith(staged)) {
      throw new Error(`${relative(ROOT, fileName)} emitted ${outputName}, not beside ${staged}.`);
    }
    const output = target + outputName.slice(staged.length);
    let content = text;
    if (outputName.endsWith(".map")) {
      // A source map names its sources relative to itself: from the package's dist/, not staging.
      const map = JSON.parse(text);
      map.sources = map.sources.map((source) =>
        relative(dirname(output), resolve(dirname(outputName), source)).replaceAll("\\", "/"),
      );
      content = JSON.stringify(map);
    }
    mkdirSync(dirname(output), { recursive: true });
    writeFileSync(output, content);
  });
  diagnostics.push(...result.diagnostics);
}

// What each dist/ was built from: the SHA-256 of every source file emitted, by its path from the
// package, in `.dist-sources.json` beside dist/ (not in the tarball). Tests that run dist/ compare it
// with the sources as they are (core's test/fixtures/built-dist.ts): content, not mtimes, which a
// checkout or an unchanged rebuild moves.
for (const build of builds) {
  const folder = dirname(build.options.configFilePath);
  const sources = {};
  for (const fileName of [...build.fileNames].map((name) => resolve(name)).sort()) {
    const hash = createHash("sha256").update(readFileSync(fileName)).digest("hex");
    sources[relative(folder, fileName).replaceAll("\\", "/")] = hash;
  }
  writeFileSync(join(folder, ".dist-sources.json"), `${JSON.stringify(sources, null, 2)}\n`);
}

if (diagnostics.length > 0) {
  const formatHost = {
    getCanonicalFileName: (fileName) => fileName,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => ts.sys.newLine,
  };
  const sorted = ts.sortAndDeduplicateDiagnostics(diagnostics);
  process.stdout.write(
    process.stdout.isTTY
      ? ts.formatDiagnosticsWithColorAndContext(sorted, formatHost)
      : ts.formatDiagnostics(sorted, formatHost),
  );
  process.stdout.write(`\nFound ${sorted.length} error${sorted.length === 1 ? "" : "s"}.\n`);
  process.exitCode = 2;
}
