/**
 * Every memory layout's name, in the order surfaces list them: `subject` (the seed article: one
 * subject per file, one dated fact per line) and `fact` (one fact per file with front matter,
 * Claude Code's `.memory/`). The CLI, the MCP server and the evals take their `--layout` values
 * and scenario fields from this list; a new layout is one more name here.
 */
export const LAYOUT_NAMES = ["subject", "fact"] as const;

/** Result of {@link safeParseLayoutName}. */
export type ParseLayoutNameResult =
  | { success: true; value: (typeof LAYOUT_NAMES)[number] }
  | { success: false; error: string };

const DESCRIPTIONS: Record<(typeof LAYOUT_NAMES)[number], string> = {
  subject: "one subject per file, the seed design",
  fact: "one fact per file, MEMORY.md of links",
};

/**
 * Reads a layout name given on a command line (`--layout`) or in a file.
 *
 * @param value - The text given, e.g. `fact`.
 * @param also - Other values the caller accepts, with what each means, e.g.
 *   `{ auto: "to read it from the folder" }`; named in the refusal.
 * @returns `{ success: true, value }`, or `{ success: false, error }` with the one refusal text,
 *   e.g. `Refused --layout "facts": a memory is laid out as "subject" (...) or "fact" (...). Pass --layout fact, for example.`
 * @example safeParseLayoutName("fact") // { success: true, value: "fact" }
 */
export function safeParseLayoutName(
  value: string,
  also: Readonly<Record<string, string>> = {},
): ParseLayoutNameResult {
  const name = LAYOUT_NAMES.find((candidate) => candidate === value);
  if (name !== undefined) return { success: true, value: name };
  const names = LAYOUT_NAMES.map((candidate) => `"${candidate}" (${DESCRIPTIONS[candidate]})`);
  const others = Object.entries(also).map(([other, meaning]) => `, or "${other}" ${meaning}`);
  return {
    success: false,
    error: `Refused --layout ${JSON.stringify(value)}: a memory is laid out as ${names.join(" or ")}${others.join("")}. Pass --layout fact, for example.`,
  };
}
