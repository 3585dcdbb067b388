// Child process of `secretlint.bench.ts`, so each side starts with an empty performance timeline:
// `before <scans>` turns secretlint's profiler back on (as the guard was before issue 20),
// `after <scans>` leaves the guard as it loads. Runs findSecrets on one fact `scans` times and
// prints one line of JSON: the time of every scan (ms), the secretlint marks left in the timeline.
import { performance } from "node:perf_hooks";
import { findSecrets } from "../src/guards/secret-guard.js";
import { setSecretlintProfiling } from "../src/guards/secretlint-profiler.js";

const [mode, scansArgument] = process.argv.slice(2);
const scans = Number(scansArgument);
if ((mode !== "before" && mode !== "after") || !Number.isInteger(scans) || scans < 1) {
  throw new Error("Usage: secretlint-child.ts before|after <scans>");
}
if (mode === "before") setSecretlintProfiling(true);
// A fact of the length a write pass proposes, with nothing secret in it (the common case).
const FACT =
  "[stated 2026/09/12] Caroline went to an LGBTQ support group on 7 May 2023 and found it powerful; she wants to study counseling.";
const times: number[] = [];
for (let scan = 0; scan < scans; scan++) {
  const start = performance.now();
  await findSecrets(`${FACT} (${scan})`);
  // The profiler's observer runs on the next turn of the event loop, as it does in a server
  // between write passes: its cost belongs to the scan that made the marks.
  await new Promise((resolve) => setImmediate(resolve));
  times.push(performance.now() - start);
}
const marks = performance
  .getEntriesByType("mark")
  .filter((entry) => entry.name.startsWith("@core>")).length;
console.log(JSON.stringify({ times, marks }));
