/** Column alignment of a text table. */
export type Align = "left" | "right";

/** Options of `formatTable`. */
export type FormatTableOptions = {
  headers: string[];
  rows: string[][];
  /** Per column; missing columns align left. Numbers read best aligned right. */
  align?: Align[];
};

/**
 * Formats rows as a padded markdown table, which reads as a table in a terminal and renders as one
 * on a CI job page.
 *
 * @param options - Headers, rows of cell text, per-column alignment.
 * @returns The table, lines joined with `\n`, no trailing newline.
 * @example formatTable({ headers: ["a", "b"], rows: [["1", "2"]] })
 * // "| a | b |\n| --- | --- |\n| 1 | 2 |"
 */
export function formatTable(options: FormatTableOptions): string {
  const cells = [options.headers, ...options.rows].map((row) => row.map(escapeCell));
  const widths = options.headers.map((_, column) =>
    Math.max(3, ...cells.map((row) => (row[column] ?? "").length)),
  );
  const alignOf = (column: number): Align => options.align?.[column] ?? "left";
  const line = (row: string[]) =>
    `| ${widths
      .map((width, column) => {
        const text = row[column] ?? "";
        return alignOf(column) === "right" ? text.padStart(width) : text.padEnd(width);
      })
      .join(" | ")} |`;
  const rule = `| ${widths
    .map((width, column) =>
      alignOf(column) === "right" ? `${"-".repeat(width - 1)}:` : "-".repeat(width),
    )
    .join(" | ")} |`;
  const [header = [], ...body] = cells;
  return [line(header), rule, ...body.map(line)].join("\n");
}

function escapeCell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}

/**
 * Formats USD for reports with 6 decimals: a session often costs a fraction of a cent, and one
 * width keeps columns comparable.
 *
 * @param usd - Amount in USD.
 * @returns e.g. `$0.000350`, `$0.090000`, `-$0.012000`.
 * @example formatUsd(0.00035) // "$0.000350"
 */
export function formatUsd(usd: number): string {
  const sign = usd < 0 ? "-" : "";
  return `${sign}$${Math.abs(usd).toFixed(6)}`;
}

/**
 * Formats a token count with thousands separators.
 *
 * @param tokens - Integer token count.
 * @returns e.g. `20,000`.
 * @example formatTokens(20000) // "20,000"
 */
export function formatTokens(tokens: number): string {
  return tokens.toLocaleString("en-US");
}
