import { maskPathsOfEach } from "./mask-paths.js";
import { maskSecretsOfEach } from "./mask-secrets.js";

/** A line a forget names: the file it is in and its text as written. */
export type ForgetLine = { path: string; line: string };

/**
 * The lines a forget removed or would remove as every surface shows them (`memfiles forget`'s
 * preview and result, MCP `forget`): each line as it reads in its file (the first line that holds
 * it) masked as `memfiles show`
 * and MCP `read` mask the file (`maskSecretsOfEach` of the whole text: a secret a person wrote by
 * hand is `[redacted]`, also a key split over this line and the next), its path masked as every
 * printed path is (`maskPathsOfEach`). A line not found as it is in its file's text (no text
 * given, or a finding that joined lines, such as a pasted PEM body) is masked with the other
 * such lines of its file, one a line. What is given is left as it is: a preview's own lines are
 * what `forget`'s `only` compares.
 *
 * @param lines - `{ path, line }` items (a `ForgetPreview`'s files' lines, a `ForgetResult`'s
 *   `removed` or `notRemoved`), in order.
 * @param texts - Each file's text before the forget removed anything, by memory path (see
 *   `forgetFileTexts`); a file left out is masked by its lines alone.
 * @returns The items in order, each a copy with `path` and `line` as shown; clean ones as given.
 *   One screen for every text; the check loads only for what the screen cannot clear.
 * @example await forgetLinesShown([{ path: "topics/wifi.md", line: "[stated 2026/11/01] the wifi password is Tr0ub4dor&3" }], texts) // [{ path: "topics/wifi.md", line: "[stated 2026/11/01] the wifi password is [redacted]" }]
 */
export async function forgetLinesShown<Line extends ForgetLine>(
  lines: readonly Line[],
  texts: ReadonlyMap<string, string> = new Map(),
): Promise<Line[]> {
  if (lines.length === 0) return [];
  const paths = [...new Set(lines.map((item) => item.path))];
  const [files, maskedPaths] = await Promise.all([
    maskSecretsOfEach(paths.map((path) => texts.get(path) ?? "")),
    maskPathsOfEach(paths),
  ]);
  const shownLine = new Map<Line, string>();
  const alone: Line[][] = [];
  for (const [at, path] of paths.entries()) {
    const group = lines.filter((item) => item.path === path);
    const masked = files[at];
    if (masked === undefined || masked.kinds.length === 0) {
      if (!texts.has(path)) alone.push(group);
      continue;
    }
    const written = (texts.get(path) ?? "").split(/\r?\n/);
    const shown = masked.text.split(/\r?\n/);
    const lost: Line[] = [];
    for (const item of group) {
      const line = shown.length === written.length ? inFile(item.line, written, shown) : undefined;
      if (line === undefined) lost.push(item);
      else shownLine.set(item, line);
    }
    if (lost.length > 0) alone.push(lost);
  }
  const maskedAlone = await maskSecretsOfEach(
    alone.map((group) => group.map((item) => item.line).join("\n")),
  );
  for (const [at, group] of alone.entries()) {
    const masked = maskedAlone[at];
    const parts = masked?.text.split("\n") ?? [];
    for (const [index, item] of group.entries()) {
      const line = parts.length === group.length ? parts[index] : undefined;
      shownLine.set(item, line ?? (masked?.kinds.length === 0 ? item.line : "[redacted]"));
    }
  }
  const shownPath = new Map(paths.map((path, at) => [path, maskedPaths[at]?.path ?? path]));
  return lines.map((item) => ({
    ...item,
    path: shownPath.get(item.path) ?? item.path,
    line: shownLine.get(item) ?? item.line,
  }));
}

// The line as shown in its file: the masked line at the place of the first written line that
// holds it (a fact file's body line is named without its list marker), with what stands around
// it in the file cut off again; `undefined` when no line holds it or the mask changed its lead.
function inFile(
  line: string,
  written: readonly string[],
  shown: readonly string[],
): string | undefined {
  const index = written.findIndex((each) => each.includes(line));
  if (index === -1) return undefined;
  const whole = written[index] as string;
  const masked = shown[index] as string;
  const lead = whole.slice(0, whole.indexOf(line));
  const trail = whole.slice(whole.indexOf(line) + line.length);
  if (!masked.startsWith(lead) || !masked.endsWith(trail)) return undefined;
  return masked.slice(lead.length, masked.length - trail.length);
}
