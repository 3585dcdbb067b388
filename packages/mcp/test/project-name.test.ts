import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore, remember } from "@memfiles/core";
import { fileInScope, projectNameOf, inScope as scopeHolds } from "@memfiles/core/internal";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { ProjectScopeError } from "../src/scope.js";
import { createMemfilesMcpServer } from "../src/server.js";
import { openServerMemory } from "../src/server-options.js";

// One project-name rule (core's projectNameFrom / isProjectName), one table of names, every
// surface that takes a project name, and the subject layout's topics/ and people/ file names: each
// must take the name to the same project (or file), or refuse it.

type Row = {
  name: string;
  /** The name as given: a folder name, a `--project` value, a `scope:` value, a file stem. */
  given: string;
  /** The project it folds to (`undefined`: none). */
  project: string | undefined;
};

const ROWS: Row[] = [
  { name: "ASCII kebab-case", given: "my-app", project: "my-app" },
  { name: "ASCII words in capitals", given: "Billing API", project: "billing-api" },
  { name: "accents (NFC)", given: "caf\u00e9", project: "caf\u00e9" },
  { name: "accents (NFD)", given: "cafe\u0301", project: "caf\u00e9" },
  { name: "CJK", given: "\u9879\u76ee", project: "\u9879\u76ee" },
  {
    name: "Arabic",
    given: "\u0645\u0634\u0631\u0648\u0639",
    project: "\u0645\u0634\u0631\u0648\u0639",
  },
  {
    name: "Devanagari vowel signs",
    given: "\u0939\u093f\u0928\u094d\u0926\u0940",
    project: "\u0939\u093f\u0928\u094d\u0926\u0940",
  },
  { name: "Turkish dotted capital I", given: "\u0130zmir", project: "izmir" },
  { name: "full-width letters", given: "\uff21\uff30\uff30", project: "app" },
  { name: "emoji only", given: "\u{1f389}", project: undefined },
  { name: "emoji after a word", given: "app \u{1f389}", project: "app" },
  { name: "spaces and underscores", given: "my  big_app", project: "my-big-app" },
  { name: "leading and trailing punctuation", given: "--(app)--", project: "app" },
  { name: "a Windows device name", given: "con", project: undefined },
  { name: "240 chars", given: "x".repeat(240), project: undefined },
  { name: "300 chars", given: "x".repeat(300), project: undefined },
  { name: "empty", given: "", project: undefined },
  { name: "dot-dot", given: "..", project: undefined },
  { name: "a slash", given: "a/b", project: "a-b" },
];

/** What a surface made of a name: the project it scopes to, none, or a refusal. */
type Taken = string | undefined | "refused";

type Surface = {
  name: string;
  /** Whether the surface can be given this name at all (a folder cannot be named "a/b"). */
  takes: (given: string) => boolean;
  /** What the rule says this surface must make of the row. */
  expected: (row: Row) => Taken;
  take: (given: string) => Promise<Taken>;
};

// Names a folder on ext4, APFS or NTFS can have.
const isFolderName = (given: string) =>
  given !== "" && given !== ".." && !given.includes("/") && Buffer.byteLength(given) <= 255;

// Strict surfaces take a name only when it is a project name already; others fold it.
const folded = (row: Row): Taken => row.project;
const strict = (row: Row): Taken => (row.given === row.project ? row.project : "refused");

async function folder(given: string): Promise<string> {
  const cwd = join(await mkdtemp(join(tmpdir(), "memfiles-project-name-")), given);
  await mkdir(cwd);
  return cwd;
}

const SURFACES: Surface[] = [
  {
    name: "the hooks' project (projectNameOf of the session's folder)",
    takes: isFolderName,
    expected: folded,
    take: async (given) => projectNameOf(await folder(given)),
  },
  {
    name: "memfiles-mcp --cwd-project in that folder",
    takes: isFolderName,
    expected: folded,
    // Asked of what the server lists: a folder giving no project serves global memories only,
    // as the hooks recall there, never every project's.
    take: async (given) => {
      const cwd = await folder(given);
      const root = join(cwd, "memory");
      await mkdir(join(root, "projects"), { recursive: true });
      await writeFile(join(root, "profile.md"), "[stated 2026/11/01] is a developer\n");
      for (const project of PROJECTS) {
        await writeFile(join(root, `projects/${project}.md`), "[stated 2026/11/01] ships\n");
      }
      const opened = await openServerMemory(["--root", root, "--cwd-project"], {}, cwd);
      if (opened.code !== "opened") throw new Error(opened.code);
      expect(opened.projectWarning === undefined).toBe(
        typeof opened.serverOptions.project === "string",
      );
      const server = createMemfilesMcpServer(opened.serverOptions);
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: "memfiles-test", version: "0.0.0" });
      await client.connect(clientSide);
      const listed = await client.callTool({ name: "list", arguments: {} });
      await client.close();
      await server.close();
      const paths = (
        JSON.parse((listed.content as Array<{ text: string }>)[0]?.text ?? "") as Array<{
          path: string;
        }>
      ).map((row) => row.path);
      expect(paths).toContain("profile.md");
      const held = PROJECTS.filter((project) => paths.includes(`projects/${project}.md`));
      if (held.length > 1) return `every project (${held.length})`;
      return held[0];
    },
  },
  {
    name: "memfiles-mcp --project",
    takes: () => true,
    expected: strict,
    take: async (given) => {
      const root = join(await mkdtemp(join(tmpdir(), "memfiles-project-name-")), "memory");
      const opened = await openServerMemory(["--root", root, "--create", `--project=${given}`], {});
      if (opened.code !== "opened") throw new Error(opened.code);
      try {
        createMemfilesMcpServer(opened.serverOptions);
      } catch (error) {
        if (error instanceof ProjectScopeError) return "refused";
        throw error;
      }
      return opened.serverOptions.project ?? undefined;
    },
  },
  // The subject layout's path rule names a file in each of its three folders by the same rule.
  ...(["projects", "topics", "people"] as const).map(
    (folder): Surface => ({
      name: `the path rule (remember into ${folder}/<name>.md)`,
      takes: () => true,
      expected: strict,
      take: async (given) => {
        const root = await mkdtemp(join(tmpdir(), "memfiles-project-name-"));
        const store = new MemoryStore({ root, layout: "subject" });
        const path = `${folder}/${given}.md`;
        const result = await remember({ store, path, fact: "deploys with Fly.io" });
        if (!result.ok) {
          expect(result.code).toBe("path_not_allowed");
          return "refused";
        }
        // A project's file is the project's by the scope rule too.
        if (folder === "projects") expect(fileInScope(result.path, undefined, given)).toBe(true);
        return given;
      },
    }),
  ),
  {
    name: "the scope rule (a `scope:` header)",
    takes: () => true,
    expected: folded,
    take: async (given) => ofScope((project) => scopeHolds(given, project), given),
  },
  {
    name: "the scope rule (a projects/<name>.md file)",
    takes: (given) => !given.includes("/"),
    expected: folded,
    take: async (given) =>
      ofScope((project) => fileInScope(`projects/${given}.md`, undefined, project), given),
  },
];

const PROJECTS = [
  ...new Set(ROWS.flatMap((row) => (row.project === undefined ? [] : [row.project]))),
];

// The project a scope belongs to, asked of the rule: in scope of the project the name folds to
// (tried against every row's project) and of no other; in scope of all of them is global.
function ofScope(holds: (project: string) => boolean, given: string): Taken {
  const held = PROJECTS.filter(holds);
  if (held.length === PROJECTS.length) return undefined;
  if (held.length > 1) throw new Error(`${JSON.stringify(given)} is in scope of ${held}`);
  return held[0];
}

describe("one project-name rule on every surface", () => {
  const cases = SURFACES.flatMap((surface) =>
    ROWS.filter((row) => surface.takes(row.given)).map((row) => ({
      case: `${surface.name}: ${row.name}`,
      surface,
      row,
    })),
  );
  it.each(cases)("$case", async ({ surface, row }) => {
    expect(await surface.take(row.given)).toBe(surface.expected(row));
  });
});
