import type { StoreLayout } from "@memfiles/core";
import { safeParseLayoutName } from "@memfiles/core/internal";
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
  const parsed = safeParseLayoutName(value, { auto: "to read it from the folder" });
  if (parsed.success) return parsed.value;
  throw new McpOptionsError(parsed.error);
}
