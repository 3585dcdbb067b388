import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testClient, toolUseMessage } from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import { applyWriteReply } from "../layouts/index.js";
import type { StoreLayout } from "../store/index.js";
import { WriteInterruptedError } from "./write-interrupted-error.js";
import type { AppliedProposal } from "./write-pass-result.js";

// A write pass that fails after a file landed says what landed. The fault (a full disk) is
// injected at the rename that puts the second file in place; the machine's disk cannot be filled
// for a test.
const failing = vi.hoisted(() => ({ name: undefined as string | undefined }));
vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  return {
    ...actual,
    renameSync: (from: string, to: string) => {
      if (failing.name !== undefined && basename(to) === failing.name) {
        throw Object.assign(new Error(`ENOSPC: rename '${from}' -> '${to}'`), { code: "ENOSPC" });
      }
      return actual.renameSync(from, to);
    },
  };
});
afterEach(() => {
  failing.name = undefined;
});

const NOW = new Date("2026-12-01T12:00:00Z");
const SAID = "I play chess on Mondays. I swim on Tuesdays. I paint on Wednesdays.";
const TRANSCRIPT = { date: "2026-12-01", turns: [{ role: "user" as const, content: SAID }] };
const FACTS = [
  ["chess", "plays chess on Mondays", "I play chess on Mondays"],
  ["swimming", "swims on Tuesdays", "I swim on Tuesdays"],
  ["painting", "paints on Wednesdays", "I paint on Wednesdays"],
] as const;

const LAYOUTS = {
  subject: {
    path: (name: string) => `topics/${name}.md`,
    reply: () =>
      toolUseMessage("propose_memories", {
        memories: FACTS.map(([name, fact, evidence]) => ({
          file: `topics/${name}.md`,
          fact,
          evidence,
          replaces: null,
          description: null,
        })),
      }),
  },
  fact: {
    path: (name: string) => `${name}.md`,
    reply: () =>
      toolUseMessage("propose_facts", {
        memories: FACTS.map(([name, fact, evidence]) => ({
          action: "save",
          name,
          type: "user",
          description: `When the user does ${name}.`,
          body: `The user ${fact}.`,
          evidence,
          replaces: null,
        })),
      }),
  },
} as const;

async function memoryFiles(root: string): Promise<string[]> {
  return (await readdir(root, { recursive: true }))
    .map(String)
    .filter((path) => path.endsWith(".md") && path !== "MEMORY.md")
    .sort();
}

describe.each(["subject", "fact"] as StoreLayout[])(
  "a write pass interrupted (%s layout)",
  (layout) => {
    const { path, reply: replyOf } = LAYOUTS[layout as keyof typeof LAYOUTS];
    // A new folder whose write of the file of `name` fails with a full disk.
    const failingAt = async (name: string) => {
      const store = await tempStore(layout);
      failing.name = basename(path(name));
      const options = {
        store,
        transcript: TRANSCRIPT,
        client: testClient(),
        model: "claude-haiku-5-5",
        now: NOW,
      };
      return { store, root: store.root, options };
    };

    it("a full disk on the 2nd file: the error carries what landed, MEMORY.md lists it", async () => {
      const { store, root, options } = await failingAt("swimming");
      const error = await applyWriteReply(options, replyOf()).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(WriteInterruptedError);
      const interrupted = error as WriteInterruptedError<AppliedProposal>;
      expect({
        code: interrupted.code,
        userFixable: interrupted.userFixable,
        applied: interrupted.applied.map((item) => item.path),
        rejected: interrupted.rejected,
        landed: interrupted.landed,
        undecided: interrupted.undecided,
      }).toEqual({
        code: "disk_full",
        userFixable: true,
        applied: [path("chess")],
        rejected: [],
        landed: [path("chess")],
        undecided: 2,
      });
      expect(interrupted.message).toContain(
        `Could not write ${path("swimming")}: the disk is full (ENOSPC). Already written: ${path("chess")}; nothing else was changed.`,
      );
      expect(await memoryFiles(root)).toEqual([path("chess")]);
      expect(await readFile(join(root, "MEMORY.md"), "utf8")).toContain(`(${path("chess")})`);
      expect((await store.check()).ok).toBe(true);

      // Run again once fixed: what landed is a duplicate, the rest is written once.
      failing.name = undefined;
      const again = await applyWriteReply(options, replyOf());
      expect({
        applied: again.applied.map((item) => item.path),
        rejected: again.rejected.map((item) => item.code),
      }).toEqual({ applied: [path("swimming"), path("painting")], rejected: ["duplicate"] });
    });

    it("a full disk on the 1st file: thrown as it is, nothing landed", async () => {
      const { root, options } = await failingAt("chess");
      const error = await applyWriteReply(options, replyOf()).catch((thrown: unknown) => thrown);
      expect(error).not.toBeInstanceOf(WriteInterruptedError);
      expect(error).toMatchObject({ name: "MemoryWriteError", code: "disk_full", landed: [] });
      expect(await memoryFiles(root)).toEqual([]);
    });
  },
);
