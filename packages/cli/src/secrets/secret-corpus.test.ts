import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore } from "@memfiles/core";
import { expect, it } from "vitest";
import {
  type CorpusChannel,
  type CorpusWrite,
  type CorpusWriteResult,
  expectedFigures,
  figuresLine,
  folderTexts,
  runSecretCorpus,
  SPLIT_ALLOWANCE,
  SPLIT_SAMPLE,
} from "../../../core/test/fixtures/secret-corpus-runner.js";
import { contextIn } from "../../test/command-context.js";
import { startMemoryPage } from "../page/memory-page-server.js";
import { runMemfiles } from "../run-memfiles.js";

const FILE = "topics/accounts.md";

/** A folder the commands run in, with the memory in `memory/` under it. */
type Folder = { folder: string };

async function newFolder(): Promise<Folder> {
  return { folder: await mkdtemp(join(tmpdir(), "memfiles-cli-secrets-")) };
}
const memoryTexts = ({ folder }: Folder) => folderTexts(join(folder, "memory"));

async function memfiles(folder: string, args: string[]) {
  const { context, output } = contextIn(folder);
  await runMemfiles(args, context);
  return output.stdout + output.stderr;
}

function secretCode(printed: string): boolean {
  try {
    return (JSON.parse(printed) as { code?: unknown }).code === "secret";
  } catch {
    return false;
  }
}

const bundleFile = (path: string, texts: readonly string[]) => ({
  path,
  version: "new",
  content: `---\nname: accounts\ndescription: Accounts.\nupdated: 2026/10/02\n---\n${texts.map((text) => `[stated 2026/10/02] ${text}`).join("\n")}\n`,
});

const CHANNELS: CorpusChannel<Folder & { page?: Awaited<ReturnType<typeof startMemoryPage>> }>[] = [
  {
    name: "memfiles remember",
    open: newFolder,
    // Each `memfiles remember` is a process of its own: no session joins two of them.
    write: async ({ folder }, writes) => {
      const refused: boolean[] = [];
      const reported: string[] = [];
      for (const write of writes) {
        const printed: string[] = [];
        for (const fact of write.texts) {
          printed.push(
            await memfiles(folder, ["remember", FILE, fact, "-m", "memory", "--create", "--json"]),
          );
        }
        refused.push(printed.every(secretCode));
        reported.push(...printed);
      }
      return { refused, reported };
    },
    disk: memoryTexts,
  },
  {
    name: "memfiles import",
    open: newFolder,
    // One bundle, a file per write: the refusal names each file that holds a secret.
    write: async ({ folder }, writes): Promise<CorpusWriteResult> => {
      const pathOf = (write: CorpusWrite) => `topics/accounts-${write.index}.md`;
      const bundle = {
        format: "memfiles-bundle",
        version: 1,
        exportedAt: "2026-10-02T08:00:00Z",
        files: writes.map((write) => bundleFile(pathOf(write), write.texts)),
      };
      const bundlePath = join(folder, "bundle.json");
      await writeFile(bundlePath, JSON.stringify(bundle));
      const printed = await memfiles(folder, ["import", bundlePath, "-m", "memory", "--json"]);
      await writeFile(bundlePath, "");
      const found = secretCode(printed)
        ? new Set(
            (JSON.parse(printed) as { secrets: Array<{ path: string }> }).secrets.map(
              (secret) => secret.path,
            ),
          )
        : new Set<string>();
      return { refused: writes.map((write) => found.has(pathOf(write))), reported: [printed] };
    },
    disk: memoryTexts,
  },
  {
    name: "the memory page (description)",
    open: async () => {
      const { folder } = await newFolder();
      await memfiles(folder, [
        "remember",
        FILE,
        "keeps accounts in a manager",
        "-m",
        "memory",
        "--create",
      ]);
      const page = await startMemoryPage({
        store: new MemoryStore({ root: join(folder, "memory") }),
      });
      return { folder, page };
    },
    write: async ({ folder, page }, writes) => {
      if (page === undefined) throw new Error("the page was not started");
      const store = new MemoryStore({ root: join(folder, "memory") });
      const refused: boolean[] = [];
      const reported: string[] = [];
      for (const write of writes) {
        const printed: string[] = [];
        for (const description of write.texts) {
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
          printed.push(await response.text());
        }
        refused.push(printed.every(secretCode));
        reported.push(...printed);
      }
      return { refused, reported };
    },
    disk: memoryTexts,
    close: async ({ page }) => {
      await page?.close();
    },
  },
];

it.each(CHANNELS.map((channel) => [channel.name, channel] as const))(
  "the secret corpus through %s: every format refused, 0 on disk whole, at most 10 split in two, 0 raw secrets in results",
  // Every format whole in one folder, then a quarter of them split, each in a folder of its own.
  { timeout: 120_000 },
  async (_, channel) => {
    // Every format whole; a fixed quarter split (core's channels split every format).
    const figures = await runSecretCorpus(channel, undefined, SPLIT_SAMPLE);
    console.log(figuresLine(figures));
    expect(figures.splitOnDisk.length).toBeLessThanOrEqual(SPLIT_ALLOWANCE);
    expect(figures).toEqual(expectedFigures(figures));
  },
);
