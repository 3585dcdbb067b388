import type { MemoryRow, MemoryStore, StoreLayout } from "@memfiles/core";
import { type BodyLine, layoutNamed, memoryBodyLines } from "@memfiles/core/internal";

/** One body line of a memory file as the command and the page show it. */
export type ShownLine = BodyLine;

/** A memory file as the command and the page show it. */
export type ShownFile = Omit<MemoryRow, "problems"> & {
  version: string;
  /** Facts the file holds: its dated lines (subject layout), or 1 for a fact file with a body. */
  facts: number;
  /**
   * Lines of text without a date a person wrote in a subject file, as `check` reports them
   * (`undated_line`, or `invalid_date` for a tag such as `[stated 2026-09-01]`; a file written by
   * hand without `[stated ...]` tags holds only these); 0 in the fact layout, whose body is prose.
   */
  undated: number;
  lines: ShownLine[];
  problems: NonNullable<MemoryRow["problems"]>;
  /** The file's text, for `show`. */
  content: string;
};

/**
 * Reads every memory file with its version token and its lines (dated facts, and undated lines
 * written by hand), skipping blank lines and headings. A file that cannot be parsed is shown with
 * its problems and no lines.
 *
 * @param store - The memory folder.
 * @returns The files in path order.
 */
export async function readMemory(store: MemoryStore): Promise<ShownFile[]> {
  const files: ShownFile[] = [];
  for (const row of await store.list()) {
    const read = await store.read(row.path);
    if (!read.exists) continue;
    files.push(showFile(row, read.version, read.content, store.layout));
  }
  return files;
}

/**
 * Every memory file's path, `list()` description and text, as search reads them: one read a file,
 * none of {@link readMemory}'s line counts (a search of 10,000 files spent a sixth of its CPU on
 * them).
 *
 * @param store - The memory folder.
 * @returns The files in path order, and their rows' problems (for {@link notReadNotes}).
 */
export async function readSearched(
  store: MemoryStore,
): Promise<
  Array<{ path: string; description: string; content: string; problems: ShownFile["problems"] }>
> {
  const files = [];
  for (const row of await store.list()) {
    const read = await store.read(row.path);
    if (!read.exists) continue;
    files.push({
      path: row.path,
      description: row.description,
      content: read.content,
      problems: row.problems ?? [],
    });
  }
  return files;
}

/**
 * What a command that reads every file says of those it did not read (a file over 16 times the
 * cap, as `check` reports it as `too_large`), one line each.
 *
 * @param files - Files from {@link readMemory} or {@link readSearched}.
 * @returns Lines to print on stderr, each ending in a line break.
 */
export function notReadNotes(files: ReadonlyArray<Pick<ShownFile, "problems">>): string[] {
  return files.flatMap((file) =>
    file.problems
      .filter((problem) => problem.code === "too_large")
      .map((problem) => `Skipped: ${problem.message}\n`),
  );
}

/**
 * One file as shown (see {@link readMemory}).
 *
 * @param row - Its `list()` row.
 * @param version - Its version token.
 * @param content - Its text.
 * @param layout - The store's layout (default `subject`).
 * @returns The file.
 */
export function showFile(
  row: MemoryRow,
  version: string,
  content: string,
  layout: StoreLayout = "subject",
): ShownFile {
  const { problems = [], ...fields } = row;
  const lines = memoryBodyLines(content, row.path);
  const facts = layoutNamed(layout).items.count(row.path, content);
  // The lines `check` reports as undated or with a date tag it cannot read (`[stated 2026-09-01]`);
  // the fact layout's rows have none: its body is prose.
  const undated = problems.filter(
    (problem) => problem.code === "undated_line" || problem.code === "invalid_date",
  ).length;
  return { ...fields, version, facts, undated, lines, problems, content };
}
