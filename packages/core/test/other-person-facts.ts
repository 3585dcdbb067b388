// Another person's fact is not a duplicate (decision 0118): a new user's trial had "Anna lives in
// Madrid" refused as a duplicate of "Anna's sister lives in Madrid". Every surface that refuses
// duplicates runs these rows: the library's `remember`, the memory tool, the write pass (core),
// MCP `remember` and `propose` (mcp), `memfiles remember` on a folder and on PGlite (cli).

/** A stored line and a fact about someone else that shares its words; the fact must be saved. */
export type OtherPersonFact = { name: string; held: string; fact: string };

/** Rows in the languages the relation words cover (`RELATION_WORDS`). */
export const OTHER_PERSON_FACTS: readonly OtherPersonFact[] = [
  { name: "English", held: "Anna's sister lives in Madrid", fact: "Anna lives in Madrid" },
  { name: "Spanish", held: "la hermana de Anna vive en Madrid", fact: "Anna vive en Madrid" },
  { name: "German", held: "Annas Schwester wohnt in Madrid", fact: "Anna wohnt in Madrid" },
  { name: "Italian", held: "la sorella di Anna vive a Madrid", fact: "Anna vive a Madrid" },
  { name: "a colleague", held: "Anna's colleague works at Acme", fact: "Anna works at Acme" },
];

/** The same person's fact again, which every surface still refuses as a duplicate. */
export const SAME_PERSON_FACT: OtherPersonFact = {
  name: "the same person",
  held: "Anna's sister lives in Madrid",
  fact: "Anna's sister lives in Madrid.",
};

/**
 * The memory file holding `held` in a layout: its path and content (`people/anna.md` with a dated
 * line, or a fact file `anna.md`).
 */
export function otherPersonFile(
  layout: "subject" | "fact",
  held: string,
): { path: string; content: string } {
  return layout === "subject"
    ? {
        path: "people/anna.md",
        content: `---\nname: anna\ndescription: Anna, the user's friend.\nupdated: 2026/09/01\n---\n[stated 2026/09/01] ${held}\n`,
      }
    : {
        path: "anna.md",
        content: `---\nname: Anna\ndescription: Anna, the user's friend.\ntype: user\nupdated: 2026/09/01\n---\n${held}\n`,
      };
}
