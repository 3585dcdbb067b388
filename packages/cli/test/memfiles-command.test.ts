// Runs `memfiles` commands in process through `runMemfiles` (what bin/memfiles.js runs) on
// temporary memory folders, with the environment a child process would get; the binary itself
// (exit status, a closed pipe, stdin that is no terminal, signals) is memfiles-binary.test.ts.
import { appendFile, mkdir, readFile, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLE_VERSION } from "../src/bundle/bundle.js";
import { runMemfiles } from "../src/run-memfiles.js";
import { contextIn } from "./command-context.js";
import { FIXTURE_NOW, memoryFixture } from "./memory-fixture.js";

// A ceiling against a hang, not a speed check: a test runs a few commands on a busy 2-core machine.
const TEST_LIMIT_MS = 60_000;

type Run = { code: number; stdout: string; stderr: string };

async function memfiles(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const {
    INIT_CWD: _init,
    MEMFILES_DIR: _dir,
    ANTHROPIC_API_KEY: _key,
    ...inherited
  } = process.env;
  // As from a pipe: stdin is no terminal, so a command that would ask must refuse instead.
  const { context, output } = contextIn(cwd, {
    confirm: () => Promise.reject(new Error(`memfiles ${args.join(" ")} asked without a terminal`)),
  });
  const code = await runMemfiles(args, { ...context, env: { ...inherited, ...env } });
  return { code, ...output };
}

function expectOneLineError(run: Run): void {
  expect(run.stderr.trim().split("\n")).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\bat .+:\d+:\d+/);
}

describe("memfiles commands", { timeout: TEST_LIMIT_MS }, () => {
  it("ls prints a table, and --json the rows with facts and versions", async () => {
    const { folder } = await memoryFixture();
    const table = await memfiles(["ls", "memory"], folder);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^PATH\s+LINES\s+CHARS\s+UPDATED\s+DESCRIPTION/);
    expect(table.stdout).toMatch(/topics\/tools\.md\s+3\s+\d+\s+2026\/09\/12/);
    const json = await memfiles(["ls", "--json", "--memory", "memory"], folder);
    expect(json.code).toBe(0);
    const rows = JSON.parse(json.stdout) as Array<{ path: string; facts: number; version: string }>;
    expect(rows.map(({ path, facts }) => ({ path, facts }))).toEqual([
      { path: "profile.md", facts: 1 },
      { path: "topics/tools.md", facts: 3 },
    ]);
    expect(rows[1]?.version).toMatch(/^[0-9a-f]{12}$/);
  });

  it("show --json gives the lines with dates; a path outside the folder exits 2", async () => {
    const { folder } = await memoryFixture();
    const shown = await memfiles(["show", "profile.md", "--json", "-m", "memory"], folder);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout).lines).toEqual([
      {
        line: 6,
        stated: "2026/09/12",
        text: "lives in Lyon",
        written: "[stated 2026/09/12] lives in Lyon",
      },
    ]);
    const outside = await memfiles(["show", "../secrets.md", "-m", "memory"], folder);
    expect(outside.code).toBe(2);
    expectOneLineError(outside);
  });

  it("search finds lines holding every word (exit 0), and exits 1 when none does", async () => {
    const { folder } = await memoryFixture();
    const found = await memfiles(["search", "FLY.IO", "deploys", "--json", "-m", "memory"], folder);
    expect(found.code).toBe(0);
    expect(JSON.parse(found.stdout)).toEqual([
      { file: "topics/tools.md", line: 7, text: "[stated 2026/09/12] deploys on Fly.io" },
    ]);
    expect((await memfiles(["search", "kubernetes", "-m", "memory"], folder)).code).toBe(1);
  });

  it("remember saves a dated line (exit 0) and refuses a secret (exit 1)", async () => {
    const { folder } = await memoryFixture();
    const saved = await memfiles(
      ["remember", "topics/food.md", "is vegetarian", "-m", "memory"],
      folder,
    );
    expect(saved.code).toBe(0);
    expect(await readFile(join(folder, "memory/topics/food.md"), "utf8")).toMatch(
      /\[stated \d{4}\/\d{2}\/\d{2}\] is vegetarian\n/,
    );
    const secret = await memfiles(
      [
        "remember",
        "profile.md",
        "api key is sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA-AAAAAAAA",
        "--json",
        "-m",
        "memory",
      ],
      folder,
    );
    expect(secret.code).toBe(1);
    expect(JSON.parse(secret.stdout).code).toBe("secret");
  });

  it("forget asks first: without a terminal or --yes it removes nothing and exits 2", async () => {
    const { folder } = await memoryFixture();
    const before = await readFile(join(folder, "memory/topics/tools.md"), "utf8");
    const run = await memfiles(["forget", "where I deploy", "-m", "memory"], folder);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain("topics/tools.md: [stated 2026/09/12] deploys on Fly.io");
    expectOneLineError(run);
    expect(await readFile(join(folder, "memory/topics/tools.md"), "utf8")).toBe(before);
  });

  it("forget --yes removes the shown lines and leaves a tombstone", async () => {
    const { folder } = await memoryFixture();
    const run = await memfiles(
      ["forget", "where I deploy", "--yes", "--json", "-m", "memory"],
      folder,
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      code: "removed",
      removed: [{ path: "topics/tools.md", line: "[stated 2026/09/12] deploys on Fly.io" }],
    });
    expect(await readFile(join(folder, "memory/topics/tools.md"), "utf8")).not.toContain("Fly.io");
    const tombstones = await readFile(join(folder, "memory/.memfiles/tombstones.json"), "utf8");
    // Format 3: short hashes of the fact key and words (decision 0026), never the words, and
    // the lines the forget left (none here: decision 0107).
    expect(tombstones).toMatch(
      /"version":3,"tombstones":\[\n\{"date":"[^"]+","facts":\[\["[\w-]{11}",.*"kept":""\}/,
    );
    expect(tombstones).not.toMatch(/fly|deploy/i);
  });

  it("check finds problems (exit 1); check --fix repairs the safe ones and leaves the rest", async () => {
    const { folder } = await memoryFixture();
    await appendFile(join(folder, "memory/profile.md"), "moved to Berlin last week\n");
    const temp = join(folder, "memory/topics/tools.md.123456");
    await writeFile(temp, "half a write");
    const old = new Date(Date.now() - 3_600_000);
    await utimes(temp, old, old);
    const ours = join(folder, "memory/topics/tools.md.memfiles-0a1b2c3d.tmp");
    await writeFile(ours, "half a write");
    await utimes(ours, old, old);
    await mkdir(join(folder, "memory/people"));
    // "zoé" in Latin-1: the é is byte 0xE9, not UTF-8
    await writeFile(
      join(folder, "memory/people/zoe.md"),
      Buffer.from("---\nname: zo\xe9\ndescription: Zoe.\n---\n", "latin1"),
    );
    const found = await memfiles(["check", "memory", "--json"], folder);
    expect(found.code).toBe(1);
    const codes = (JSON.parse(found.stdout).findings as Array<{ code: string }>).map(
      (finding) => finding.code,
    );
    expect(codes).toEqual(
      expect.arrayContaining(["index_out_of_sync", "undated_line", "not_utf8", "temp_file_left"]),
    );
    const fixed = await memfiles(["doctor", "memory", "--fix", "--json"], folder);
    expect(fixed.code).toBe(1); // the undated line and the non-UTF-8 file are for a person
    const findings = JSON.parse(fixed.stdout).findings as Array<{ code: string; fixed?: boolean }>;
    expect(
      findings
        .filter((finding) => finding.fixed)
        .map((finding) => finding.code)
        .sort(),
    ).toEqual(["index_out_of_sync", "temp_file_left", "temp_file_left"].sort());
    await expect(readFile(temp)).rejects.toThrow();
    await expect(readFile(ours)).rejects.toThrow();
    expect(await readFile(join(folder, "memory/profile.md"), "utf8")).toContain(
      "moved to Berlin last week\n",
    );
  });

  it("check takes a UTF-16 file with a byte order mark as text (the store reads and keeps it)", async () => {
    const { folder } = await memoryFixture();
    await memfiles(["check", "memory", "--fix"], folder);
    const text =
      "---\r\nname: preferences\r\ndescription: How I like answers.\r\n---\r\n[stated 2026/09/12] señor, short answers\r\n";
    await writeFile(
      join(folder, "memory/preferences.md"),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]),
    );
    await memfiles(["check", "memory", "--fix"], folder);
    const found = await memfiles(["check", "memory", "--json"], folder);
    const codes = (JSON.parse(found.stdout).findings as Array<{ code: string; path?: string }>)
      .filter((finding) => finding.path === "preferences.md")
      .map((finding) => finding.code);
    expect(codes).not.toContain("not_utf8");
  });

  it("consolidate without ANTHROPIC_API_KEY exits 2 and changes nothing", async () => {
    const { folder } = await memoryFixture();
    const run = await memfiles(["consolidate", "memory"], folder);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("ANTHROPIC_API_KEY");
    expectOneLineError(run);
  });

  it("export then import into an empty folder; import refuses newer files on disk (exit 1) and other bundle versions (exit 2)", async () => {
    const { folder, store } = await memoryFixture();
    const exported = await memfiles(["export", "memory", "-o", "bundle.json"], folder);
    expect(exported.code).toBe(0);
    const imported = await memfiles(["import", "bundle.json", "copy", "--json"], folder);
    expect(imported.code).toBe(0);
    expect(await readFile(join(folder, "copy/topics/tools.md"), "utf8")).toBe(
      await readFile(join(folder, "memory/topics/tools.md"), "utf8"),
    );
    const { remember } = await import("@memfiles/core");
    await remember({
      store,
      path: "topics/tools.md",
      fact: "uses tmux",
      now: new Date(FIXTURE_NOW.getTime() + 86_400_000 * 30),
    });
    const newer = await readFile(join(folder, "memory/topics/tools.md"), "utf8");
    const refused = await memfiles(["import", "bundle.json", "memory", "--json"], folder);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).steps).toContainEqual(
      expect.objectContaining({ path: "topics/tools.md", code: "newer_on_disk" }),
    );
    expect(await readFile(join(folder, "memory/topics/tools.md"), "utf8")).toBe(newer);
    const bundle = JSON.parse(await readFile(join(folder, "bundle.json"), "utf8"));
    const version = BUNDLE_VERSION + 1;
    await writeFile(join(folder, "future.json"), JSON.stringify({ ...bundle, version }));
    const future = await memfiles(["import", "future.json", "memory"], folder);
    expect(future.code).toBe(2);
    expect(future.stderr).toContain(`version ${version} bundle`);
  });

  it("import refuses a bundle holding a secret (exit 1, nothing written); check lists secrets by path, line and kind", async () => {
    const { folder } = await memoryFixture();
    const token = "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5";
    const exported = await memfiles(["export", "memory", "-o", "bundle.json"], folder);
    expect(exported.code).toBe(0);
    const bundle = JSON.parse(await readFile(join(folder, "bundle.json"), "utf8"));
    const file = bundle.files.find((entry: { path: string }) => entry.path === "profile.md");
    file.content = `${file.content}[stated 2026/09/12] github token ${token}\n`;
    await writeFile(join(folder, "secret.json"), JSON.stringify(bundle));
    const refused = await memfiles(["import", "secret.json", "copy", "--json"], folder);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ written: false, code: "secret" });
    expect(refused.stdout).not.toContain(token);
    await expect(readFile(join(folder, "copy/profile.md"), "utf8")).rejects.toThrow();
    await appendFile(
      join(folder, "memory/profile.md"),
      `[stated 2026/09/12] card 4111 1111 1111 1111\n`,
    );
    const checked = await memfiles(["check", "memory", "--json"], folder);
    expect(checked.code).toBe(1);
    expect(JSON.parse(checked.stdout).secrets).toEqual([
      { path: "profile.md", line: 7, kind: "card_number" },
    ]);
    expect(checked.stdout).not.toContain("4111");
  });

  it("remember of a path outside the folder exits 2, as show does", async () => {
    const { folder } = await memoryFixture();
    const outside = await memfiles(["remember", "../evil.md", "likes tea", "-m", "memory"], folder);
    expect(outside.code).toBe(2);
  });

  it("cost prices the usage log per stage and model", async () => {
    const { folder } = await memoryFixture();
    const usage = { input: 1_000_000, output: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 };
    await mkdir(join(folder, "memory/.memfiles"), { recursive: true });
    await writeFile(
      join(folder, "memory/.memfiles/usage.jsonl"),
      `${JSON.stringify({ stage: "write", model: "claude-haiku-4-5", usage, date: FIXTURE_NOW.toISOString() })}\n`,
    );
    const run = await memfiles(["cost", "memory", "--json"], folder);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).rows).toEqual([
      { stage: "write", model: "claude-haiku-4-5", calls: 1, usd: 1 },
    ]);
  });

  it.each([
    { name: "a missing folder", args: ["ls", "no-such-folder"], code: 2 },
    { name: "a file given as the folder", args: ["check", "bundle-not-a-folder.txt"], code: 2 },
    { name: "an unknown option", args: ["ls", "--colour"], code: 2 },
  ])("$name: one line on stderr, no stack, exit $code, nothing created", async ({ args, code }) => {
    const { folder } = await memoryFixture();
    await writeFile(join(folder, "bundle-not-a-folder.txt"), "x");
    const run = await memfiles(args, folder);
    expect(run.code).toBe(code);
    expectOneLineError(run);
    await expect(readFile(join(folder, "no-such-folder"))).rejects.toThrow();
  });
});
