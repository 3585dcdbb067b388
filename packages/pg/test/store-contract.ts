import {
  boundaryStore,
  forget,
  MemoryPathError,
  type MemoryStore,
  remember,
  type StoreLayout,
  versionToken,
} from "@memfiles/core";
import { applyWriteReply, MemoryWriteError, safeParseMemoryFile } from "@memfiles/core/internal";
import { describe, expect, it } from "vitest";
import { FORGOTTEN_FACT, memoryFile, proposing } from "./server-texts.mjs";

export { FORGOTTEN_FACT, memoryFile, proposing };

/** Opens a fresh, empty store of one backend (subject layout unless told); `close` frees it. */
export type OpenStore = (options?: {
  layout?: StoreLayout;
}) => Promise<{ store: MemoryStore; close: () => Promise<void> }>;

const NOW = new Date("2026-09-12T18:30:00Z");

/** Paths every backend must refuse (MemoryPathError), before anything is read or written. */
export const HOSTILE_PATHS = [
  "../outside.md",
  "a/../../outside.md",
  "/etc/passwd.md",
  "C:evil.md",
  "~/evil.md",
  "a\\b.md",
  "%2e%2e%2foutside.md",
  "nul\u0000.md",
  "a//b.md",
  ".memfiles/tombstones.md",
  "MEMORY.md",
  "notes.txt",
  "",
];

/**
 * The store's contract: the same cases on every backend, through `MemoryStore`'s
 * public API only. Run by `contract.test.ts` on the file system and on PGlite, and by
 * `pg-server.test.ts` on a real server when `DATABASE_URL` is set.
 */
export function describeStoreContract(backend: string, open: OpenStore): void {
  async function withStore(
    fn: (store: MemoryStore) => Promise<void>,
    options: { layout?: StoreLayout } = {},
  ): Promise<void> {
    const { store, close } = await open(options);
    try {
      await fn(store);
    } finally {
      await close();
    }
  }

  describe(`store contract: ${backend}`, () => {
    it("lists nothing and reads a missing file as version new", () =>
      withStore(async (store) => {
        expect(await store.list()).toEqual([]);
        expect(await store.read("profile.md")).toEqual({
          path: "profile.md",
          exists: false,
          version: "new",
        });
      }));

    it("writes, reads back the exact text with its SHA-1 version token, and lists the header", () =>
      withStore(async (store) => {
        const text = memoryFile("profile", "Who the user is.", [
          "[stated 2026/09/12] lives in Lisbon",
        ]);
        const written = await store.write("people/profile.md", text, "new");
        expect(written).toEqual({ ok: true, code: "written", version: versionToken(text) });
        const read = await store.read("people/profile.md");
        expect(read).toEqual({
          path: "people/profile.md",
          exists: true,
          version: versionToken(text),
          content: text,
        });
        expect(await store.list()).toMatchObject([
          {
            path: "people/profile.md",
            name: "profile",
            description: "Who the user is.",
            chars: text.length,
            updated: "2026/09/12",
          },
        ]);
      }));

    it("keeps a leading byte order mark, CRLF line ends and non-ASCII text exactly", () =>
      withStore(async (store) => {
        const text = "\uFEFF---\r\nname: bom\r\ndescription: Café ☕ 日本語.\r\n---\r\n\r\n- ok";
        const written = await store.write("bom.md", text, "new");
        expect(written).toMatchObject({ ok: true, version: versionToken(text) });
        expect(await store.read("bom.md")).toMatchObject({
          content: text,
          version: versionToken(text),
        });
        expect((await store.list())[0]?.chars).toBe(text.length);
      }));

    it("readAll gives list()'s rows and each file as read() gives it, before and after a write", () =>
      withStore(async (store) => {
        const { rows: none, files: nothing } = await store.readAll();
        expect({ rows: none, files: nothing }).toEqual({ rows: [], files: new Map() });
        const texts: Record<string, string> = {
          "people/profile.md": memoryFile("profile", "Who the user is.", ["lives in Lisbon"]),
          "bom.md": "\uFEFF---\r\nname: bom\r\ndescription: Café ☕.\r\n---\r\n\r\n- ok",
          "topics/tools.md": memoryFile("tools", "Tools.", ["uses Neovim"]),
        };
        for (const [path, text] of Object.entries(texts)) await store.write(path, text, "new");
        const same = async () => {
          const rows = await store.list();
          const files = new Map();
          for (const row of rows) files.set(row.path, await store.read(row.path));
          const all = await store.readAll();
          expect({ rows: all.rows, files: all.files }).toEqual({ rows, files });
          // A store may hand out each file's parse (a write pass then need not parse it again):
          // it must be that file's own parse.
          for (const [path, parsed] of all.parsed ?? []) {
            const own = safeParseMemoryFile(files.get(path)?.content ?? "", { path });
            expect(own.success && own.value).toEqual(parsed);
          }
        };
        await same();
        const tools = await store.read("topics/tools.md");
        await store.write(
          "topics/tools.md",
          memoryFile("tools", "Tools, editors.", ["uses Helix"]),
          tools.version,
        );
        await same();
      }));

    it("list()'s rows are the caller's: editing them changes no later listing", () =>
      withStore(async (store) => {
        await store.write("a.md", memoryFile("a", "A.", ["uses [[b]] daily"]), "new");
        await store.write("b.md", "---\nname: b\n---\nno description", "new");
        const before = await store.list();
        expect(before.find((row) => row.path === "a.md")?.links).toEqual(["b"]);
        expect(before.find((row) => row.path === "b.md")?.problems?.length).toBeGreaterThan(0);
        const listings = {
          "the store's list()": () => store.list(),
          "the store's readAll()": async () => (await store.readAll()).rows,
          "a request's view over the recall index": async () =>
            (await boundaryStore(store).forRequest("a")).list(),
        };
        for (const [name, listing] of Object.entries(listings)) {
          for (const row of await listing()) {
            row.description = "edited";
            row.links?.push("edited.md");
            for (const problem of row.problems ?? []) problem.message = "edited";
            row.problems?.push({ code: "no_description", message: "edited" });
          }
          for (const again of Object.values(listings))
            expect({ name, rows: await again() }).toEqual({ name, rows: before });
        }
      }));

    it("deferIndex rewrites the index once at its end, also when its writes throw", () =>
      withStore(async (store) => {
        await store.write("a.md", memoryFile("a", "File a.", ["one"]), "new");
        const before = (await store.check()).ok;
        const value = await store.deferIndex(async () => {
          await store.write("b.md", memoryFile("b", "File b.", ["two"]), "new");
          await store.write("c.md", memoryFile("c", "File c.", ["three"]), "new");
          // Inside, the index still lists only a.md.
          expect((await store.check()).missingFromIndex).toEqual(["b.md", "c.md"]);
          return 42;
        });
        expect([before, value, (await store.check()).ok]).toEqual([true, 42, true]);
        await expect(
          store.deferIndex(async () => {
            await store.delete("a.md");
            throw new Error("stopped");
          }),
        ).rejects.toThrow("stopped");
        expect((await store.check()).ok).toBe(true);
        expect(await store.renderIndex()).not.toContain("a.md");
      }));

    it("refuses a stale token and a create over an existing file, with the current text", () =>
      withStore(async (store) => {
        const first = memoryFile("a", "A.", ["one"]);
        const second = memoryFile("a", "A.", ["two"]);
        const v1 = await store.write("a.md", first, "new");
        expect(v1.ok).toBe(true);
        const again = await store.write("a.md", second, "new");
        expect(again).toMatchObject({ ok: false, code: "version_conflict" });
        expect(again.ok ? undefined : again.current).toMatchObject({ content: first });
        const v2 = await store.write("a.md", second, versionToken(first));
        expect(v2.ok).toBe(true);
        const stale = await store.write("a.md", first, versionToken(first));
        expect(stale).toMatchObject({ ok: false, code: "version_conflict" });
        expect((await store.read("a.md")).version).toBe(versionToken(second));
      }));

    it("lets exactly one of two writers holding the same token succeed", () =>
      withStore(async (store) => {
        const base = memoryFile("race", "Race.", ["base"]);
        await store.write("race.md", base, "new");
        const token = versionToken(base);
        const results = await Promise.all(
          ["left", "right", "middle"].map((word) =>
            store.write("race.md", memoryFile("race", "Race.", [word]), token),
          ),
        );
        expect(results.filter((result) => result.ok)).toHaveLength(1);
        expect(results.filter((result) => result.code === "version_conflict")).toHaveLength(2);
      }));

    it("refuses text over the cap, and keeps the file as it was", () =>
      withStore(async (store) => {
        const text = memoryFile("big", "Big.", ["x".repeat(13_000)]);
        expect(await store.write("big.md", text, "new")).toMatchObject({
          ok: false,
          code: "too_long",
        });
        expect((await store.read("big.md")).exists).toBe(false);
      }));

    it("deletes only at the current token; a missing file deletes fine", () =>
      withStore(async (store) => {
        const text = memoryFile("old", "Old.", ["gone soon"]);
        await store.write("topics/old.md", text, "new");
        expect(await store.delete("topics/old.md", "000000000000")).toMatchObject({
          ok: false,
          code: "version_conflict",
        });
        expect(await store.delete("topics/old.md", versionToken(text))).toEqual({
          ok: true,
          code: "deleted",
          version: "new",
        });
        expect((await store.read("topics/old.md")).exists).toBe(false);
        expect(await store.delete("topics/old.md")).toMatchObject({ ok: true, code: "deleted" });
        expect(await store.list()).toEqual([]);
      }));

    it("refuses the same hostile paths on read, write and delete, touching nothing", () =>
      withStore(async (store) => {
        for (const path of HOSTILE_PATHS) {
          await expect(store.read(path), path).rejects.toBeInstanceOf(MemoryPathError);
          await expect(store.write(path, "x", "new"), path).rejects.toBeInstanceOf(MemoryPathError);
          await expect(store.delete(path), path).rejects.toBeInstanceOf(MemoryPathError);
        }
        expect(await store.list()).toEqual([]);
        await expect(store.readInternal("../escape.json")).rejects.toBeInstanceOf(MemoryPathError);
      }));

    it("keeps the generated index in step: check() is ok after writes and deletes", () =>
      withStore(async (store) => {
        await store.write("a.md", memoryFile("a", "First file.", ["one"]), "new");
        await store.write("b/c.md", memoryFile("c", "Second file.", ["two"]), "new");
        const index = await store.renderIndex();
        expect(index).toContain("(a.md)");
        expect(index).toContain("(b/c.md)");
        expect(await store.check()).toMatchObject({ ok: true });
        await store.delete("a.md");
        const report = await store.check();
        expect(report.ok).toBe(true);
        expect(await store.renderIndex()).not.toContain("(a.md)");
      }));

    it("stores internal files: replace, append, missing is undefined", () =>
      withStore(async (store) => {
        expect(await store.readInternal("usage.jsonl")).toBeUndefined();
        await store.appendInternal("usage.jsonl", '{"n":1}\n');
        await store.appendInternal(".memfiles/usage.jsonl", '{"n":2}\n');
        expect(await store.readInternal("usage.jsonl")).toBe('{"n":1}\n{"n":2}\n');
        await store.writeInternal("tombstones.json", "{}\n");
        await store.writeInternal("tombstones.json", '{"tombstones":[]}\n');
        expect(await store.readInternal("tombstones.json")).toBe('{"tombstones":[]}\n');
      }));

    // A journal emptied when done is removed, as a folder unlinks it: read back as missing, never
    // as an empty file (the tombstone reader refuses "", a folder's forget never leaves one).
    it.each([
      ["pending-forget.json", '{"files":[]}\n'],
      ["tombstones.json", '{"version":2,"tombstones":[]}\n'],
    ])("removes %s written empty with removeWhenEmpty", (name, text) =>
      withStore(async (store) => {
        await store.writeInternal(name, text);
        await store.writeInternal(name, "", { removeWhenEmpty: true });
        expect(await store.readInternal(name)).toBeUndefined();
        await store.writeInternal(name, "", { removeWhenEmpty: true });
        expect(await store.readInternal(name)).toBeUndefined();
        await store.writeInternal(name, text);
        expect(await store.readInternal(name)).toBe(text);
      }),
    );

    it("serialises read-modify-write under withLock, re-entrant for store calls inside it", () =>
      withStore(async (store) => {
        await store.write("count.md", memoryFile("count", "Counter.", ["0"]), "new");
        await Promise.all(
          Array.from({ length: 10 }, () =>
            store.withLock(async () => {
              const read = await store.read("count.md");
              if (!read.exists) throw new Error("count.md is missing");
              const n = Number(/- (\d+)/.exec(read.content)?.[1]);
              const next = await store.write(
                "count.md",
                memoryFile("count", "Counter.", [String(n + 1)]),
                read.version,
              );
              expect(next.ok).toBe(true);
            }),
          ),
        );
        const final = await store.read("count.md");
        expect(final.exists && final.content).toContain("- 10\n");
      }));

    it("remember, forget and a write pass work unchanged: a forgotten fact stays forgotten", () =>
      withStore(async (store) => {
        const remembered = await remember({
          store,
          path: "topics/hosting.md",
          fact: "deploys on Fly.io",
          now: NOW,
        });
        expect(remembered).toMatchObject({ ok: true, code: "applied" });
        const forgot = await forget({ store, query: "deploys on Fly.io", now: NOW });
        expect(forgot).toMatchObject({ ok: true });
        expect(await store.readInternal("tombstones.json")).toContain('"tombstones"');
        const transcript = {
          date: "2026-09-12",
          sessionId: "s-contract",
          turns: [{ role: "user" as const, content: "We deploy everything on Fly.io. I use vim." }],
        };
        const pass = await applyWriteReply(
          {
            store,
            transcript,
            client: undefined as never,
            model: "claude-haiku-4-5",
            now: NOW,
            onTooLong: false,
          },
          proposing([
            {
              file: "topics/hosting.md",
              fact: "deploys on Fly.io",
              evidence: "We deploy everything on Fly.io.",
            },
            { file: "topics/tools.md", fact: "uses vim", evidence: "I use vim." },
          ]),
        );
        expect(pass.rejected.map((rejected) => rejected.code)).toEqual(["forgotten"]);
        expect(pass.applied.map((applied) => applied.path ?? applied)).toHaveLength(1);
        const hosting = await store.read("topics/hosting.md");
        expect(hosting.exists ? hosting.content : "").not.toContain("Fly.io");
        const tools = await store.read("topics/tools.md");
        expect(tools.exists && tools.content).toContain("uses vim");
      }));

    // The trial's case: a remember into a file whose fact was forgotten saves the line and lifts its
    // tombstone. Each write of the call fails once in turn (as a full disk or a lost connection
    // would), until none is left to fail: a call that throws leaves the file and the tombstones as
    // they were; the call that returns leaves both changed.
    for (const layout of ["subject", "fact"] as const) {
      it(`remember (${layout} layout): the fact's file and the tombstones it lifts land together, whichever write fails`, () =>
        withStore(
          async (store) => {
            const path = layout === "fact" ? "hosting.md" : "topics/hosting.md";
            await remember({ store, path, fact: FORGOTTEN_FACT, now: NOW });
            await forget({ store, query: FORGOTTEN_FACT, now: NOW });
            const state = async () => ({
              file: await store.read(path).then((read) => (read.exists ? read.content : undefined)),
              tombstones: await store.readInternal("tombstones.json"),
            });
            const before = await state();
            const failed: Array<{ write: string; error: string; state: unknown }> = [];
            for (let failAt = 1; failAt <= 10; failAt++) {
              const failing = failingWrite(store, failAt);
              const result = await remember({
                store: failing.store,
                path,
                fact: FORGOTTEN_FACT,
                now: NOW,
              }).catch((error: unknown) => (error as Error).name);
              if (failing.failed === undefined) {
                expect(result).toMatchObject({ ok: true, code: "applied" });
                break;
              }
              failed.push({ write: failing.failed, error: String(result), state: await state() });
            }
            const after = await state();
            expect({
              failed,
              saved: after.file?.includes(FORGOTTEN_FACT),
              lifted: after.tombstones !== before.tombstones,
            }).toEqual({
              failed: [
                { write: "writeInternal", error: "MemoryWriteError", state: before },
                { write: "write", error: "MemoryWriteError", state: before },
              ],
              saved: true,
              lifted: true,
            });
          },
          { layout },
        ));
    }

    // A forget whose write fails says what it left saved: each change of the call fails once in
    // turn, on both layouts, and the message is checked against what is stored afterwards. A
    // server rolls the section back ("Nothing was changed."); a folder or PGlite keeps what
    // landed before the failure (the journal, the tombstone, files already changed).
    for (const layout of ["subject", "fact"] as const) {
      it(`forget (${layout} layout): a failed write's message says what is stored`, async () => {
        const path = layout === "fact" ? "hosting.md" : "topics/hosting.md";
        const rows: Array<{ write: string; told: Told; stored: Told }> = [];
        for (let failAt = 1; failAt <= 10; failAt++) {
          const { store, close } = await open({ layout });
          try {
            await remember({ store, path, fact: FORGOTTEN_FACT, now: NOW });
            const failing = failingWrite(store, failAt);
            const message = await forget({
              store: failing.store,
              query: FORGOTTEN_FACT,
              now: NOW,
            }).then(
              () => undefined,
              (error: unknown) => (error as Error).message,
            );
            if (failing.failed === undefined) {
              expect(message).toBeUndefined();
              break;
            }
            if (message === undefined) continue;
            const stored = await storedAfter(store, path);
            rows.push({ write: failing.failed, told: toldIn(message), stored });
          } finally {
            await close();
          }
        }
        expect(rows.length).toBeGreaterThanOrEqual(layout === "fact" ? 2 : 3);
        // A journal is never left without its tombstone: the next call would remove the lines with
        // nothing to keep them out.
        expect(rows.filter((row) => row.stored.journal && !row.stored.tombstone)).toEqual([]);
        expect(rows.map((row) => ({ write: row.write, told: row.stored }))).toEqual(
          rows.map((row) => ({ write: row.write, told: row.told })),
        );
      });
    }
  });
}

/** What a failed forget's message says is stored, or what is stored, in the same terms. */
type Told = { nothing: boolean; tombstone: boolean; journal: boolean; stillThere: boolean };

function toldIn(message: string): Told {
  return {
    nothing: message.includes("Nothing was changed."),
    tombstone: message.includes("tombstone was saved"),
    journal: message.includes("journal"),
    stillThere: / still holds? them/.test(message) || message.includes("Nothing was changed."),
  };
}

async function storedAfter(store: MemoryStore, path: string): Promise<Told> {
  const tombstone = ((await store.readInternal("tombstones.json")) ?? "").includes('"date"');
  const journal = ((await store.readInternal("pending-forget.json")) ?? "").trim() !== "";
  const read = await store.read(path);
  const stillThere = read.exists && read.content.includes(FORGOTTEN_FACT);
  return { nothing: !tombstone && !journal && stillThere, tombstone, journal, stillThere };
}

// The store with its `failAt`-th change (a file written or deleted, an internal file written)
// failing once as a full disk does; `failed` names the method that failed.
function failingWrite(
  store: MemoryStore,
  failAt: number,
): { store: MemoryStore; failed: string | undefined } {
  const changes = new Set(["write", "delete", "writeInternal", "appendInternal"]);
  let count = 0;
  const outcome: { store: MemoryStore; failed: string | undefined } = {
    store,
    failed: undefined,
  };
  outcome.store = new Proxy(store, {
    get(target, property) {
      // Read on the store itself: its getters use private fields, which a proxy does not have.
      const value = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (typeof property === "string" && changes.has(property) && ++count === failAt) {
          outcome.failed = property;
          const error = Object.assign(new Error("ENOSPC: no space left on device"), {
            code: "ENOSPC",
          });
          throw new MemoryWriteError({
            code: "disk_full",
            path: String(args[0]),
            landed: [],
            cause: error,
          });
        }
        return value.apply(target, args);
      };
    },
  });
  return outcome;
}
