// `pnpm bench [-- section ... --option ...]`: every package's bench (turbo, one at a time), or only
// the packages that own the named sections. Each section is a file `bench/<section>.bench.ts` of
// packages/core, or one of the whole-package benches below; options (`--quick`, `--files=N`) go to
// each package run. An unknown section is refused (exit 2) with the list of known ones.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const coreSections = readdirSync(join(root, "packages/core/bench"))
  .filter((name) => name.endsWith(".bench.ts"))
  .map((name) => name.slice(0, -".bench.ts".length));
// Packages whose bench is one table: named by these words.
const WHOLE_PACKAGES = { hooks: "@memfiles/claude-code", pg: "@memfiles/pg" };

// An option takes its value after "=" (`--files=50000`): a word alone is a section's name.
const words = process.argv.slice(2).filter((argument) => argument !== "--");
const positionals = words.filter((word) => !word.startsWith("--"));
const options = words.filter((word) => word.startsWith("--"));
const unknown = positionals.filter(
  (name) => !coreSections.includes(name) && !Object.hasOwn(WHOLE_PACKAGES, name),
);
if (unknown.length > 0) {
  console.error(
    `No bench section named ${unknown.join(", ")}. Sections: ${[...coreSections, ...Object.keys(WHOLE_PACKAGES)].join(", ")}.`,
  );
  process.exit(2);
}
const packages = new Set(positionals.map((name) => WHOLE_PACKAGES[name] ?? "@memfiles/core"));
const coreNames = positionals.filter((name) => coreSections.includes(name));
const filters = [...packages].map((name) => `--filter=${name}`);
// Core is given only its own section names; a whole-package bench only the options.
const passed = packages.has("@memfiles/core") ? [...coreNames, ...options] : options;
const result = spawnSync(
  "pnpm",
  ["exec", "turbo", "run", "bench", "--concurrency=1", ...filters, "--", ...passed],
  { cwd: root, stdio: "inherit" },
);
process.exit(result.status ?? 1);
