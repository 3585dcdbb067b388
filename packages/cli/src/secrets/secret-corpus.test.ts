import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import { expect, it } from "vitest";
import { SECRET_CORPUS, type SecretSample } from "../../../core/test/fixtures/secret-corpus.js";
import { contextIn } from "../../test/command-context.js";
import { startMemoryPage } from "../page/memory-page-server.js";
import { runMemfiles } from "../run-memfiles.js";

const FILE = "topics/accounts.md";

async function everyText(folder: string): Promise<string[]> {
  await mkdir(folder, { recursive: true });
  const texts: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) texts.push(await readFile(join(entry.parentPath, entry.name), "utf8"));
  }
  return texts;
}

function halves(sample: SecretSample): [string, string] {
  const at = sample.fact.indexOf(sample.value) + Math.floor(sample.value.length / 2);
  return [sample.fact.slice(0, at), sample.fact.slice(at)];
}

function bothParts(sample: SecretSample, texts: readonly string[]): boolean {
  const at = Math.floor(sample.value.length / 2);
  const parts = [sample.value.slice(0, at), sample.value.slice(at)];
  return parts.every((part) => texts.some((text) => text.includes(part)));
}

/** One way a text reaches memory from the CLI: the texts one after another, in one folder. */
type Channel = (folder: string, texts: readonly string[]) => Promise<string[]>;

const CHANNELS: Array<[string, Channel]> = [
  [
    "memfiles remember",
    async (folder, texts) => {
      const reported: string[] = [];
      // Each `memfiles remember` is a process of its own: no session joins two of them.
      for (const fact of texts) {
        const { context, output } = contextIn(folder);
        await runMemfiles(["remember", FILE, fact, "-m", "memory", "--json"], context);
        reported.push(output.stdout + output.stderr);
      }
      return reported;
    },
  ],
  [
    "memfiles import",
    async (folder, texts) => {
      const bundle = {
        format: "memfiles-bundle",
        version: 1,
        exportedAt: "2026-10-02T08:00:00Z",
        files: [
          {
            path: FILE,
            version: "new",
            content: `---\nname: accounts\ndescription: Accounts.\nupdated: 2026/10/02\n---\n${texts.map((text) => `[stated 2026/10/02] ${text}`).join("\n")}\n`,
          },
        ],
      };
      const bundlePath = join(folder, "bundle.json");
      await writeFile(bundlePath, JSON.stringify(bundle));
      const { context, output } = contextIn(folder);
      await runMemfiles(["import", bundlePath, "-m", "memory", "--json"], context);
      await writeFile(bundlePath, "");
      return [output.stdout + output.stderr];
    },
  ],
  [
    "the memory page (description)",
    async (folder, texts) => {
      const store = new MemoryStore({ root: join(folder, "memory") });
      const { context } = contextIn(folder);
      await runMemfiles(["remember", FILE, "keeps accounts in a manager", "-m", "memory"], context);
      const page = await startMemoryPage({ store });
      const reported: string[] = [];
      try {
        for (const description of texts) {
          const read = await store.read(FILE);
          const response = await fetch(
            `http://127.0.0.1:${page.port}/api/description?token=${page.token}`,
            {
              method: "POST",
              headers: {
                origin: `http://127.0.0.1:${page.port}`,
                "content-type": "application/json",
              },
              body: JSON.stringify({
                file: FILE,
                version: read.exists ? read.version : "",
                description,
              }),
            },
          );
          reported.push(await response.text());
        }
      } finally {
        await page.close();
      }
      return reported;
    },
  ],
];

it.each(CHANNELS)(
  "the secret corpus through %s: 0 on disk whole, at most 10 split in two, 0 raw secrets in results",
  // Two runs per format (whole, split in two) over 160 formats, each in a folder of its own.
  { timeout: 120_000 },
  async (name, channel) => {
    const onDisk: string[] = [];
    const splitOnDisk: string[] = [];
    const inResults: string[] = [];
    for (const sample of SECRET_CORPUS) {
      for (const [mode, texts] of [
        ["whole", [sample.fact]],
        ["split", halves(sample)],
      ] as const) {
        const folder = await mkdtemp(join(tmpdir(), "memfiles-cli-secrets-"));
        const reported = await channel(folder, texts);
        const disk = await everyText(join(folder, "memory"));
        if (mode === "whole" && disk.some((text) => text.includes(sample.value))) {
          onDisk.push(sample.name);
        }
        if (mode === "split" && bothParts(sample, disk)) splitOnDisk.push(sample.name);
        if (reported.some((text) => text.includes(sample.value))) inResults.push(sample.name);
      }
    }
    console.log(
      `secret corpus, ${name}: ${onDisk.length} of ${SECRET_CORPUS.length} on disk whole, ${splitOnDisk.length} split in two (${splitOnDisk.join(", ")}), ${inResults.length} raw in results`,
    );
    expect(splitOnDisk.length).toBeLessThanOrEqual(10);
    expect({ onDisk, inResults }).toEqual({ onDisk: [], inResults: [] });
  },
);
