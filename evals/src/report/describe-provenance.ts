import type { Provenance } from "../runner/types.js";

/**
 * Describes a recording's provenance in one line: the one label every report prints.
 *
 * @param provenance - From a `ScenarioResult` (or a recording file's fields).
 * @returns e.g. `recorded from the API (claude-haiku-4-5, 2026-11-29)`, `recorded from
 *   127.0.0.1:8787, not the API (claude-haiku-4-5, 2026-11-29)` or `authored by hand (usage
 *   estimated: …)`.
 * @example describeProvenance({ kind: "recorded", model: "claude-haiku-4-5", date: "2026-11-29" })
 */
export function describeProvenance(provenance: Provenance): string {
  if (provenance.kind === "authored") {
    return `authored by hand (usage estimated: ${provenance.usageMethod})`;
  }
  const source = provenance.host === undefined ? "the API" : `${provenance.host}, not the API`;
  return `recorded from ${source} (${provenance.model}, ${provenance.date})`;
}
