import { dateTag, editFactText, safeParseFactFile } from "../../format/index.js";
import { factKey } from "../../text/index.js";
import type { WriteStore } from "../../write/add-fact.js";

/** Result of {@link addToFactFile}; `undefined` from it means no file is at that path. */
export type AddToFactFileResult =
  | { ok: true; path: string; line: string; replaced: string[] }
  | {
      ok: false;
      code:
        | "duplicate"
        | "replaces_not_found"
        | "unparsable_file"
        | "too_long"
        | "version_conflict";
      message: string;
    };

/**
 * Adds a fact to an existing fact file, as `remember` does in the fact layout (decision
 * 0025-fact-layout, "remember adds"): the fact goes on a new line at the end of the body; every
 * other line (the header, a person's prose, `**Why:**` / `**How to apply:**` lines, a file written
 * by hand without a header) stays byte for byte, in the file's own line breaks and BOM. Only
 * `updated:` is set (and a missing `name:`/`description:`/`type:` is added from `header`). With
 * `replaces`, only the one body line whose text is that line (case, white space and punctuation
 * folded, see `factKey`) is replaced; nothing else changes. Runs under the store lock.
 *
 * @param options - `{ store, path, fact, replaces, now, header }`: `path` an existing memory path,
 *   `fact` one line, `replaces` a body line's text or `null`, `header` the fields a file without
 *   them gets.
 * @returns `undefined` when no file is at `path`; else the outcome (codes: `duplicate` when a body
 *   line already is this fact, `replaces_not_found`, `unparsable_file` when the header is not plain
 *   YAML, `too_long` / `version_conflict` from the store).
 * @throws {MemoryLockError} when the store lock cannot be taken.
 */
export async function addToFactFile(options: {
  store: WriteStore;
  path: string;
  fact: string;
  replaces: string | null;
  now: Date;
  timeZone?: string | undefined;
  header: { name: string; description: string; type: string };
}): Promise<AddToFactFileResult | undefined> {
  const { store, path } = options;
  return store.withLock(async () => {
    const read = await store.read(path);
    if (!read.exists) return undefined;
    const parsed = safeParseFactFile(read.content, path);
    if (!parsed.success || read.notText !== undefined) {
      return {
        ok: false,
        code: "unparsable_file",
        message: `Not saved: ${path} cannot be read as a memory file. Fix it by hand, then remember again.`,
      };
    }
    const fact = parsed.value;
    const set: Record<string, string> = { updated: dateTag(options.now, options.timeZone) };
    if (fact.name === "") set.name = options.header.name;
    if (fact.description === "") set.description = options.header.description;
    if (fact.type === undefined && fact.file.header.extra?.type === undefined) {
      set.type = options.header.type;
    }
    const edited = editFactText(read.content, fact, { set });
    if (edited === undefined) {
      return {
        ok: false,
        code: "unparsable_file",
        message: `Not saved: the header of ${path} is not plain "key: value" YAML, and memfiles never rewrites such a header. Fix it by hand.`,
      };
    }
    const bodyStart = edited.length - (read.content.length - bodyOffset(read.content, fact));
    const head = edited.slice(0, bodyStart);
    const body = edited.slice(bodyStart);
    const eol = /\r\n/.test(read.content) ? "\r\n" : /\r(?!\n)/.test(read.content) ? "\r" : "\n";
    const lines = body.split(/(?<=\r\n|\n|\r(?!\n))/);
    const key = factKey(options.fact);
    if (lines.some((line) => factKey(line) === key)) {
      return {
        ok: false,
        code: "duplicate",
        message: `Not saved: ${path} already holds this fact.`,
      };
    }
    let next: string;
    let replaced: string[] = [];
    if (options.replaces !== null && options.replaces.trim() !== "") {
      const wanted = factKey(options.replaces);
      const at = lines.findIndex((line) => wanted !== "" && factKey(line) === wanted);
      if (at < 0) {
        return {
          ok: false,
          code: "replaces_not_found",
          message: `Not saved: no line of ${path} is "${options.replaces}". Name a line of the file as written, or leave replaces out to add the fact.`,
        };
      }
      const old = lines[at] ?? "";
      const ending = old.match(/(\r\n|\n|\r)$/)?.[0] ?? "";
      replaced = [old.slice(0, old.length - ending.length)];
      lines[at] = options.fact + ending;
      next = head + lines.join("");
    } else {
      const kept = body === "" || /(\r\n|\n|\r)$/.test(body) ? body : body + eol;
      next = `${head}${kept}${options.fact}${eol}`;
    }
    const written = await store.write(path, next, read.version);
    if (!written.ok) {
      return {
        ok: false,
        code: written.code === "too_long" ? "too_long" : "version_conflict",
        message: written.message,
      };
    }
    return { ok: true, path, line: options.fact, replaced };
  });
}

// Where the body starts in the file's text (chars), from the parsed line map's 1-based body line.
function bodyOffset(text: string, fact: { file: { lineMap: { bodyLine: number } } }): number {
  const lines = text.split(/(?<=\r\n|\n|\r(?!\n))/);
  return lines.slice(0, fact.file.lineMap.bodyLine - 1).join("").length;
}
