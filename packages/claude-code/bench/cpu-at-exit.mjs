// Loaded with `node --import` into a hook process by hook-latency.mjs: at exit it writes the
// process's CPU time since it started (user + system, microseconds) to file descriptor 3.
import { writeSync } from "node:fs";

process.on("exit", () => {
  const { user, system } = process.cpuUsage();
  try {
    writeSync(3, `${user + system}\n`);
  } catch {
    // Run without the benchmark's pipe: nothing to report to.
  }
});
