/** The `code` of a Node.js system error (`ENOENT`, `EEXIST`, ...), or `undefined`. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error) {
    const { code } = error as { code: unknown };
    return typeof code === "string" ? code : undefined;
  }
  return undefined;
}

/** Whether a system error means "nothing there" (a missing file, or a parent that is a file). */
export function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === "ENOENT" || code === "ENOTDIR";
}

const RESOURCE_CODES = new Set(["EMFILE", "ENFILE", "EAGAIN"]);

/** Whether a system error is about resources (too many open files), never about the file. */
export function isResourceLimit(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && RESOURCE_CODES.has(code);
}
