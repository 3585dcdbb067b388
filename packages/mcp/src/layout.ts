import type { StoreLayout } from "@memfiles/core";
import { McpOptionsError } from "./options-error.js";

/**
 * Reads a `--layout` value.
 *
 * @param value - `subject`, `fact`, `auto` or undefined (= `auto`).
 * @returns The layout, or `auto` (read it from the memory with `detectLayout` of @memfiles/core).
 * @throws {McpOptionsError} `invalid_server_options` for any other value.
 */
export function parseLayoutOption(value: string | undefined): StoreLayout | "auto" {
  if (value === undefined || value === "auto") return "auto";
  if (value === "subject" || value === "fact") return value;
  throw new McpOptionsError(
    `Refused --layout ${JSON.stringify(value)}: a memory folder is laid out as "subject" (one subject per file, the seed design) or "fact" (one fact per file, MEMORY.md of links), or "auto" to read it from the folder. Pass --layout fact, for example.`,
  );
}
