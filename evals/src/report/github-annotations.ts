import { isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import { gradedChecks, NOTHING_CHECKED } from "../graders/index.js";
import { type EvalReport, epochPassed } from "./build-eval-report.js";

/** GitHub shows at most this many error annotations of one step; the rest would be lost unseen. */
const MAX_ANNOTATIONS = 10;

/** A grader's check name -> its scenario field: `mentions_any` -> `mentionsAny`. */
function fieldOf(grader: string): string {
  return grader.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** Fields whose grader has another name (a grader serving two values of one field). */
const FIELD_OF: Record<string, string> = {
  file_exists: "exists",
  file_absent: "exists",
  file_contains: "contains",
  file_lacks: "lacks",
  fact_merged: "merged",
  fact_merge_refused: "refused",
  model_input_contains: "modelInputContains",
  model_input_lacks: "modelInputLacks",
};

/** The quoted arguments of a check name: `file_contains(a.md, "Fly.io")` -> `["Fly.io"]`. */
function quotedArguments(name: string): string[] {
  return [...name.matchAll(/"(?:[^"\\]|\\.)*"/g)].flatMap((match) => {
    try {
      return [JSON.parse(match[0]) as string];
    } catch {
      return [];
    }
  });
}

/** Every node under `node` (itself first), depth first in document order. */
function* nodesUnder(node: unknown): Generator<Node> {
  if (isScalar(node)) {
    yield node;
    return;
  }
  if (isMap(node) || isSeq(node)) {
    yield node;
    for (const item of node.items) {
      if (isPair(item)) {
        if (isScalar(item.key)) yield item.key;
        yield* nodesUnder(item.value);
      } else yield* nodesUnder(item);
    }
  }
}

/** The value of `key` in a map node, and the key's own node (for its line). */
function entry(node: unknown, key: string): { key: Node; value: unknown } | undefined {
  if (!isMap(node)) return undefined;
  for (const item of node.items) {
    if (isPair(item) && isScalar(item.key) && item.key.value === key) {
      return { key: item.key, value: item.value };
    }
  }
  return undefined;
}

/** The first pair anywhere under `node` whose key is `key`. */
function findEntry(node: unknown, key: string): { key: Node; value: unknown } | undefined {
  for (const each of nodesUnder(node)) {
    const found = entry(each, key);
    if (found) return found;
  }
  return undefined;
}

/** The first scalar under `node` whose text is one of `texts`. */
function findScalar(node: unknown, texts: readonly string[]): Node | undefined {
  if (texts.length === 0) return undefined;
  for (const each of nodesUnder(node)) {
    if (isScalar(each) && texts.includes(String(each.value))) return each;
  }
  return undefined;
}

/**
 * The line of a scenario file that states the expectation a check graded, found from the YAML
 * library's source positions: the session's `expect` for a `session N: ` check, else `expect`
 * (for an `<id>@<layout>` run, its `perLayout.<layout>` one where it has its own); within it
 * the file entry whose `path` the check names, then the field the grader reads, then the value
 * the check quotes. What cannot be narrowed further gives the line of the enclosing node.
 *
 * @param text - The scenario file's YAML text.
 * @param scenarioId - The run's id, e.g. `remember` or `remember@fact`.
 * @param checkName - The check's name, e.g. `session 1: file_lacks(profile.md, "Elm")`.
 * @returns The 1-based line (1 when the file is not YAML or names no `expect`).
 * @example expectationLine(text, "remember", 'file_contains(topics/tools.md, "Fly.io")') // 34
 */
export function expectationLine(text: string, scenarioId: string, checkName: string): number {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  const lineOf = (node: Node | undefined) =>
    node?.range ? lineCounter.linePos(node.range[0]).line : 1;
  const session = /^session (\d+): (.*)$/s.exec(checkName);
  const check = session?.[2] ?? checkName;
  const layout = scenarioId.split("@")[1];
  const perLayout = entry(document.contents, "perLayout")?.value;
  // A layout run's own sessions and expectations replace the shared ones where it has them.
  const roots = [
    ...(layout === undefined ? [] : [entry(perLayout, layout)?.value]),
    document.contents,
  ];
  let scope: { key: Node; value: unknown } | undefined;
  for (const root of roots) {
    if (session) {
      const sessions = entry(root, "sessions")?.value;
      const item = isSeq(sessions) ? sessions.items[Number(session[1]) - 1] : undefined;
      scope = entry(item, "expect");
    } else scope = entry(root, "expect");
    if (scope !== undefined) break;
  }
  if (scope === undefined) return 1;
  const grader = /^[a-z_]+/.exec(check)?.[0] ?? "";
  const quoted = quotedArguments(check);
  let node: unknown = scope.value;
  let line = lineOf(scope.key);
  // A file check names its path first: narrow to that entry of `files`.
  const path = /^[a-z_]+\(([^,)"]+)[,)]/.exec(check)?.[1]?.trim();
  const files = entry(node, "files")?.value;
  if (path !== undefined && isSeq(files)) {
    const file = files.items.find((item) => {
      const value = entry(item, "path")?.value;
      return isScalar(value) && value.value === path;
    });
    if (file !== undefined) {
      node = file;
      line = lineOf(file as Node);
    }
  }
  const field = findEntry(node, FIELD_OF[grader] ?? fieldOf(grader));
  if (field !== undefined) {
    node = field.value;
    line = lineOf(field.key);
  }
  const value = findScalar(node, quoted);
  return value === undefined ? line : lineOf(value);
}

/** Escapes a workflow command's message (GitHub's toolkit `escapeData`). */
function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Escapes a workflow command's property value (GitHub's toolkit `escapeProperty`). */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** Options of {@link formatGithubAnnotations}. */
export type FormatGithubAnnotationsOptions = {
  /**
   * The scenario file of a scenario id: its path from the repository root (what GitHub matches
   * against the diff) and its text, or `undefined` when it cannot be read (then line 1).
   */
  scenarioFile: (scenarioId: string) => { path: string; text?: string };
};

/**
 * The run's failures as GitHub Actions workflow commands (`::error file=…,line=…,title=…::…`),
 * which GitHub shows as annotations on the scenario file's line in the pull request: one per
 * scenario, check and line, listing the cells (model, prompt, epoch) where it failed, so one
 * broken check on nine cells is one annotation. Only cells that failed count, as in the exit
 * code; a broken run is annotated on the scenario's first line. At most ten, GitHub's limit per
 * step; then a last one says how many more.
 *
 * @param reports - One report per extraction prompt, from `buildEvalReport`.
 * @param options - `{ scenarioFile }`.
 * @returns The commands, one per line, ending with a newline; "" when nothing failed.
 * @example process.stdout.write(formatGithubAnnotations(reports, { scenarioFile }));
 */
export function formatGithubAnnotations(
  reports: readonly EvalReport[],
  options: FormatGithubAnnotationsOptions,
): string {
  const groups = new Map<
    string,
    { path: string; line: number; title: string; reason: string; cells: string[] }
  >();
  const add = (scenarioId: string, check: string, reason: string, cell: string) => {
    const file = options.scenarioFile(scenarioId);
    const line =
      check === "" || file.text === undefined ? 1 : expectationLine(file.text, scenarioId, check);
    const key = `${file.path}\u0000${line}\u0000${scenarioId}\u0000${check}\u0000${reason}`;
    const group = groups.get(key) ?? {
      path: file.path,
      line,
      title: `${scenarioId}: ${check === "" ? "broken run" : check}`,
      reason,
      cells: [],
    };
    group.cells.push(cell);
    groups.set(key, group);
  };
  for (const report of reports) {
    for (const result of report.results) {
      const cell = report.cells.find(
        (item) => item.scenarioId === result.scenarioId && item.model === result.model,
      );
      if (cell?.pass === true || epochPassed(result)) continue;
      const where = `${result.model}, ${report.extractionPrompt}, epoch ${result.epoch ?? 1}`;
      if (result.error) {
        add(result.scenarioId, "", `${result.error.name}: ${result.error.message}`, where);
        continue;
      }
      if (gradedChecks(result.checks) === 0) {
        add(result.scenarioId, "checks_ran", NOTHING_CHECKED, where);
        continue;
      }
      for (const check of result.checks.filter((each) => !each.pass)) {
        add(result.scenarioId, check.name, check.reason, where);
      }
    }
  }
  const all = [...groups.values()];
  const shown = all.length > MAX_ANNOTATIONS ? all.slice(0, MAX_ANNOTATIONS - 1) : all;
  const lines = shown.map(
    (group) =>
      `::error file=${escapeProperty(group.path)},line=${group.line},title=${escapeProperty(group.title)}::` +
      escapeData(`${group.reason}\n(failed on ${group.cells.join("; ")})`),
  );
  if (all.length > shown.length) {
    lines.push(
      `::error title=pnpm eval::${escapeData(`${all.length - shown.length} more failing checks: see the job's log or the JUnit file`)}`,
    );
  }
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}
