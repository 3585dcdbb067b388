// `pnpm --filter @memfiles/core bench [-- name ...]`: runs every section below, or only the named ones.
// To add a section, write bench/<name>.bench.ts exporting a default BenchSection and append it here.
import type { BenchSection } from "./section.js";

const SECTIONS: ReadonlyArray<() => Promise<{ default: BenchSection }>> = [
  () => import("./store.bench.js"),
  () => import("./recall.bench.js"),
  () => import("./recall-index.bench.js"),
  () => import("./scale.bench.js"),
  () => import("./secretlint.bench.js"),
  () => import("./secret-check.bench.js"),
  () => import("./secret-false-positives.bench.js"),
  () => import("./tombstones.bench.js"),
  () => import("./dates.bench.js"),
  () => import("./write-pass.bench.js"),
  () => import("./cold-write.bench.js"),
  () => import("./limits.bench.js"),
  () => import("./check.bench.js"),
  () => import("./shown.bench.js"),
  () => import("./forget.bench.js"),
  () => import("./forget-kept.bench.js"),
  () => import("./long-token.bench.js"),
];

const wanted = process.argv
  .slice(2)
  .filter((argument) => argument !== "--" && !argument.startsWith("--"));
let ran = 0;
for (const load of SECTIONS) {
  const section = (await load()).default;
  if (wanted.length > 0 && !wanted.includes(section.name)) continue;
  console.log(`\n## ${section.name}: ${section.title}\n`);
  await section.run({ log: (line) => console.log(line) });
  ran++;
}
if (ran === 0) {
  console.error(`No bench section named ${wanted.join(", ")}.`);
  process.exitCode = 1;
}
