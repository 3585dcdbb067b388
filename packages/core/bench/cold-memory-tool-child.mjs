// Child process of `cold-write.bench.ts`: a cold process that imports the library (built dist/)
// and runs one memory-tool `create` (`memfilesMemoryTool`, as an agent's memory tool call does)
// and prints its own figures as one line of JSON.
// Run with `node --conditions=memfiles-dist cold-memory-tool-child.mjs <root> <layout> <path> <fact>`.
const [root, layout, path, fact] = process.argv.slice(2);
const before = process.cpuUsage();
const { MemoryStore, memfilesMemoryTool } = await import("@memfiles/core");
const imported = process.cpuUsage(before);
const name = path.replace(/^.*\//, "").replace(/\.md$/, "");
const header =
  layout === "fact"
    ? `---\nname: ${name}\ndescription: "The user's ${name}."\ntype: user\n---\n${fact}\n`
    : `---\nname: ${name}\ndescription: "Notes on ${name}."\n---\n- ${fact}\n`;
const tool = memfilesMemoryTool({ store: new MemoryStore({ root, layout }) });
const code = await tool
  .run({ command: "create", path: `/memories/${path}`, file_text: header })
  .then(
    () => "applied",
    (error) => error?.code ?? "error",
  );
const total = process.cpuUsage();
const cpuMs = (usage) => (usage.user + usage.system) / 1000;
console.log(
  JSON.stringify({
    code,
    importCpuMs: cpuMs(imported),
    processCpuMs: cpuMs(total),
    rssMiB: process.memoryUsage().rss / 1024 / 1024,
  }),
);
