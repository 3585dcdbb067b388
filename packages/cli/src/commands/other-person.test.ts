import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { LAYOUT_NAMES } from "@memfiles/core/internal";
import { OTHER_PERSON_FACTS, otherPersonFile, SAME_PERSON_FACT } from "@memfiles/core/test";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

// Another person's fact is not a duplicate (decision 0118), through `memfiles remember` on a
// folder (both layouts) and on PGlite: "Anna lives in Madrid" beside "Anna's sister lives in
// Madrid" is saved and the held line kept; the same person's fact again is refused. The library,
// the memory tool and the write pass (core `layouts/other-person-duplicate.test.ts`) and MCP
// (`mcp/src/other-person.test.ts`) run the same rows.
async function run(cwd: string, argv: string[]) {
  const { context, output } = contextIn(cwd);
  const code = await runMemfiles(argv, context);
  return { code, text: output.stdout + output.stderr };
}

async function folderWith(layout: (typeof LAYOUT_NAMES)[number], held: string) {
  const base = await mkdtemp(join(tmpdir(), "memfiles-cli-other-person-"));
  const { path, content } = otherPersonFile(layout, held);
  await mkdir(dirname(join(base, "memory", path)), { recursive: true });
  await writeFile(join(base, "memory", path), content);
  const readAll = async () => {
    const names = (await readdir(join(base, "memory"), { recursive: true })).map(String);
    const files = names.filter((name) => name.endsWith(".md") && !name.startsWith("."));
    const texts = files.map((name) => readFile(join(base, "memory", name), "utf8"));
    return (await Promise.all(texts)).join("\n");
  };
  return { base, path, content, read: () => readFile(join(base, "memory", path), "utf8"), readAll };
}

describe.each(LAYOUT_NAMES)("memfiles remember, another person's fact (%s layout)", (layout) => {
  it.each(OTHER_PERSON_FACTS)("saves $name: $fact beside $held", async ({ held, fact }) => {
    const { base, path, read, readAll } = await folderWith(layout, held);
    const { code, text } = await run(base, ["remember", "-m", "memory", path, fact]);
    expect({ code, text }).toMatchObject({ code: 0 });
    expect(await read()).toContain(held);
    expect(await readAll()).toContain(fact);
  });

  it("refuses the same person's fact again as a duplicate", async () => {
    const { base, path, content, read } = await folderWith(layout, SAME_PERSON_FACT.held);
    const { code, text } = await run(base, [
      "remember",
      "-m",
      "memory",
      path,
      SAME_PERSON_FACT.fact,
    ]);
    expect(code).toBe(1);
    expect(text).toMatch(/already (?:holds|states)/);
    expect(await read()).toBe(content);
  });
});

describe("memfiles remember on PGlite, another person's fact", () => {
  // PGlite loads its WASM on each open (three opens): about 30 s on a busy 2-core machine, two
  // minutes guard a hang.
  it("saves Anna's fact beside her sister's and refuses the sister's again", async () => {
    const base = await mkdtemp(join(tmpdir(), "memfiles-cli-other-person-pg-"));
    const tenant = ["--pglite", "db", "--tenant", "user-42", "remember", "people/anna.md"];
    const [row] = OTHER_PERSON_FACTS;
    if (row === undefined) throw new Error("OTHER_PERSON_FACTS is empty");
    expect((await run(base, [...tenant, row.held])).code).toBe(0);
    expect(await run(base, [...tenant, row.fact])).toMatchObject({ code: 0 });
    const again = await run(base, [...tenant, SAME_PERSON_FACT.fact]);
    expect(again.code).toBe(1);
    expect(again.text).toMatch(/already (?:holds|states)/);
  }, 120_000);
});
