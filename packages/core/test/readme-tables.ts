import { MODEL_TABLE, PRICE_ROWS } from "../src/internal.js";

// The README's model and price tables, rendered from the code; readme-tables.test.ts checks that
// the README shows exactly these. Print them with `pnpm --filter @memfiles/core exec tsx test/readme-tables.ts`.

const yesNo = (value: boolean) => (value ? "yes" : "no");
const usd = (value: number) => `$${value}`;

/** The models table as markdown rows (header included). */
export function modelsTable(): string {
  const rows = MODEL_TABLE.map((row) =>
    [
      row.name,
      `\`${row.id}\``,
      row.released,
      row.status,
      row.tokenizer,
      String(row.minCacheableTokens),
      row.forcedToolChoice.replaceAll("_", " "),
      yesNo(row.disableThinking),
      yesNo(row.samplingParameters),
      yesNo(row.prefill),
      row.defaultEffort ?? "none",
    ].join(" | "),
  );
  return [
    "| model | id | released | status | tokenizer | min cacheable (tokens) | forced tool_choice | thinking off | sampling params | prefill | default effort |",
    "| --- | --- | --- | --- | --- | ---: | --- | --- | --- | --- | --- |",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}

/** The dated price table as markdown rows (header included), USD per million tokens. */
export function pricesTable(): string {
  const rows = PRICE_ROWS.flatMap((row) => {
    const cells = (label: string, price: typeof row.price) =>
      `| \`${row.model}\` | ${row.from} | ${label} | ${usd(price.input)} | ${usd(price.output)} | ${usd(price.cacheWrite5m)} | ${usd(price.cacheWrite1h)} | ${usd(price.cacheRead)} |`;
    const base = cells(
      row.longPrompt ? `prompt ≤ ${row.longPrompt.above.toLocaleString("en-US")}` : "all",
      row.price,
    );
    return row.longPrompt
      ? [
          base,
          cells(`prompt > ${row.longPrompt.above.toLocaleString("en-US")}`, row.longPrompt.price),
        ]
      : [base];
  });
  return [
    "| id | from | prompt tokens | input | output | 5m cache write | 1h cache write | cache read |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
  ].join("\n");
}

if (process.argv[1]?.endsWith("readme-tables.ts")) {
  process.stdout.write(`${modelsTable()}\n\n${pricesTable()}\n`);
}
