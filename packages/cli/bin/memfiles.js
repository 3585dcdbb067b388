#!/usr/bin/env node
// The `memfiles` command. Inside the workspace, where packages export their TypeScript sources
// (docs/decisions/0003), it runs src/ through tsx; with node's `--conditions=memfiles-dist` (after
// `pnpm build`) the built dist/; a published package ships dist/ and no src/.
// `memfiles hook <event>` runs on every Claude Code prompt: it goes straight to the hook entry of
// @memfiles/claude-code and loads nothing of the CLI.
import { existsSync } from "node:fs";
import { startEntry, startsBuilt } from "@memfiles/errors/entry";

const hook = process.argv[2] === "hook";
const source = new URL("../src/main.ts", import.meta.url);
await startEntry("memfiles", async () => {
  if (existsSync(source) && !startsBuilt) {
    const { register } = await import("tsx/esm/api");
    register();
    await import(hook ? "@memfiles/claude-code/hook" : source.href);
  } else if (hook) {
    await import("@memfiles/claude-code/hook");
  } else {
    await import(new URL("../dist/main.js", import.meta.url).href);
  }
});
