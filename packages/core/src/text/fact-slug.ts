import { segmenterOf } from "./segmenter.js";

/** Longest slug, in code points: keeps a file name short on every file system. */
export const MAX_SLUG_CODE_POINTS = 60;

/**
 * A fact file's name stem from its `name` (the fact layout: "file names are slugs of `name`"):
 * NFKC, lower case, each run of non-letters/digits (any script) one `-`, trimmed, at most
 * {@link MAX_SLUG_CODE_POINTS} code points; `memory` when nothing is left.
 *
 * @example factSlug("Deploy host (prod)") // "deploy-host-prod"
 */
export function factSlug(name: string): string {
  let slug = slugs.get(name);
  if (slug === undefined) {
    if (slugs.size >= MAX_CACHED_SLUGS) slugs.clear();
    slug = slugOf(name);
    slugs.set(name, slug);
  }
  return slug;
}

// A write pass looks for a proposal's file by comparing its slug with every file's (one slug a
// file a proposal): the slugs of names already seen are kept, as the segmenter makes each one slow.
const slugs = new Map<string, string>();
const MAX_CACHED_SLUGS = 100_000;

function slugOf(name: string): string {
  const slug = name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  // No more UTF-16 units than the limit is no more code points: nothing to cut, no segmenter
  // (most names; the segmenter was most of a write's look at 10,000 fact files' names).
  if (slug.length <= MAX_SLUG_CODE_POINTS) return slug === "" ? "memory" : slug;
  let cut = "";
  let codePoints = 0;
  // Whole graphemes only: a letter keeps its combining marks (the slug keeps \p{M}).
  for (const { segment } of segmenterOf("grapheme").segment(slug)) {
    codePoints += [...segment].length;
    if (codePoints > MAX_SLUG_CODE_POINTS) break;
    cut += segment;
  }
  cut = cut.replace(/-+$/, "");
  return cut === "" ? "memory" : cut;
}

/**
 * A free root-level path for a new fact: `<slug>.md`, else `<slug>-2.md`, ... (names compared
 * case-insensitively): `uniqueFactPath("deploy host", ["deploy-host.md"])` is `deploy-host-2.md`.
 */
export function uniqueFactPath(name: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((path) => path.normalize("NFC").toLowerCase()));
  const slug = factSlug(name);
  for (let suffix = 1; ; suffix++) {
    const path = suffix === 1 ? `${slug}.md` : `${slug}-${suffix}.md`;
    if (!used.has(path.normalize("NFC").toLowerCase())) return path;
  }
}
