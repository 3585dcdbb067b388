// A long-lived memfiles process, run by recall-after-write.test.ts: it holds the memory's recall
// index warm (asked twice, so it watches the folder), writes through the library, asks again (its
// index takes in its own write and stores it), stores what is pending and exits.
// Usage: node --conditions=memfiles-dist warm-writer.mjs <root> <layout> <query> <write as JSON>
//   write: { "remember": { path, fact, replaces? } } or { "forget": { query } }
import { forget, MemoryStore, remember } from "@memfiles/core";
import { flushRecallIndexes, rankRecallUnits } from "@memfiles/core/internal";

const [root, layout, query, given] = process.argv.slice(2);
const store = new MemoryStore({ root, layout });
const write = JSON.parse(given);
await rankRecallUnits({ store, query });
await rankRecallUnits({ store, query });
const result =
  write.remember !== undefined
    ? await remember({ store, ...write.remember })
    : await forget({ store, query: write.forget.query });
if (!result.ok) throw new Error(`warm-writer: ${JSON.stringify(result)}`);
await rankRecallUnits({ store, query });
await flushRecallIndexes();
