import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { modelsTable, pricesTable } from "./readme-tables.js";

const README = new URL("../../../docs/models-and-prices.md", import.meta.url);

/** The text between `<!-- name:start -->` and `<!-- name:end -->` in the README. */
async function section(name: string): Promise<string | undefined> {
  const text = await readFile(README, "utf8");
  return new RegExp(`<!-- ${name}:start -->\\n([\\s\\S]*?)\\n<!-- ${name}:end -->`).exec(text)?.[1];
}

describe("docs/models-and-prices.md tables match the code", () => {
  it.each([
    { name: "models-table", render: modelsTable },
    { name: "prices-table", render: pricesTable },
  ])(
    "$name equals the table rendered from the code (print it with tsx test/readme-tables.ts)",
    async ({ name, render }) => {
      expect(await section(name)).toEqual(render());
    },
  );
});
