import { foldText } from "../text/fold.js";
import { parseMemoryIndex } from "./memory-index.js";

/** A memory file as the one-subject rule reads it: its path and header. */
export type SubjectFile = { path: string; name: string; description: string };

/** The file a new file's subject is already kept in, and the subject they share. */
export type SameSubject = { path: string; subject: string };

// The words of a name, folded: "Robert Chen", "robert-chen" and "ROBERT  CHEN" are one subject.
function subjectWords(text: string): string {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "")
    .join(" ");
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

/** The subject a path names: its file name without `.md`, e.g. `robert chen` for `people/robert-chen.md`. */
function pathSubject(path: string): string {
  return subjectWords((path.split("/").at(-1) ?? path).replace(/\.md$/i, ""));
}

// What a file says it is about: its name and the head of its description (the words before the
// first comma, colon, dash, parenthesis or sentence end), each with the words in parentheses as a
// second name ("Bob (Robert Chen), the user's manager" names "bob" and "robert chen"). A whole
// description is not a name: "Food and cooking notes" does not name "cooking".
function namesOf(file: SubjectFile): Set<string> {
  const names = new Set<string>();
  for (const text of [file.name, file.description]) {
    const head = text.trim().split(/[,;:(\u2013\u2014]|\s-\s|\.(?:\s|$)/u)[0] ?? "";
    const inParentheses = [...text.matchAll(/\(([^()]*)\)/gu)].map((match) => match[1] ?? "");
    for (const part of [head, ...inParentheses]) {
      const words = subjectWords(part);
      if (words !== "") names.add(words);
    }
  }
  return names;
}

/**
 * The file of the same folder that already keeps the subject a new file would be about (one
 * subject, one file): the file the memory index (`MEMORY.md`) lists under the new path's name when
 * a person renamed it (the index's path is gone, and a file of that name is not in the index), else
 * a file whose `name:` or description head names the same subject (case, width, hyphens and
 * punctuation folded).
 *
 * @param files - The folder's files (paths relative to the memory folder, with their header).
 * @param wanted - The new file's path, and the names it is given (a fact's `name`, a header's `name:`).
 * @param indexText - The text of `MEMORY.md` ("" when none or not read).
 * @returns `{ path, subject }` of that file, or `undefined`.
 * @example findSameSubject([{ path: "people/bob.md", name: "bob", description: "Bob (Robert Chen), the user's manager" }], { path: "people/robert-chen.md", names: [] })
 * // { path: "people/bob.md", subject: "robert chen" }
 */
export function findSameSubject(
  files: readonly SubjectFile[],
  wanted: { path: string; names: readonly string[] },
  indexText = "",
): SameSubject | undefined {
  const folder = folderOf(wanted.path);
  const others = files.filter(
    (file) => file.path !== wanted.path && folderOf(file.path) === folder,
  );
  const entries = parseMemoryIndex(indexText);
  const former = entries.find((entry) => entry.path === wanted.path);
  if (former !== undefined) {
    const indexed = new Set(entries.map((entry) => entry.path));
    const name = /^\s*-\s*\[([^\]]*)\]/u.exec(former.line)?.[1];
    const renamed = others.find(
      (file) =>
        !indexed.has(file.path) &&
        name !== undefined &&
        subjectWords(file.name) === subjectWords(name),
    );
    if (renamed !== undefined) return { path: renamed.path, subject: subjectWords(name ?? "") };
  }
  const subjects = [pathSubject(wanted.path), ...wanted.names.map(subjectWords)].filter(
    (subject) => subject !== "",
  );
  for (const file of others) {
    const names = namesOf(file);
    const subject = subjects.find((candidate) => names.has(candidate));
    if (subject !== undefined) return { path: file.path, subject };
  }
  return undefined;
}

/**
 * Files of one folder that name the same subject (`check().sameSubject`): their `name:` or the head
 * of their description say the same name (see {@link findSameSubject}), e.g. `people/bob.md`
 * ("Bob (Robert Chen), the user's manager") and `people/robert-chen.md`. A warning for a person to
 * merge them; it does not make `ok` false.
 *
 * @param files - The rows of `store.list()` (path, name, description).
 * @returns `[{ subject, paths }]`, each with two or more paths, in the order of `files`.
 * @example sameSubjectFiles(rows) // [{ subject: "robert chen", paths: ["people/bob.md", "people/robert-chen.md"] }]
 */
export function sameSubjectFiles(
  files: readonly SubjectFile[],
): Array<{ subject: string; paths: string[] }> {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    const names = namesOf(file);
    names.add(pathSubject(file.path));
    for (const name of names) {
      const key = `${folderOf(file.path)}\u0000${name}`;
      const paths = byName.get(key) ?? [];
      if (!paths.includes(file.path)) paths.push(file.path);
      byName.set(key, paths);
    }
  }
  const groups: Array<{ subject: string; paths: string[] }> = [];
  const seen = new Set<string>();
  for (const [key, paths] of byName) {
    const id = paths.join("\u0000");
    if (paths.length < 2 || seen.has(id)) continue;
    seen.add(id);
    groups.push({ subject: key.split("\u0000")[1] ?? "", paths });
  }
  return groups;
}
