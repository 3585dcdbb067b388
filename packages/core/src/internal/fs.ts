import { isAbsolute, relative } from "node:path";

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

/** Whether `child` is `parent` itself or lies inside it; both must be absolute, resolved paths. */
export function isInsideOrSame(parent: string, child: string): boolean {
  const path = relative(parent, child);
  return path === "" || (!path.startsWith("..") && !isAbsolute(path));
}

/** Promise that resolves after `milliseconds`. */
export function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
