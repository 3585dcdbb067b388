#!/usr/bin/env node
// The `memfiles-mcp` server. Inside the workspace, where packages export their TypeScript sources
// (docs/decisions/0003), it runs src/ through tsx; a published package ships dist/ and no src/.
import { existsSync } from "node:fs";

const source = new URL("../src/main.ts", import.meta.url);
// Run with node's `--conditions=memfiles-dist` inside the workspace (after `pnpm build`), the
// built dist/ is used, as the `memfiles` bin does: tsx compiles the sources on every start, over
// 12 s to a first answer on a loaded machine.
const built = process.execArgv.some((option) => option.includes("memfiles-dist"));
if (existsSync(source) && !built) {
  const { register } = await import("tsx/esm/api");
  register();
  await import(source.href);
} else {
  await import(new URL("../dist/main.js", import.meta.url).href);
}
