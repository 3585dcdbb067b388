import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

type Found = { code: string; path: string; line?: number; kind?: string };

async function check(layout: "subject" | "fact", files: Record<string, string | Buffer>) {
  const cwd = await mkdtemp(join(tmpdir(), "memfiles-one-finding-"));
  const root = join(cwd, layout === "subject" ? "memory" : ".memory");
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  const { context, output } = contextIn(cwd);
  await runMemfiles(["check", root, "--json"], context);
  return (JSON.parse(output.stdout) as { findings: Found[] }).findings;
}

// Every byte value, a hundred times over: 100 newlines in a file that is not text.
const BINARY = Buffer.from(Array.from({ length: 25_600 }, (_, at) => at % 256));
const WIFI = [
  "---\nname: wifi\ndescription: Home network.\n---\n",
  "[stated 2026/01/01] the wifi password is\n",
  "[stated 2026/01/01] Sommer2024!xQ\n",
  "[stated 2026/01/01] uses ghp_abcdefghijklmnopqrstuvwxyz0123456789 for CI\n",
].join("");

describe("check reports each problem once", () => {
  it.each(["subject", "fact"] as const)(
    "%s layout: a file that is not text is reported not_utf8 alone",
    async (layout) => {
      const path = layout === "subject" ? "topics/blob.md" : "blob.md";
      const findings = await check(layout, { [path]: BINARY });
      // Not in MEMORY.md either (there is none): a finding of the folder, not of the bytes.
      const ofFile = findings.filter(
        (finding) => finding.path === path && finding.code !== "index_out_of_sync",
      );
      expect(ofFile.map((finding) => finding.code)).toEqual(["not_utf8"]);
    },
  );

  it("a password split over two lines beside a token: one finding a line and kind", async () => {
    const findings = await check("subject", { "topics/wifi.md": WIFI });
    const secrets = findings
      .filter((finding) => finding.code === "secret")
      .map(({ line, kind }) => `${line} ${kind}`);
    expect(secrets).toEqual([...new Set(secrets)]);
    expect(secrets).toContain("7 github_token");
    expect(secrets.some((secret) => secret.endsWith("password"))).toBe(true);
  });

  // A new user's trial: the `updated:` line memfiles wrote was read after the file's name.
  it.each(["passwords", "tokens", "api-tokens", "secretary"])(
    "the header memfiles writes for topics/%s.md holds no secret",
    async (name) => {
      const cwd = await mkdtemp(join(tmpdir(), "memfiles-one-finding-"));
      const wrote = contextIn(cwd);
      const args = [
        "remember",
        "--create",
        "memory",
        `topics/${name}.md`,
        "keeps them in Bitwarden",
      ];
      expect(await runMemfiles(args, wrote.context)).toBe(0);
      const { context, output } = contextIn(cwd);
      await runMemfiles(["check", "memory", "--json"], context);
      const { findings } = JSON.parse(output.stdout) as { findings: Found[] };
      expect(findings.filter((finding) => finding.code === "secret")).toEqual([]);
    },
  );
});
