#!/usr/bin/env node
// The `memfiles-mcp` server. Inside the workspace, where packages export their TypeScript sources
// (docs/decisions/0003), it runs src/ through tsx; a published package ships dist/ and no src/.
import { existsSync } from "node:fs";

const source = new URL("../src/main.ts", import.meta.url);
if (existsSync(source)) {
  const { register } = await import("tsx/esm/api");
  register();
  await import(source.href);
} else {
  await import(new URL("../dist/main.js", import.meta.url).href);
}
