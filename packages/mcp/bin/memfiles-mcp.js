#!/usr/bin/env node
// The `memfiles-mcp` server. Inside the workspace it runs src/ through tsx; with node's
// `--conditions=memfiles-dist` (after `pnpm build`) the built dist/, as the `memfiles` bin does:
// tsx compiles the sources on every start, over 12 s to a first answer on a loaded machine.
import { existsSync } from "node:fs";
import { startEntry, startsBuilt } from "@memfiles/errors/entry";

const source = new URL("../src/main.ts", import.meta.url);
await startEntry("memfiles-mcp", async () => {
  if (existsSync(source) && !startsBuilt) {
    const { register } = await import("tsx/esm/api");
    register();
    await import(source.href);
  } else {
    await import(new URL("../dist/main.js", import.meta.url).href);
  }
});
