import type { SameSubject } from "../../store/index.js";
import { bodyFacts, contentWordList, factKey, sameWord, updatesLine } from "../../text/index.js";
import { factUpdatedBy } from "./body-facts.js";

/** A fact file as {@link factKeptElsewhere} reads it: its path, `name:` and body. */
export type KeptFactFile = { path: string; name: string; body: string };

/**
 * The fact file that already keeps the subject of a new fact file's fact (one fact, one file;
 * decision 0126): a file whose every content word of its name the fact says ("dog" of `dog.md`
 * in "my dog is named Bruno") and one of whose facts the new fact updates, by the layout's one
 * rule for an updated fact: the same words with other numbers or the other polarity
 * (`updatesLine`), or half or more, and two or more, of a stored fact's words besides its values
 * ({@link factUpdatedBy}, decision 0068). A file whose name the fact does not say is another
 * subject, however alike the words (decision 0083: "pays 80 EUR per year" in `bike-insurance.md`
 * is not `car-insurance.md`'s fact). The first such file in `files`' order.
 *
 * @param files - The other fact files (the new file's own path left out).
 * @param fact - The new file's fact (its body).
 * @returns `{ path, subject }` (the subject as the file's name, words folded), or `undefined`.
 * @example factKeptElsewhere([{ path: "dog.md", name: "dog", body: "my dog is named Rex\n" }], "my dog is named Bruno") // { path: "dog.md", subject: "dog" }
 */
export function factKeptElsewhere(
  files: Iterable<KeptFactFile>,
  fact: string,
): SameSubject | undefined {
  const said = contentWordList(fact);
  if (said.length === 0) return undefined;
  const key = factKey(fact);
  for (const file of files) {
    const subject = contentWordList(file.name || stemOf(file.path));
    if (subject.length === 0) continue;
    if (!subject.every((word) => said.some((other) => sameWord(word, other)))) continue;
    const stored = bodyFacts(file.body).filter((stored) => factKey(stored.text) !== key);
    const updates =
      stored.some((stored) => updatesLine(fact, stored.text)) ||
      factUpdatedBy(stored, fact, { least: 2 }) !== undefined;
    if (updates) return { path: file.path, subject: subject.join(" ") };
  }
  return undefined;
}

function stemOf(path: string): string {
  return (path.split("/").at(-1) ?? path).replace(/\.md$/i, "").replace(/[-_]+/g, " ");
}
