import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LOCAL_TENANT } from "@memfiles/errors";
import { openTenantMemory } from "@memfiles/pg";
import { describe, expect, it } from "vitest";
import { contextIn } from "../test/command-context.js";
import { runMemfiles } from "./run-memfiles.js";

// `memfiles` on an embedded PGlite database (backend) instead of a folder.
// PGlite loads its WASM per open: allow for a busy 2-core machine.
const PGLITE_LIMIT_MS = 120_000;

describe("memfiles --pglite", () => {
  it(
    "remembers, then lists, each run opening the same database; another tenant sees nothing",
    async () => {
      const base = await mkdtemp(join(tmpdir(), "memfiles-cli-pglite-"));
      const db = ["--pglite", "db", "--tenant", "user-42"];
      const first = contextIn(base);
      expect(
        await runMemfiles(
          [...db, "remember", "topics/hosting.md", "deploys on Fly.io"],
          first.context,
        ),
        first.output.stderr,
      ).toBe(0);
      const listed = contextIn(base);
      expect(await runMemfiles([...db, "ls", "--json"], listed.context)).toBe(0);
      expect(JSON.parse(listed.output.stdout).map((file: { path: string }) => file.path)).toEqual([
        "topics/hosting.md",
      ]);
      const other = contextIn(base);
      expect(
        await runMemfiles(["--pglite", "db", "--tenant", "user-7", "ls", "--json"], other.context),
      ).toBe(0);
      expect(JSON.parse(other.output.stdout)).toEqual([]);
    },
    PGLITE_LIMIT_MS,
  );

  it(
    `without --tenant opens the tenant ${LOCAL_TENANT}, the one the MCP server opens too`,
    async () => {
      const base = await mkdtemp(join(tmpdir(), "memfiles-cli-pglite-"));
      const first = contextIn(base);
      expect(
        await runMemfiles(
          ["--pglite", "db", "remember", "topics/hosting.md", "deploys on Fly.io"],
          first.context,
        ),
        first.output.stderr,
      ).toBe(0);
      const listed = contextIn(base);
      expect(
        await runMemfiles(
          ["--pglite", "db", "--tenant", LOCAL_TENANT, "ls", "--json"],
          listed.context,
        ),
      ).toBe(0);
      expect(JSON.parse(listed.output.stdout).map((file: { path: string }) => file.path)).toEqual([
        "topics/hosting.md",
      ]);
    },
    PGLITE_LIMIT_MS,
  );

  it(
    "reads the layout from the database without --layout, as on a folder",
    async () => {
      const base = await mkdtemp(join(tmpdir(), "memfiles-cli-pglite-"));
      const fact = contextIn(base);
      expect(
        await runMemfiles(
          ["--pglite", "db", "--layout", "fact", "remember", "editor.md", "Uses Neovim."],
          fact.context,
        ),
        fact.output.stderr,
      ).toBe(0);
      const detected = contextIn(base);
      expect(
        await runMemfiles(
          ["--pglite", "db", "remember", "theme.md", "Likes dark mode."],
          detected.context,
        ),
        detected.output.stderr,
      ).toBe(0);
      const listed = contextIn(base);
      expect(await runMemfiles(["--pglite", "db", "ls", "--json"], listed.context)).toBe(0);
      expect(JSON.parse(listed.output.stdout).map((file: { path: string }) => file.path)).toEqual([
        "editor.md",
        "theme.md",
      ]);
    },
    PGLITE_LIMIT_MS,
  );

  it(
    "refuses a folder command, a folder beside the database, and a URL without a tenant; exit 2",
    async () => {
      const base = await mkdtemp(join(tmpdir(), "memfiles-cli-pglite-"));
      const serve = contextIn(base);
      expect(await runMemfiles(["--pglite", "db", "serve"], serve.context)).toBe(2);
      expect(serve.output.stderr).toContain("works on a memory folder only");
      expect(serve.output.stderr).not.toContain("copyMemory");
      const importing = contextIn(base);
      expect(
        await runMemfiles(["--pglite", "db", "import", "bundle.json"], importing.context),
      ).toBe(2);
      expect(importing.output.stderr).toContain(
        "To copy a memory folder into a database, use copyMemory of @memfiles/pg (docs/postgresql.md).",
      );
      const both = contextIn(base);
      expect(await runMemfiles(["--pglite", "db", "ls", "./memory"], both.context)).toBe(2);
      expect(both.output.stderr).toContain("Give the folder or the database, not both");
      const noTenant = contextIn(base);
      expect(
        await runMemfiles(["--database-url", "postgres://127.0.0.1:1/x", "ls"], noTenant.context),
      ).toBe(2);
      expect(noTenant.output.stderr).toContain("without --tenant");
      const layout = contextIn(base);
      expect(await runMemfiles(["--layout", "facts", "ls"], layout.context)).toBe(2);
      expect(layout.output.stderr).toContain('Refused --layout "facts"');
    },
    PGLITE_LIMIT_MS,
  );

  // Port 1 on the loopback: nothing listens there, so the connection is refused at once.
  it.each([
    [
      "--pglite naming a file",
      ["--pglite", "memory.db", "ls"],
      "memfiles: Could not open the PGlite database in <base>/memory.db: it is a file, not a folder. Give --pglite a folder of its own (it is created when missing).\n",
    ],
    [
      "--pglite under a missing folder",
      ["--pglite", "no/such/db", "ls"],
      "memfiles: Could not open the PGlite database in <base>/no/such/db: no folder <base>/no/such to make it in. Create <base>/no/such first, or give --pglite a folder inside one that exists (the database's own folder is created when missing).\n",
    ],
    [
      "a database nobody answers on",
      ["--database-url", "postgres://memfiles:s3cret@127.0.0.1:1/memfiles", "--tenant", "u", "ls"],
      "memfiles: Could not open postgres://memfiles@127.0.0.1:1/memfiles: connect ECONNREFUSED 127.0.0.1:1. Check that the server runs and the URL's host, port, user, password and database are right.\n",
    ],
  ])("%s: one line on stderr, exit 2, no stack", async (_name, argv, expected) => {
    const base = await mkdtemp(join(tmpdir(), "memfiles-cli-db-"));
    await writeFile(join(base, "memory.db"), "not a folder\n");
    const run = contextIn(base);
    const code = await runMemfiles(argv, run.context);
    expect({ code, stderr: run.output.stderr.replaceAll(base, "<base>") }).toEqual({
      code: 2,
      stderr: expected,
    });
  });

  // Opening PGlite creates its folder (and takes seconds): a refused run must not leave one behind.
  it.each([
    ["ls", ["ls", "./memory"]],
    ["-m before the command", ["-m", "memory", "ls"]],
    ["show with two arguments", ["show", "./memory", "profile.md"]],
    ["remember with three arguments", ["remember", "./memory", "topics/x.md", "uses Neovim"]],
  ])("refuses a folder beside --pglite (%s) before the database is opened", async (_name, argv) => {
    const base = await mkdtemp(join(tmpdir(), "memfiles-cli-db-"));
    const run = contextIn(base);
    const code = await runMemfiles(["--pglite", "db", ...argv], run.context);
    expect({ code, stderr: run.output.stderr, created: existsSync(join(base, "db")) }).toEqual({
      code: 2,
      stderr: `memfiles: Refused the memory folder ${argv.includes("-m") ? "memory" : "./memory"} with --database-url / --pglite: a command works on one memory. Give the folder or the database, not both.\n`,
      created: false,
    });
  });

  // `check` refuses a database: the line under ls's table must not name it.
  it(
    "ls on a database points at ls --json for a (!) row, never at check",
    async () => {
      const base = await mkdtemp(join(tmpdir(), "memfiles-cli-pglite-"));
      const db = ["--pglite", "pg db", "--tenant", "o'neil"];
      const opened = await openTenantMemory({ dataDir: join(base, "pg db"), tenant: "o'neil" });
      await opened.store.write(
        "topics/hand.md",
        "---\nname: hand\ndescription: Written by hand.\nupdated: 2026/11/01\n---\nuses Neovim\n",
        "new",
      );
      await opened.close();
      const listed = contextIn(base);
      expect(await runMemfiles([...db, "ls"], listed.context)).toBe(0);
      expect(listed.output.stdout).toContain("topics/hand.md (!)");
      expect(listed.output.stdout.split("\n").at(-2)).toBe(
        "(!) has problems: `memfiles --pglite 'pg db' --tenant 'o'\\''neil' ls --json` lists each file's (`memfiles check` works on a memory folder only).",
      );
    },
    PGLITE_LIMIT_MS,
  );
});
