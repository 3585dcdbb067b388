/** A prompt reference `<id>@<version>`: a kebab-case id, `@`, a version from 1 (`extraction@2`). */
export const PROMPT_REF = /^([a-z][a-z0-9]*(?:-[a-z0-9]+)*)@([1-9][0-9]*)$/;

/**
 * Reads a prompt reference such as `extraction@2`.
 *
 * @param ref - The reference as written.
 * @returns `{ id, version }`, or `undefined` when `ref` is not `<id>@<version>`.
 * @example parsePromptRef("memory-rules@1") // { id: "memory-rules", version: 1 }
 */
export function parsePromptRef(ref: string): { id: string; version: number } | undefined {
  const match = PROMPT_REF.exec(ref);
  if (match?.[1] === undefined || match[2] === undefined) return undefined;
  return { id: match[1], version: Number(match[2]) };
}
