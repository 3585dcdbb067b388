// `pnpm build` (after the workspace typecheck has emitted dist/): bundles the hook entry with
// esbuild into dist/hook-bundle/, what `memfiles hook <event>` loads. Node resolving and loading
// hundreds of small modules was most of a hook's start; one entry file with what every hook needs,
// and split chunks for what one hook loads lazily (the write pass, the edit check), cut that.
// Dependencies are bundled too (the store's parsers, the API client in the write pass's chunk);
// CommonJS ones get a `require` from `createRequire`, as ESM output has none.
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const outdir = fileURLToPath(new URL("../dist/hook-bundle/", import.meta.url));
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [fileURLToPath(new URL("../dist/hook-main.js", import.meta.url))],
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // The workspace packages' built dist/ (docs/decisions/0003), as the published packages resolve.
  conditions: ["memfiles-dist"],
  chunkNames: "chunks/[name]-[hash]",
  banner: {
    js: 'import { createRequire as __memfilesCreateRequire } from "node:module"; const require = __memfilesCreateRequire(import.meta.url);',
  },
  legalComments: "linked",
  logLevel: "warning",
});
