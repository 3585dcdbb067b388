import { resolve } from "node:path";
import {
  autoMemoryFolder,
  checkoutRootOf,
  claudeConfigFolder,
  type LocationOptions,
  projectFolderName,
  projectNameOf,
  projectRootOf,
} from "@memfiles/core/recall";

export {
  autoMemoryFolder,
  checkoutRootOf,
  claudeConfigFolder,
  type LocationOptions,
  projectFolderName,
  projectNameOf,
  projectRootOf,
};

/** Where the hooks keep memory, from {@link memoryLocation}. */
export type MemoryLocation = {
  /** The memory folder. */
  root: string;
  /** `true` when it is Claude Code's own auto memory (Claude Code loads its index already). */
  autoMemory: boolean;
};

/**
 * The memory folder the hooks use: the `--root` folder when given (any memfiles folder, either
 * layout), else Claude Code's auto memory of the project.
 *
 * @param options - `{ cwd, root?, env?, home? }`; a relative `root` is taken from `cwd`.
 * @returns `{ root, autoMemory }`.
 * @example memoryLocation({ cwd: "/home/ana/shop", root: "memory" }).root // "/home/ana/shop/memory"
 */
export function memoryLocation(
  options: LocationOptions & { root?: string | undefined },
): MemoryLocation {
  const auto = autoMemoryFolder(options);
  if (options.root === undefined) return { root: auto, autoMemory: true };
  const root = resolve(options.cwd, options.root);
  return { root, autoMemory: root === auto };
}
