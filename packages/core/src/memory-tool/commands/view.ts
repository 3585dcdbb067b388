import { FORGOTTEN_LINE } from "../../guards/forgotten-shown.js";
import { maskPath, maskPathsOfEach } from "../../guards/mask-paths.js";
import { maskSecrets } from "../../guards/mask-secrets.js";
import { showWithoutForgotten } from "../../recall/forgotten-units.js";
import { notShownMessage, shownLenientlyNote } from "../../store/index.js";
import type { MemoryToolContext } from "../memory-tool-context.js";
import { rowsUnder, shownValue } from "../memory-tool-edit.js";
import { MemoryToolError } from "../memory-tool-error.js";
import { editable, numbered } from "../memory-tool-lines.js";
import { memoriesPath, toolPath } from "../memory-tool-paths.js";
import type { CommandModule } from "./skeleton.js";

/** Entries of one folder view (a page): 200 lines of about 40 chars, some 8,000 chars. */
export const MAX_VIEW_ENTRIES = 200;

// The SDK's local filesystem tool writes sizes as 512B, 1.5K, 4K; memfiles counts chars.
function formatSize(chars: number): string {
  if (chars === 0) return "0B";
  const units = ["B", "K", "M", "G"];
  const index = Math.min(Math.floor(Math.log(chars) / Math.log(1024)), units.length - 1);
  const size = chars / 1024 ** index;
  return `${size % 1 === 0 ? String(size) : size.toFixed(1)}${units[index]}`;
}

async function viewFolder(
  context: MemoryToolContext,
  memoryPath: string,
  folder: string,
  range?: readonly number[],
): Promise<string> {
  const rows = await rowsUnder(context, folder);
  if (folder !== "" && rows.length === 0) {
    throw new MemoryToolError(
      `The path ${memoryPath} does not exist. Please provide a valid path.`,
      {
        code: "not_found",
      },
    );
  }
  // Up to 2 levels deep below the folder, as the docs' view of a directory.
  const sizes = new Map<string, number>();
  for (const row of rows) {
    const parts = (folder === "" ? row.path : row.path.slice(folder.length + 1)).split("/");
    for (let depth = 1; depth <= Math.min(parts.length, 2); depth += 1) {
      const isFile = depth === parts.length;
      const key = parts.slice(0, depth).join("/") + (isFile ? "" : "/");
      sizes.set(key, (sizes.get(key) ?? 0) + row.chars);
    }
  }
  const base = folder === "" ? "/memories" : memoriesPath(folder);
  const total = rows.reduce((sum, row) => sum + row.chars, 0);
  const items = [...sizes.keys()].sort((a, b) => {
    const [left, right] = [a.replace(/\/$/, ""), b.replace(/\/$/, "")];
    return left < right ? -1 : left > right ? 1 : 0;
  });
  // A page of entries, so a folder of thousands of files never fills the context window; the
  // note says what was left out and how to see it.
  const start = Math.max(1, range?.[0] ?? 1);
  const end = Math.min(
    items.length,
    range?.[1] === undefined || range[1] === -1 ? start + MAX_VIEW_ENTRIES - 1 : range[1],
    start + MAX_VIEW_ENTRIES - 1,
  );
  const shown = items.slice(start - 1, end);
  // An entry named after a secret (`topics/ghp_….md`) is listed masked, as every printed path is.
  const names = await maskPathsOfEach(shown);
  const lines = [
    `${formatSize(total)}\t${memoryPath}`,
    ...shown.map(
      (item, at) => `${formatSize(sizes.get(item) ?? 0)}\t${base}/${names[at]?.path ?? item}`,
    ),
  ];
  const leftOut = items.length - shown.length;
  const note =
    leftOut === 0
      ? ""
      : `\n(${leftOut} of ${items.length} entries left out; entries ${start}-${end} shown. View one folder (such as /memories/topics), or pass view_range [${end + 1}, ${Math.min(items.length, end + MAX_VIEW_ENTRIES)}] for the next ones.)`;
  return `Here're the files and directories up to 2 levels deep in ${memoryPath}, excluding hidden items and node_modules:\n${lines.join("\n")}${note}`;
}

function viewLines(
  memoryPath: string,
  lines: readonly string[],
  range?: readonly number[],
): string {
  let shown = lines;
  let first = 1;
  if (range && range.length === 2) {
    const start = Math.max(1, range[0] ?? 1) - 1;
    const end = range[1] === -1 ? lines.length : (range[1] ?? lines.length);
    shown = lines.slice(start, end);
    first = start + 1;
  }
  return `Here's the content of ${memoryPath} with line numbers:\n${numbered(shown, first)}`;
}

/**
 * The view range as sent: absent, or `[start, end]` whole numbers with `1 <= start <= end`, `end`
 * -1 meaning to the end (as the SDK's memory tool reads it); anything else refused, nothing read.
 */
function viewRange(range: unknown): [number, number] | undefined {
  if (range === undefined || range === null) return undefined;
  const [start, end] = Array.isArray(range) ? (range as unknown[]) : [];
  if (
    Array.isArray(range) &&
    range.length === 2 &&
    typeof start === "number" &&
    typeof end === "number" &&
    Number.isInteger(start) &&
    Number.isInteger(end) &&
    start >= 1 &&
    (end === -1 || end >= start)
  ) {
    return [start, end];
  }
  throw new MemoryToolError(
    `Invalid \`view_range\` parameter: ${shownValue(range)}. It must be [start, end]: whole numbers counted from 1, end at least start or -1 for the end, such as [1, 20] or [5, -1]. Nothing was read.`,
    { code: "invalid_input" },
  );
}

/**
 * `view`: a folder's files and sizes up to 2 levels deep, a page of {@link MAX_VIEW_ENTRIES}
 * entries at a time, or a file's lines numbered (the generated `MEMORY.md` too), as the memory
 * tool's documentation shows them. A secret written into a file by hand is shown as `[redacted]`
 * (`maskSecrets`); the file is left as it is.
 */
export const view: CommandModule<"view"> = {
  fields: ["path"],
  run: async (context, command) => {
    const path = toolPath(command.path);
    const range = viewRange(command.view_range);
    if (path.kind === "root") return viewFolder(context, command.path, "", range);
    if (path.kind === "folder") return viewFolder(context, command.path, path.relative, range);
    if (path.kind === "index") {
      const { text } = await maskSecrets(await context.store.renderIndex());
      return viewLines(command.path, editable(text).lines, range);
    }
    const file = await context.store.read(path.relative);
    if (!file.exists) {
      throw new MemoryToolError(
        `The path ${command.path} does not exist. Please provide a valid path.`,
        { code: "not_found" },
      );
    }
    const notShown = notShownMessage(file, command.path);
    if (notShown !== undefined) throw new MemoryToolError(notShown, { code: "not_text" });
    const notText = shownLenientlyNote(file, command.path);
    // Shown masked (a secret written into the file by hand is `[redacted]`); `str_replace` and
    // `insert` edit the file as written, so a `[redacted]` sent back matches no secret.
    // A line a tombstone matches is shown as `[forgotten]`, so the numbers stay the file's.
    const { text } = await maskSecrets(
      await showWithoutForgotten(context.store, file.content, { lineLeftOut: FORGOTTEN_LINE }),
    );
    // The path it echoes is printed as every path is: a file named after a secret is masked.
    const { path: shownPath } = await maskPath(command.path);
    const lines = viewLines(shownPath, editable(text).lines, range);
    return notText === undefined ? lines : `${notText}\n${lines}`;
  },
};
