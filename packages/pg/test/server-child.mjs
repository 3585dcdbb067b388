// A separate process for the real-server tests (pg-server.test.ts): its own pool, so its own
// connections. Plain node on the built packages (the `memfiles-dist` condition): a tsx child
// compiled core's sources again in every process. Usage (DATABASE_URL set):
//   server-child.mjs increment <tenant> <count>      read-modify-write counter.md <count> times
//   server-child.mjs locked-increment <tenant> <count>  the same on an internal file, under withLock
//   server-child.mjs forget <tenant-prefix> <rounds>  forget "deploys on Fly.io" in each tenant
//   server-child.mjs write-pass <tenant-prefix> <rounds>  a write pass re-proposing it in each
//   server-child.mjs locked-sections <tenant> <id>  locked read-modify-writes until stdin closes,
//     reporting each committed section's time inside and each failure (the kill test)
import { setTimeout as sleep } from "node:timers/promises";
import { forget, MemfilesError } from "@memfiles/core";
import { applyWriteReply } from "@memfiles/core/internal";
import { openDatabase, pgMemoryStore } from "@memfiles/pg";
import { FORGOTTEN_FACT, memoryFile, proposing } from "./server-texts.mjs";

const [mode, tenant, countText] = process.argv.slice(2);
const count = Number(countText);
if (!mode || !tenant || !Number.isInteger(count)) {
  throw new Error(
    "Usage: server-child.mjs increment|locked-increment|forget|write-pass|locked-sections <tenant> <count>",
  );
}
const sql = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? "", maxConnections: 2 });
if (mode === "locked-sections") await lockedSections();
const now = new Date("2026-09-12T18:30:00Z");
let conflicts = 0;
try {
  if (mode === "increment") {
    const store = pgMemoryStore(sql, tenant);
    for (let done = 0; done < count; ) {
      const read = await store.read("counter.md");
      const value = read.exists ? Number(/- (\d+)/.exec(read.content)?.[1]) : 0;
      const written = await store.write(
        "counter.md",
        memoryFile("counter", "Counter.", [String(value + 1)]),
        read.version,
      );
      if (written.ok) done += 1;
      else if (written.code === "version_conflict") conflicts += 1;
      else throw new Error(written.message);
    }
  } else if (mode === "locked-increment") {
    // How tombstones are changed: read and replace an internal file under the store's lock (no
    // version token), so only the lock keeps two processes from losing each other's update.
    const store = pgMemoryStore(sql, tenant);
    for (let done = 0; done < count; done++) {
      await store.withLock(async () => {
        const value = Number((await store.readInternal("counter.txt")) ?? "0");
        await store.writeInternal("counter.txt", String(value + 1));
      });
    }
  } else if (mode === "forget") {
    for (let round = 0; round < count; round++) {
      await forget({ store: pgMemoryStore(sql, `${tenant}-${round}`), query: FORGOTTEN_FACT, now });
    }
  } else if (mode === "write-pass") {
    for (let round = 0; round < count; round++) {
      const store = pgMemoryStore(sql, `${tenant}-${round}`);
      const transcript = {
        date: "2026-09-12",
        sessionId: `s-${round}`,
        turns: [{ role: "user", content: "We deploy everything on Fly.io." }],
      };
      await applyWriteReply(
        {
          store,
          transcript,
          client: undefined,
          model: "claude-haiku-4-5",
          now,
          onTooLong: false,
        },
        proposing([
          {
            file: "topics/hosting.md",
            fact: FORGOTTEN_FACT,
            evidence: "We deploy everything on Fly.io.",
          },
        ]),
      );
    }
  } else {
    throw new Error(`Unknown mode ${mode}`);
  }
  process.stdout.write(`${JSON.stringify({ conflicts })}\n`);
} finally {
  await sql.close();
}

// Each section reads the counter, waits, writes it back one higher and appends the same number
// to a memory file, waits again: a section cut short must leave neither write behind, and two
// sections inside at once would lose an increment.
/** @returns {Promise<never>} */
async function lockedSections() {
  const store = pgMemoryStore(sql, tenant ?? "");
  let stopping = false;
  process.stdin
    .on("data", () => {})
    .on("end", () => {
      stopping = true;
    });
  process.stdout.write("ready\n");
  /** @type {Array<{ enter: number; leave: number; value: number }>} */
  const committed = [];
  /** @type {Array<{ name: string; code: string; message: string }>} */
  const failures = [];
  while (!stopping) {
    let inside = { enter: 0, leave: 0, value: 0 };
    try {
      await store.withLock(async () => {
        const enter = performance.timeOrigin + performance.now();
        const value = Number((await store.readInternal("counter.txt")) ?? "0") + 1;
        await sleep(15);
        await store.writeInternal("counter.txt", String(value));
        const log = await store.read("topics/counter.md");
        const lines = log.exists ? log.content : memoryFile("counter", "Counter.", []);
        const written = await store.write("topics/counter.md", `${lines}- ${value}\n`, log.version);
        if (!written.ok) throw new Error(`log write refused: ${written.code}`);
        await sleep(15);
        inside = { enter, leave: performance.timeOrigin + performance.now(), value };
      });
      committed.push(inside);
    } catch (error) {
      if (!MemfilesError.isInstance(error)) throw error;
      failures.push({ name: error.name, code: error.code, message: error.message });
    }
  }
  process.stdout.write(`${JSON.stringify({ committed, failures })}\n`);
  await sql.close();
  process.exit(0);
}
