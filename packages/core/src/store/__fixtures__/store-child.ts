// Child process for store.concurrency.test.ts: `node --import tsx __fixtures__/store-child.ts <mode> <root> <path> [times]`.
import { parseMemoryFile } from "../../format/memory-file.js";
import { MemoryStore } from "../memory-store.js";

export function counterFile(value: number): string {
  return `---\nname: counter\ndescription: A counter the concurrency test increments.\n---\n[stated 2026/11/29] counter is ${value}\n`;
}

export function counterValue(text: string): number {
  const fact = parseMemoryFile(text).facts[0];
  const match = /^counter is (\d+)$/.exec(fact?.text ?? "");
  if (!match) throw new Error(`Not a counter file: ${JSON.stringify(text)}`);
  return Number(match[1]);
}

/** The two texts the churn child alternates between: ~300 KB, so a write takes a while. */
export function churnText(which: "a" | "b"): string {
  const line = `[stated 2026/11/29] churn line ${which.repeat(80)}\n`;
  return `---\nname: churn\ndescription: Version ${which} of a file rewritten in a loop.\n---\n${line.repeat(3_000)}`;
}

/** Size cap for the churn store, above the churn texts. */
export const CHURN_MAX_CHARS = 1_000_000;

async function increment(root: string, path: string, times: number): Promise<void> {
  const store = new MemoryStore({ root });
  let conflicts = 0;
  for (let done = 0; done < times; ) {
    const current = await store.read(path);
    const value = current.exists ? counterValue(current.content) : 0;
    const result = await store.write(path, counterFile(value + 1), current.version);
    if (result.ok) done++;
    else if (result.code === "version_conflict") conflicts++;
    else throw new Error(result.message);
  }
  process.stdout.write(`${JSON.stringify({ conflicts })}\n`);
}

async function churn(root: string, path: string): Promise<void> {
  const store = new MemoryStore({ root, maxChars: CHURN_MAX_CHARS });
  for (let count = 0; ; count++) {
    const current = await store.read(path);
    const next =
      current.exists && current.content === churnText("a") ? churnText("b") : churnText("a");
    const result = await store.write(path, next, current.version);
    if (!result.ok) throw new Error(result.message);
    process.stdout.write(`wrote ${count}\n`);
  }
}

const [mode, root, path, times] = process.argv.slice(2);
if (mode === "increment" && root && path) await increment(root, path, Number(times));
else if (mode === "churn" && root && path) await churn(root, path);
