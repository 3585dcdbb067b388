// The folder both forget-and-neighbours tables start from: one fact per file ("place" files), an
// MCP server in process over it, and the write pass's proposal for a fact, in either layout.
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore, type StoreLayout } from "@memfiles/core";
import { expect } from "vitest";
import { startInProcess } from "./in-process.js";

/** The path of place file `at`: `place-<at>.md` (fact layout) or `topics/place-<at>.md`. */
export const placeFile = (layout: StoreLayout, at: number) =>
  layout === "fact" ? `place-${at}.md` : `topics/place-${at}.md`;

/** The write pass's proposal of `fact`, in a new place file of the layout. */
export function placeProposal(layout: StoreLayout, fact: string) {
  return layout === "fact"
    ? { name: "place new", type: "user", description: fact, body: `${fact}.`, evidence: fact }
    : { file: "topics/place-new.md", fact, evidence: fact };
}

/**
 * A new memory folder `<temp>/memory` of the layout (its `topics/` made for the subject layout),
 * a store on it and an MCP server started in process over it. `call(tool, args)` expects no error
 * and gives the result's first text; close the session when done.
 */
export async function openPlaces(prefix: string, layout: StoreLayout) {
  const root = join(await mkdtemp(join(tmpdir(), prefix)), "memory");
  const store = new MemoryStore({ root, layout });
  await mkdir(layout === "subject" ? join(root, "topics") : root, { recursive: true });
  const start = () => startInProcess(["--root", root, "--layout", layout]);
  return { root, store, start };
}

/** `call(tool, args)` on a started session: expects no error, gives the result's first text. */
export function callerOf(session: Awaited<ReturnType<typeof startInProcess>>) {
  return async (name: string, args: Record<string, unknown>) => {
    const result = await session.client.callTool({ name, arguments: args });
    expect(result.isError ?? false).toBe(false);
    return (result.content as Array<{ type: string; text: string }>)[0]?.text ?? "";
  };
}
