/** What a refusal calls an entry of each kind. */
export const ENTRY_WORDS = {
  link: "a link",
  folder: "a folder",
  file: "a file",
  other: "neither a file nor a folder (a pipe, a socket or a device)",
} as const;

/**
 * How to put right an entry of `.memfiles/` that is not the kind memfiles keeps there. Never
 * "remove it": `.memfiles/` holds the tombstones, the one record of what the user asked to forget,
 * and memfiles starting over without them would show every forgotten fact put back (decision 0121).
 *
 * @param place - The entry's absolute path.
 * @param found - What is there.
 * @param wanted - What memfiles keeps there.
 * @returns One or two sentences, e.g. `Replace the link … by a copy of the file it points to (…)`.
 */
export function internalEntryHint(
  place: string,
  found: "link" | "folder" | "file" | "other",
  wanted: "file" | "folder",
): string {
  const keep =
    "Do not delete it: .memfiles/ holds the tombstones that keep forgotten facts out, and memfiles never reads or writes them through a link.";
  if (found === "link") {
    return `Replace the link ${place} by a copy of the ${wanted} it points to (\`readlink -f\` names it). ${keep}`;
  }
  return `Move ${place} aside and put the ${wanted} back in its place from a backup or the memory's history. ${keep}`;
}
