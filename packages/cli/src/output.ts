import { headOfText } from "@memfiles/core/internal";
import stringWidth from "string-width";
import type { CommandContext } from "./command-context.js";

/**
 * Prints data as JSON (one document, two-space indent) on stdout.
 *
 * @param context - The command's context.
 * @param value - Anything JSON can hold.
 */
export function printJson(context: CommandContext, value: unknown): void {
  context.stdout(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Formats rows as a plain text table, columns padded to the widest cell in terminal columns (a
 * CJK character or an emoji takes two); the last column is not padded.
 *
 * @param header - Column titles.
 * @param rows - Cells, one array per row.
 * @returns The table, one line per row, ending in a line break.
 */
export function formatTable(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const last = header.length - 1;
  // Each padded cell measured once; the last column is never padded, so never measured.
  const cellWidths = all.map((row) => row.slice(0, last).map(columnsOf));
  const widths = header
    .slice(0, last)
    .map((_, column) => cellWidths.reduce((most, row) => Math.max(most, row[column] ?? 0), 0));
  return all
    .map((row, at) =>
      row
        .map((cell, column) =>
          column === row.length - 1
            ? cell
            : cell +
              " ".repeat(Math.max(0, (widths[column] ?? 0) - (cellWidths[at]?.[column] ?? 0))),
        )
        .join("  ")
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join("");
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

// Terminal columns, not UTF-16 units: "好きな食べ物.md" takes 15 columns in 9 units, an emoji 2.
// Printable ASCII takes one column a char, which string-width would find at ~100x the cost.
function columnsOf(cell: string): number {
  return PRINTABLE_ASCII.test(cell) ? cell.length : stringWidth(cell);
}

// English list of the CLI's messages, without a serial comma ("a, b and c"), as en-GB writes it.
const AND_LIST = new Intl.ListFormat("en-GB", { type: "conjunction" });

/**
 * Items joined as a sentence lists them.
 *
 * @param items - Words or paths, in the order to name them.
 * @returns `""`, `a`, `a and b`, `a, b and c`.
 */
export function andList(items: readonly string[]): string {
  return AND_LIST.format(items);
}

/**
 * Cuts text to `max` chars with an ellipsis, at a grapheme boundary (an emoji stays whole).
 *
 * @param text - Any text.
 * @param max - Most chars kept, ellipsis included.
 * @returns The text, cut when longer.
 */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${headOfText(text, max - 1)}…`;
}

// C0 and C1 control characters but tab and line breaks, and DEL.
const CONTROL_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: spelling control characters out is the point.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/gu;

/**
 * Text for a terminal: each control character (but tab and line breaks) as a visible `\xNN`, so
 * an escape sequence a person or a tool wrote into a memory file ("\u001b[2J", a retitling
 * "\u001b]0;...\u0007") is shown, not run by the terminal. Output to a pipe or file stays as is.
 *
 * @param text - Text about to be written to a terminal.
 * @returns The text with control characters spelled out.
 * @example forTerminal("x \u001b[31mred") // "x \\x1b[31mred"
 */
export function forTerminal(text: string): string {
  return text.replace(
    CONTROL_CHARACTERS,
    (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, "0")}`,
  );
}
