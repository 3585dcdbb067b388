import { isAbsolute, relative } from "node:path";

/** Whether `child` is `parent` itself or lies inside it; both must be absolute, resolved paths. */
export function isInsideOrSame(parent: string, child: string): boolean {
  const path = relative(parent, child);
  return path === "" || (!path.startsWith("..") && !isAbsolute(path));
}
