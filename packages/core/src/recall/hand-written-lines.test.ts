import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { rankPooledRecallUnits, rankRecallUnits } from "./budgeted-recall.js";

// A line a person adds by hand, without `[stated …]`, beside dated lines: recalled like them,
// dated by the file's `updated:`, by the request path and the persistent index alike.
const FILE =
  "---\nname: hobbies\ndescription: Hobbies.\nupdated: 2026/12/03\n---\n# Weekly\n- plays the cello on Sundays\n[stated 2026/12/01] goes bouldering on Fridays\nJ’aime le café crème ☕\n";

const PATHS: Array<[string, (query: string) => Promise<Array<{ text: string; date?: string }>>]> = [
  [
    "the persistent recall index",
    async (query) => rankRecallUnits({ store: await folder(), query }),
  ],
  [
    "the request path (units ranked per call)",
    async (query) =>
      rankPooledRecallUnits({ memories: [{ label: "", store: await folder() }], query }),
  ],
];

async function folder() {
  const store = await tempStore();
  await store.write("topics/hobbies.md", FILE, "new");
  return store;
}

describe("a line written by hand beside dated lines is recalled", () => {
  it.each(PATHS)("%s", async (_path, rank) => {
    const cello = await rank("when do I play the cello?");
    expect(cello[0]).toMatchObject({ text: "plays the cello on Sundays", date: "2026/12/03" });
    const cafe = await rank("café crème");
    expect(cafe[0]).toMatchObject({ text: "J’aime le café crème ☕", date: "2026/12/03" });
    const bouldering = await rank("bouldering");
    expect(bouldering[0]).toMatchObject({ text: "goes bouldering on Fridays", date: "2026/12/01" });
    const heading = await rank("weekly");
    expect(heading.map((unit) => unit.text)).not.toContain("# Weekly");
  });
});
