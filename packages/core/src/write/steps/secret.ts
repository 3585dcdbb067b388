import {
  checkSecrets,
  findSecrets,
  findSplitSecrets,
  maskPath,
  REDACTED,
  WriteSession,
} from "../../guards/index.js";
import { refuse } from "../write-checks.js";
import { refuseItem, type WriteStep } from "./write-step.js";

/**
 * `secret`: every field alone, then split across two fields of the candidate, across the facts of
 * the pass, and across the session's writes. Each text is scanned alone once: the fact and the
 * line it replaces by the session's check (which scans them alone first), every other distinct
 * field here. The write's texts join the session once every secret check passed.
 */
export const secretStep: WriteStep = {
  code: "secret",
  phase: "check",
  async run(context) {
    const { steps, options, given } = context;
    const fields = steps.secretFields(given);
    const givenFact = steps.fact(given);
    const givenReplaces = steps.replaces(given) ?? "";
    const sessionTexts = [givenFact, givenReplaces];
    // What one field's redaction hid is hidden in every field: the evidence quotes the fact.
    const redactAll = (values: readonly string[]) =>
      steps.redact(given, redactEverywhere(fields, values));
    // Against a copy of the session: a refused write's texts never join it.
    const secrets =
      options.session === undefined
        ? undefined
        : await checkSecrets({
            texts: sessionTexts,
            session: new WriteSession(options.session.texts),
          });
    const inSession = (field: string) => secrets !== undefined && sessionTexts.includes(field);
    const distinct = [...new Set(fields)].filter((field) => !inSession(field));
    const scanned = new Map(
      await Promise.all(distinct.map(async (field) => [field, await findSecrets(field)] as const)),
    );
    // A session text alone: what the session's check found in it (`split: false`), else clean.
    const alone = secrets !== undefined && !secrets.ok && !secrets.split ? secrets : undefined;
    const scans = fields.map((field) => {
      const scan = scanned.get(field);
      if (scan !== undefined) return { kinds: scan.findings.map((found) => found.kind), ...scan };
      const redactedText = alone?.redacted[sessionTexts.indexOf(field)];
      return redactedText === undefined || redactedText === field
        ? { kinds: [], findings: [], redacted: field }
        : { kinds: alone?.kinds ?? [], findings: [], redacted: redactedText };
    });
    const kinds = [...new Set(scans.flatMap((scan) => scan.kinds))];
    const redacted = redactAll(scans.map((scan) => scan.redacted));
    if (kinds.length > 0) {
      // Only the file (path or name) holds one: the refusal names the file, masked as every
      // printed path is, not the fact.
      const file = steps.file(given);
      const inFileOnly = scans.every((scan, at) => scan.kinds.length === 0 || fields[at] === file);
      const refusal = refuse("secret", {
        what: steps.label(redacted),
        kinds,
        split: false,
        ...(inFileOnly ? { path: (await maskPath(file)).path } : {}),
      });
      return refuseItem(context, refusal, redacted);
    }
    // Split across two fields of the candidate (a key's halves in the name and the body, the fact
    // and replaces), on every write path and layout.
    const across = await findSplitSecrets(fields, {
      join: "every",
      alone: scans.map((scan) => scan.findings),
    });
    if (across.size > 0) {
      const item = redactAll(fields.map((field, index) => across.get(index)?.redacted ?? field));
      const acrossKinds = [...new Set([...across.values()].flatMap((found) => found.kinds))];
      const refusal = refuse("secret", {
        what: steps.label(item),
        kinds: acrossKinds,
        split: "fields",
      });
      return refuseItem(context, refusal, item);
    }
    const { split } = context;
    if (split !== undefined) {
      const item = redactAll(
        fields.map((field) => (field.trim() === givenFact.trim() ? split.redacted : field)),
      );
      const refusal = refuse("secret", {
        what: steps.label(item),
        kinds: split.kinds,
        split: true,
      });
      return refuseItem(context, refusal, item);
    }
    if (secrets !== undefined && !secrets.ok) {
      // The fact and the line it replaces, after the session's last writes: a key said in halves.
      const [factRedacted, replacesRedacted] = secrets.redacted;
      const item = redactAll(
        fields.map((field) =>
          field === givenFact && factRedacted !== undefined
            ? factRedacted
            : field === givenReplaces && givenReplaces !== "" && replacesRedacted !== undefined
              ? replacesRedacted
              : field,
        ),
      );
      const refusal = refuse("secret", {
        what: steps.label(item),
        kinds: secrets.kinds,
        split: secrets.split,
      });
      return refuseItem(context, refusal, item);
    }
    for (const text of sessionTexts) options.session?.record(text);
    return undefined;
  },
};

// The parts of `text` that `redacted` (the same text, findings replaced by REDACTED) hid.
function hiddenParts(text: string, redacted: string): string[] {
  if (text === redacted) return [];
  const kept = redacted.split(REDACTED);
  const parts: string[] = [];
  let at = 0;
  for (const [index, piece] of kept.entries()) {
    const last = index === kept.length - 1;
    const start = last ? text.length - piece.length : text.indexOf(piece, at);
    if (start < at || (last && !text.endsWith(piece))) return [];
    if (index > 0) parts.push(text.slice(at, start));
    at = start + piece.length;
  }
  return parts.filter((part) => part.trim() !== "");
}

/**
 * The fields as redacted (`values`), with every part any field's redaction hid also hidden in the
 * others, longest first: a key half redacted in the fact is not left in the evidence quoting it.
 */
function redactEverywhere(fields: readonly string[], values: readonly string[]): string[] {
  const parts = fields
    .flatMap((field, index) => hiddenParts(field, values[index] ?? field))
    .sort((first, second) => second.length - first.length);
  return values.map((value) =>
    parts.reduce((text, part) => text.split(part).join(REDACTED), value),
  );
}
