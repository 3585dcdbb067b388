import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../store/index.js";
import { forget } from "../forget.js";

// A one-fact file goes when the query names every value of its fact (a name, an identifier): the
// user says "forget Render" of "The user deploys on Render.". A word the fact only mentions, or one
// value of several, keeps the file (decision 0032: a body that only mentions the words is kept).
const CASES: Array<[name: string, body: string, query: string, deleted: boolean]> = [
  ["the fact's one name", "The user deploys every project on Render.", "Render", true],
  ["a name beside an emoji", "The user rides a red Brompton 🚲 to work.", "Brompton", true],
  ["an identifier", "The user's staging region is eu-west-3.", "eu-west-3", true],
  [
    "every value, in another order",
    "The user deploys the shop with Terraform on a Hetzner server every Friday evening.",
    "Friday Hetzner Terraform",
    true,
  ],
  [
    "one value of two",
    "The user deploys the shop with Terraform on a Hetzner server.",
    "Hetzner",
    false,
  ],
  ["one city of a trip", "Flies to Berlin, then takes the train on to Lisbon.", "Lisbon", false],
  [
    "a common word only mentioned",
    "Uses Neovim for everything, including deploy scripts.",
    "deploy",
    false,
  ],
];

describe("forget in the fact layout by a value of the fact", () => {
  it.each(CASES)("%s: %s / forget %s -> deleted %s", async (_name, body, query, deleted) => {
    const root = await mkdtemp(join(tmpdir(), "memfiles-forget-value-"));
    const file = join(root, "fact.md");
    await writeFile(
      file,
      `---\nname: Setup\ndescription: How the user works.\ntype: user\n---\n${body}\n`,
    );
    const result = await forget({ store: new MemoryStore({ root, layout: "fact" }), query });
    expect({
      deleted: !existsSync(file),
      kept: (result.notRemoved ?? []).map((line) => line.line),
    }).toEqual({ deleted, kept: deleted ? [] : [body] });
  });
});
