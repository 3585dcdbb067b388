// `pnpm build` (after the workspace's tsc emit): bundles the package's three entries in dist/
// (index.js, internal.js, recall-entry.js) with code splitting, so that each entry loads a few
// files instead of ~100 small ones (Node's module loader resolves, opens and compiles them one by
// one: most of a process's start before its first recall), while every module is still defined
// once, in a chunk the entries share: a class is the same class whichever entry it came from.
// Packages stay imports (installed beside the package, as dependencies). The tsc emit of every
// module stays in dist/ for the declarations and source maps beside it.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const ENTRIES = ["index.js", "internal.js", "recall-entry.js"];
const CHUNK_PREFIX = "chunk-";
const MARK = "// Bundled by scripts/bundle-entries.mjs.";

const relativeToDist = (path) => relative(dist, path).split(sep).join("/");
const RUNTIME_IMPORT =
  /^(?:import|export)\s+(?!type\s)[^;]*?from\s+"(\.[^"]+)";|^import\s+"(\.[^"]+)";/gm;

/**
 * Modules that load a library on first use through `createRequire(import.meta.url)`, with every
 * module they import: they stay their own files, imported by the chunks. Such a require resolves
 * from the file it is in, and @memfiles/claude-code's hook bundle finds these files by that line
 * to bundle the library instead; the modules they import stay out too, so none is defined twice.
 */
function keptApart() {
  const kept = new Set();
  const visit = (file) => {
    if (kept.has(file)) return;
    kept.add(file);
    const text = readFileSync(file, "utf8");
    for (const [, from, bare] of text.matchAll(RUNTIME_IMPORT)) {
      visit(resolve(dirname(file), from ?? bare));
    }
  };
  for (const name of readdirSync(dist, { recursive: true })) {
    if (!name.endsWith(".js") || name.startsWith(CHUNK_PREFIX)) continue;
    const file = join(dist, name);
    if (readFileSync(file, "utf8").includes("createRequire(import.meta.url)")) visit(file);
  }
  return kept;
}

// The tsc emit rewrites every entry: an entry bundled already means no module changed since.
if (readFileSync(join(dist, "index.js"), "utf8").startsWith(MARK)) process.exit(0);
for (const name of readdirSync(dist)) {
  if (name.startsWith(CHUNK_PREFIX)) rmSync(join(dist, name));
}
const kept = keptApart();

/** The kept-apart modules are imported by path from dist/, where every output file lies. */
const leaveKeptApart = {
  name: "leave-kept-apart",
  setup(context) {
    context.onResolve({ filter: /^\./ }, ({ path, resolveDir }) => {
      const file = resolve(resolveDir, path);
      return kept.has(file) ? { path: `./${relativeToDist(file)}`, external: true } : undefined;
    });
  },
};

/**
 * The `stopword` package's ES module holds 62 languages' lists; src/text/stop-words.ts imports
 * eleven by name. Bundled, the rest are tree-shaken away: a process parses ~45 KB of lists, not
 * ~236 KB. The Chinese list (`stopwords-zh`, JSON) is bundled too: esbuild writes an external
 * import without its `with { type: "json" }`, which Node refuses.
 */
const bundleStopWordLists = {
  name: "bundle-stop-word-lists",
  setup(context) {
    context.onResolve(
      { filter: /^(stopword\/dist\/stopword\.esm\.mjs|stopwords-zh\/stopwords-zh\.json)$/ },
      ({ path, resolveDir }) => ({
        path: createRequire(join(resolveDir, "index.js")).resolve(path),
      }),
    );
  },
};

await build({
  entryPoints: ENTRIES.map((name) => join(dist, name)),
  outdir: dist,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  chunkNames: `${CHUNK_PREFIX}[hash]`,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  plugins: [leaveKeptApart, bundleStopWordLists],
  banner: { js: MARK },
  logLevel: "warning",
  legalComments: "none",
});
