// Child process of `recall-index.bench.ts`: a cold process that imports only the recall entry
// (as a prompt hook does), recalls once and prints its own figures as one line of JSON.
// Run with `node --conditions=memfiles-dist cold-recall-child.mjs <root> <layout> <query>`.
const [root, layout, query] = process.argv.slice(2);
const before = process.cpuUsage();
const { recallForPrompt } = await import("@memfiles/core/recall");
const imported = process.cpuUsage(before);
const result = await recallForPrompt({ root, layout, query, budgetTokens: 2_000 });
const total = process.cpuUsage();
const cpuMs = (usage) => (usage.user + usage.system) / 1000;
console.log(
  JSON.stringify({
    units: result.units.length,
    importCpuMs: cpuMs(imported),
    processCpuMs: cpuMs(total),
    uptimeMs: process.uptime() * 1000,
    rssMiB: process.memoryUsage().rss / 1024 / 1024,
  }),
);
