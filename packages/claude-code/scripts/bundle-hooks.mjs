// `pnpm build` (after the workspace's tsc emit): bundles dist/run-hook.js, with the recall entry
// of @memfiles/core and the libraries it loads, into one file, dist/run-hook.bundle.cjs, which
// hook-main loads for the hooks a person waits on (SessionStart, UserPromptSubmit, PreToolUse).
// A cold start spent most of its CPU in Node's module loader resolving and opening ~200 small
// files one by one; one file removes that. What the bundle leaves out stays in dist/ and is
// imported from there: the write pass (SessionEnd / PreCompact run it detached, and
// @memfiles/prompts reads its prompt files from beside its own module) and @memfiles/core's full
// entry (PreToolUse's check pipeline, the log's secret scan).
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
// Imported at run time instead: packages, and dist/ files (by their paths in dist/). A static
// import of one inside a bundled module would be hoisted to the bundle's top and loaded by every
// hook, so PreToolUse's check pipeline (@memfiles/core's full entry) is left out whole.
const EXTERNAL_PACKAGES = new Set([
  "@memfiles/core",
  "@memfiles/core/internal",
  "@anthropic-ai/sdk",
]);
const EXTERNAL_FILES = new Set([
  "session-write-pass.js",
  "hooks/session-end.js",
  "check-file-edit.js",
]);

/** Leaves the modules named above to be imported at run time, from beside the bundle. */
const leaveOut = {
  name: "leave-out",
  setup(context) {
    context.onResolve({ filter: /.*/ }, ({ path, resolveDir }) => {
      if (EXTERNAL_PACKAGES.has(path)) return { path, external: true };
      if (!path.startsWith(".") || !resolveDir.startsWith(dist.slice(0, -1))) return undefined;
      const file = relative(dist, resolve(resolveDir, path)).split(sep).join("/");
      return EXTERNAL_FILES.has(file) ? { path: `./${file}`, external: true } : undefined;
    });
  },
};

/**
 * Core loads some libraries on first use through `createRequire(import.meta.url)`, which a bundle
 * would resolve from its own folder, where they are not dependencies. As a plain `require` they
 * are bundled, and esbuild still runs each only when first required.
 */
const plainRequire = {
  name: "plain-require",
  setup(context) {
    context.onLoad({ filter: /[\\/]core[\\/]dist[\\/].*\.js$/ }, async ({ path }) => {
      const text = await readFile(path, "utf8");
      const declaration = "const require = createRequire(import.meta.url);";
      if (!text.includes(declaration)) return undefined;
      return { contents: text.replace(declaration, ""), loader: "js" };
    });
  },
};

const outfile = `${dist}run-hook.bundle.cjs`;
const result = await build({
  entryPoints: [`${dist}run-hook.js`],
  outfile,
  write: false,
  metafile: true,
  bundle: true,
  platform: "node",
  // CommonJS: hook-main runs it through node:vm with V8's code cache (src/load-bundle.ts), which
  // Node 20 offers for scripts, not for ES modules.
  format: "cjs",
  target: "node20",
  conditions: ["memfiles-dist"],
  plugins: [leaveOut, plainRequire],
  logLevel: "warning",
  legalComments: "none",
  // Half the bytes to read and parse on every start (~5 ms of CPU a prompt, measured paired);
  // names are kept for the errors the hook log records.
  minify: true,
  keepNames: true,
});

// On Node 20 a script run from a code cache loses its `import()` callback
// (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), so each `import(` calls the loader's
// `__memfilesImport` instead. Every `import(` in the text must be one of esbuild's dynamic
// imports: a count that differs means one sits in a string or a name, and the build stops.
const dynamic = Object.values(result.metafile.outputs)[0].imports.filter(
  (record) => record.kind === "dynamic-import",
).length;
const text = result.outputFiles[0].text;
const calls = text.split("import(").length - 1;
if (calls !== dynamic) {
  throw new Error(
    `bundle-hooks: the bundle has ${calls} "import(" but esbuild saw ${dynamic} dynamic imports; rewrite the one that is not an import() call, or extend the count.`,
  );
}
const bundle = text.replaceAll("import(", "__memfilesImport(");
await writeFile(outfile, bundle);

// What the bundle was built from: the SHA-256 of each file esbuild read, by its path from dist/,
// and of the bundle itself. hook-main's test compares them with the files as they are now: a bundle
// is stale when what it was built from changed, not when a rebuild (or turbo replaying a cached
// dist/) wrote the same bytes again with a newer mtime.
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
const inputs = {};
for (const input of Object.keys(result.metafile.inputs).sort()) {
  const path = resolve(input);
  inputs[relative(dist, path).split(sep).join("/")] = sha256(await readFile(path));
}
await writeFile(
  `${dist}run-hook.bundle.inputs.json`,
  `${JSON.stringify({ bundle: sha256(bundle), inputs }, null, 2)}\n`,
);
