// Child process of `cold-write.bench.ts`: a cold process that imports the library (built dist/),
// saves one fact with `remember` (what `memfiles remember` and a fresh MCP server's `remember` run)
// and prints its own figures as one line of JSON.
// Run with `node --conditions=memfiles-dist cold-remember-child.mjs <root> <layout> <path> <fact>`.
const [root, layout, path, fact] = process.argv.slice(2);
const before = process.cpuUsage();
const { MemoryStore, remember } = await import("@memfiles/core");
const imported = process.cpuUsage(before);
const result = await remember({ store: new MemoryStore({ root, layout }), path, fact });
const total = process.cpuUsage();
const cpuMs = (usage) => (usage.user + usage.system) / 1000;
console.log(
  JSON.stringify({
    code: result.code,
    importCpuMs: cpuMs(imported),
    processCpuMs: cpuMs(total),
    rssMiB: process.memoryUsage().rss / 1024 / 1024,
  }),
);
