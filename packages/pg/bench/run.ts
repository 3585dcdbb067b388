// `pnpm --filter @memfiles/pg bench` (part of `pnpm bench`): the same store on the file system,
// on PGlite and, when DATABASE_URL is set (scripts/pg-test.sh prints how to start one), on a real
// PostgreSQL server, side by side: list and the memory block on 10,000 files, a write pass on them,
// and concurrent writers to different users (1, 4, 16 clients). Figures only; no assertions.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { buildSystem, MemoryStore, versionToken } from "@memfiles/core";
import { applyWriteReply } from "@memfiles/core/internal";
import {
  migrate,
  openDatabase,
  pgliteClient,
  pgMemoryStore,
  type SqlClient,
} from "../src/index.js";
import { proposing } from "../test/store-contract.js";

const FILES = Number(process.env.MEMFILES_BENCH_FILES ?? 10_000);
const RUNS = 3;
const WRITES_PER_CLIENT = 40;
const NOW = new Date("2026-09-12T18:30:00Z");

function fileText(index: number): string {
  const lines = Array.from(
    { length: 4 + (index % 8) },
    (_, line) =>
      `- [stated 2026/09/${String(1 + (line % 28)).padStart(2, "0")}] fact ${line} about subject ${index}: prefers option ${(index * 7 + line) % 13}`,
  );
  return `---\nname: note-${index}\ndescription: Notes on subject ${index}: what the user uses and prefers; decisions so far and why.\nupdated: 2026/09/12\n---\n\n${lines.join("\n")}\n`;
}
function filePath(index: number): string {
  return `${["topics", "projects", "people"][index % 3]}/note-${index}.md`;
}

type Backend = {
  name: string;
  /** A store on `count` generated files (written directly, not one store.write each). */
  big: () => Promise<MemoryStore>;
  /** A fresh empty store for user `user`. */
  user: (user: string) => MemoryStore;
  close: () => Promise<void>;
};

async function fileBackend(): Promise<Backend> {
  const folder = await mkdtemp(join(tmpdir(), "memfiles-pg-bench-"));
  const root = join(folder, "big");
  for (let start = 0; start < FILES; start += 256) {
    await Promise.all(
      Array.from({ length: Math.min(256, FILES - start) }, async (_, offset) => {
        const path = join(root, filePath(start + offset));
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, fileText(start + offset));
      }),
    );
  }
  // Dated back past the store's 2 s re-read window, as a folder in use would be.
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  return {
    name: "file system",
    big: async () => new MemoryStore({ root }),
    user: (user) => new MemoryStore({ root: join(folder, "users", user) }),
    close: () => rm(folder, { recursive: true, force: true }),
  };
}

async function sqlBackend(name: string, sql: SqlClient): Promise<Backend> {
  const tenant = `bench-${Date.now().toString(36)}`;
  for (let start = 0; start < FILES; start += 1_000) {
    const indexes = Array.from({ length: Math.min(1_000, FILES - start) }, (_, i) => start + i);
    await sql.query(
      `INSERT INTO memory_files (tenant, path, content, version)
       SELECT $1, path, content, version FROM unnest($2::text[], $3::text[], $4::text[]) AS t(path, content, version)`,
      [
        tenant,
        indexes.map(filePath),
        indexes.map(fileText),
        indexes.map((index) => versionToken(fileText(index))),
      ],
    );
  }
  return {
    name,
    big: async () => pgMemoryStore(sql, tenant),
    user: (user) => pgMemoryStore(sql, `${tenant}-${user}`),
    close: async () => {
      await sql.query("DELETE FROM memory_files WHERE tenant LIKE $1", [`${tenant}%`]);
      await sql.query("DELETE FROM memory_history WHERE tenant LIKE $1", [`${tenant}%`]);
      await sql.query("DELETE FROM memory_index WHERE tenant LIKE $1", [`${tenant}%`]);
      await sql.close();
    },
  };
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}
function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function measure(backend: Backend): Promise<string[]> {
  const options = {
    basePrompt: "You are a helpful assistant.",
    rules: "RULES",
    query: "subject 42",
  };
  const cold = median(
    await Promise.all(
      Array.from({ length: 1 }, async () => time(async () => (await backend.big()).list())),
    ),
  );
  const store = await backend.big();
  await store.list();
  const warm: number[] = [];
  const block: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    warm.push(await time(() => store.list()));
    block.push(await time(() => buildSystem({ ...options, store })));
  }
  const transcript = {
    date: "2026-09-12",
    sessionId: "bench",
    turns: [{ role: "user" as const, content: "We deploy on Fly.io. I use vim. My dog is Rex." }],
  };
  const pass = await time(() =>
    applyWriteReply(
      {
        store,
        transcript,
        client: undefined as never,
        model: "claude-haiku-4-5",
        now: NOW,
        onTooLong: false,
      },
      proposing([
        { file: "topics/hosting.md", fact: "deploys on Fly.io", evidence: "We deploy on Fly.io." },
        { file: "topics/tools.md", fact: "uses vim", evidence: "I use vim." },
        { file: "people/pets.md", fact: "has a dog named Rex", evidence: "My dog is Rex." },
      ]),
    ),
  );
  const throughput: string[] = [];
  for (const clients of [1, 4, 16]) {
    const elapsed = await time(() =>
      Promise.all(
        Array.from({ length: clients }, async (_, client) => {
          const user = backend.user(`c${clients}-${client}`);
          let version = "new";
          for (let write = 0; write < WRITES_PER_CLIENT; write++) {
            const result = await user.write("counter.md", fileText(write), version);
            if (!result.ok) throw new Error(result.message);
            version = result.version;
          }
        }),
      ),
    );
    throughput.push(`${((clients * WRITES_PER_CLIENT) / (elapsed / 1000)).toFixed(0)}/s`);
  }
  return [backend.name, ms(cold), ms(median(warm)), ms(median(block)), ms(pass), ...throughput];
}

const makers: Array<() => Promise<Backend>> = [
  fileBackend,
  async () => {
    const sql = pgliteClient(new PGlite());
    await migrate(sql);
    return sqlBackend("PGlite (in memory)", sql);
  },
];
const url = process.env.DATABASE_URL ?? "";
if (url !== "") {
  makers.push(async () =>
    sqlBackend("PostgreSQL server", await openDatabase({ databaseUrl: url, maxConnections: 20 })),
  );
}

console.log(
  `\n## pg: the store on ${FILES.toLocaleString("en")} files, file system vs PGlite${url ? " vs a PostgreSQL server" : " (set DATABASE_URL for a real server too)"}\n`,
);
console.log(
  `list cold = a new store's first list(); warm = median of ${RUNS} on one store; memory block = buildSystem (warm); write pass = applyWriteReply of 3 proposals (one read of the folder, 3 writes, index rewritten each); writers = ${WRITES_PER_CLIENT} writes per client, each client its own user, all at once.`,
);
console.log("");
console.log(
  "| backend | list cold | list warm | memory block | write pass | writers x1 | x4 | x16 |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const make of makers) {
  const backend = await make();
  try {
    console.log(`| ${(await measure(backend)).join(" | ")} |`);
  } finally {
    await backend.close();
  }
}
