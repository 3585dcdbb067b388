import type { z } from "zod";
import type { FixtureIssue } from "./scenario-file-error.js";

/**
 * Dotted field path of a zod issue, as fixture messages name fields.
 *
 * @param issuePath - The issue's path, e.g. `["sessions", 0, "turns", 1, "user"]`.
 * @returns `sessions.0.turns.1.user`, or `(root)` when the path is empty.
 * @example fieldOf(["expect", "answer"]) // "expect.answer"
 */
export function fieldOf(issuePath: readonly PropertyKey[]): string {
  return issuePath.length === 0 ? "(root)" : issuePath.map((key) => String(key)).join(".");
}

/** zod 4's schema internals, read only to find the keys an object allows. */
type SchemaDefinition = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  values?: unknown[];
};

function definitionOf(schema: z.ZodType): SchemaDefinition {
  return (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def;
}

/** Strips the wrappers that do not change a value's shape (optional, default, preprocess). */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const definition = definitionOf(current);
    if (
      (definition.type === "optional" ||
        definition.type === "default" ||
        definition.type === "nullable" ||
        definition.type === "prefault") &&
      definition.innerType
    ) {
      current = definition.innerType;
    } else if (definition.type === "pipe" && definition.out) {
      current = definition.out;
    } else {
      return current;
    }
  }
}

/** The schema at a path of the document, or `undefined` where the path leaves known ground. */
function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = unwrap(schema);
  for (const key of path) {
    if (current === undefined) return undefined;
    const definition = definitionOf(current);
    if (definition.type === "object") current = definition.shape?.[String(key)];
    else if (definition.type === "array") current = definition.element;
    else if (definition.type === "record") current = definition.valueType;
    else return undefined;
    current = current === undefined ? undefined : unwrap(current);
  }
  return current;
}

/** Edit distance (insertions, deletions, substitutions) between two short keys. */
function editDistance(from: string, to: string): number {
  let previous = Array.from({ length: to.length + 1 }, (_, index) => index);
  for (let row = 1; row <= from.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= to.length; column += 1) {
      const substitution = (previous[column - 1] ?? 0) + (from[row - 1] === to[column - 1] ? 0 : 1);
      current.push(
        Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, substitution),
      );
    }
    previous = current;
  }
  return previous[to.length] ?? 0;
}

/**
 * The known key closest to a mistyped one, when it is close enough to be a typo: same letters in
 * another case, or at most one edit per four chars (at least one).
 *
 * @param key - The key found in the fixture.
 * @param known - The keys the object allows.
 * @returns The suggestion, or `undefined` when no known key is that close.
 * @example closestKey("mentionAny", ["mentionsAny", "mentionsNone"]) // "mentionsAny"
 */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  let best: { key: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance =
      candidate.toLowerCase() === key.toLowerCase() ? 0 : editDistance(key, candidate);
    if (best === undefined || distance < best.distance) best = { key: candidate, distance };
  }
  const allowed = Math.max(1, Math.floor(key.length / 4));
  return best !== undefined && best.distance <= allowed ? best.key : undefined;
}

function objectKeys(schema: z.ZodType | undefined): string[] | undefined {
  if (schema === undefined) return undefined;
  const definition = definitionOf(schema);
  return definition.type === "object" ? Object.keys(definition.shape ?? {}) : undefined;
}

/** One allowed form of a union, as a reader would write it: `"write"` or `{ consolidate }`. */
function describeForm(schema: z.ZodType): string {
  const inner = unwrap(schema);
  const definition = definitionOf(inner);
  if (definition.type === "literal") {
    return (definition.values ?? []).map((value) => JSON.stringify(value)).join(" | ");
  }
  if (definition.type === "object") return `{ ${Object.keys(definition.shape ?? {}).join(", ")} }`;
  return definition.type;
}

/**
 * Turns one zod issue into the fixture issues a person reads: an unknown key names the object it
 * sits in and the key it was probably meant to be; a missing field says it is required; a value
 * matching no form of a union lists the forms.
 *
 * @param schema - The document's schema (to find the keys an object allows).
 * @param issue - One zod issue.
 * @returns One fixture issue per unknown key, else one.
 */
export function describeIssue(schema: z.ZodType, issue: z.core.$ZodIssue): FixtureIssue[] {
  const field = fieldOf(issue.path);
  if (issue.code === "unrecognized_keys") {
    const known = objectKeys(schemaAt(schema, issue.path)) ?? [];
    const where = issue.path.length === 0 ? "at the top level" : `in ${field}`;
    return issue.keys.map((key) => {
      const suggestion = closestKey(key, known);
      const hint =
        suggestion !== undefined
          ? `did you mean \`${suggestion}\`?`
          : known.length > 0
            ? `allowed keys: ${known.map((name) => `\`${name}\``).join(", ")}`
            : "remove it";
      return { field, message: `unknown key \`${key}\` ${where}; ${hint}` };
    });
  }
  if (issue.code === "invalid_type" && / received undefined$/.test(issue.message)) {
    return [{ field, message: `required field is missing (expected ${issue.expected})` }];
  }
  if (issue.code === "invalid_union") {
    const union = schemaAt(schema, issue.path);
    const options = union === undefined ? undefined : definitionOf(union).options;
    if (options !== undefined && options.length > 0) {
      return [
        {
          field,
          message: `matches none of the allowed forms: ${options.map(describeForm).join(", ")}`,
        },
      ];
    }
  }
  return [{ field, message: issue.message }];
}
