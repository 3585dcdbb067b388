import type { Provenance } from "../runner/types.js";

/**
 * Where a figure comes from, the one list every report prints from: `recorded` (replies recorded
 * from the API or a stand-in host), `authored` (replies written by hand, usage estimated) and
 * `dataset` (a public data set's annotations written through the real write pass, no model: the
 * LoCoMo bench's oracle). Recordings are `recorded` or `authored`; no recording is `dataset`.
 */
export const PROVENANCE_KINDS = ["recorded", "authored", "dataset"] as const;

/** One of {@link PROVENANCE_KINDS}. */
export type ProvenanceKind = (typeof PROVENANCE_KINDS)[number];

/**
 * The kinds of a figure's recordings, in {@link PROVENANCE_KINDS} order.
 *
 * @param provenance - Provenance entries of the runs behind the figure.
 * @returns e.g. `["recorded", "authored"]`; empty when no run had a recording.
 */
export function provenanceKinds(provenance: readonly Provenance[]): ProvenanceKind[] {
  const kinds = new Set<ProvenanceKind>(provenance.map((item) => item.kind));
  return PROVENANCE_KINDS.filter((kind) => kinds.has(kind));
}

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

/**
 * The part of a provenance that decides whether two figures are like for like: who wrote the
 * replies and, when recorded, which host answered. The model and date are left out: a recording
 * of the same scenario from the API on another day is the same kind of figure.
 *
 * @param provenance - From a `ScenarioResult`.
 * @returns `authored`, `recorded` (from the API) or `recorded from <host>`.
 * @example provenanceSource({ kind: "recorded", model: "claude-haiku-5-5", date: "2026-12-07", host: "127.0.0.1:8787" }) // "recorded from 127.0.0.1:8787"
 */
export function provenanceSource(provenance: Provenance): string {
  if (provenance.kind === "authored") return "authored";
  return provenance.host === undefined ? "recorded" : `recorded from ${provenance.host}`;
}

/** How many runs of a figure came from one provenance source (`provenanceSource`). */
export type ProvenanceCount = { source: string; runs: number };

/**
 * Counts the runs behind one figure by provenance source; a run that broke before it had a
 * recording counts for none.
 *
 * @param runs - Each run's provenance list (a `ScenarioResult`'s `provenance`).
 * @returns One count per source, sorted by source.
 * @example countProvenance([[authored], [authored], [recorded]]) // [{ source: "authored", runs: 2 }, { source: "recorded", runs: 1 }]
 */
export function countProvenance(runs: readonly (readonly Provenance[])[]): ProvenanceCount[] {
  const counts = new Map<string, number>();
  for (const source of runs.flatMap((run) => [...new Set(run.map(provenanceSource))])) {
    counts.set(source, (counts.get(source) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([source, count]) => ({ source, runs: count }));
}

/**
 * The mark a report prints beside a figure that pools runs of more than one provenance source,
 * so it is never read as like for like.
 *
 * @param counts - From `countProvenance`.
 * @returns e.g. `mixed: 4 authored, 1 recorded from 127.0.0.1:8787`, or `undefined` for one source.
 * @example describeMixedProvenance([{ source: "authored", runs: 4 }, { source: "recorded", runs: 1 }]) // "mixed: 4 authored, 1 recorded"
 */
export function describeMixedProvenance(counts: readonly ProvenanceCount[]): string | undefined {
  if (counts.length < 2) return undefined;
  return `mixed: ${counts.map((count) => `${count.runs} ${count.source}`).join(", ")}`;
}

/**
 * A figure with its mixed-provenance mark beside it, as every text report prints it.
 *
 * @param figure - The figure as printed, e.g. `4/5 (80%, 95% CI 38-96%)` or `$0.000515`.
 * @param counts - From `countProvenance`, of the runs the figure pools.
 * @returns `figure` alone for one source, else e.g. `4/5 (…) [mixed: 4 authored, 1 recorded]`.
 * @example markMixed("$0.000515", [{ source: "authored", runs: 40 }, { source: "recorded", runs: 6 }]) // "$0.000515 [mixed: 40 authored, 6 recorded]"
 */
export function markMixed(figure: string, counts: readonly ProvenanceCount[]): string {
  const mixed = describeMixedProvenance(counts);
  return mixed === undefined ? figure : `${figure} [${mixed}]`;
}

/**
 * Adds up provenance counts, for a figure that pools others (a ratio of two models' costs).
 *
 * @param lists - From `countProvenance`.
 * @returns One count per source, sorted by source.
 * @example mergeProvenanceCounts([{ source: "authored", runs: 2 }], [{ source: "authored", runs: 1 }]) // [{ source: "authored", runs: 3 }]
 */
export function mergeProvenanceCounts(...lists: readonly ProvenanceCount[][]): ProvenanceCount[] {
  const counts = new Map<string, number>();
  for (const count of lists.flat()) {
    counts.set(count.source, (counts.get(count.source) ?? 0) + count.runs);
  }
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([source, runs]) => ({ source, runs }));
}
