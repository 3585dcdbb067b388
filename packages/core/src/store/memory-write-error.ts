import { MemfilesError } from "@memfiles/errors";
import { errorCode } from "../file-system/index.js";

/** Why the file system refused a write, as {@link MemoryWriteError.code} names it. */
export type MemoryWriteErrorCode =
  | "disk_full"
  | "read_only"
  | "lock_path_not_folder"
  | "folder_missing";

/** Fields of a {@link MemoryWriteError}. */
export type MemoryWriteErrorOptions = {
  code: MemoryWriteErrorCode;
  /** The file or folder the system refused, as the user knows it (relative to the memory folder where it is inside). */
  path: string;
  /** The memory files that did land before the failure; `[]` when nothing changed. */
  landed: readonly string[];
  /** What the call left saved, in place of the sentence made from `landed` (a forget's state). */
  outcome?: string;
  cause?: unknown;
};

// The system's codes for a full disk or quota, and for a folder the process may not write.
const CODES: Record<string, MemoryWriteErrorCode> = {
  ENOSPC: "disk_full",
  EDQUOT: "disk_full",
  EROFS: "read_only",
  EACCES: "read_only",
  EPERM: "read_only",
};

const HOW_TO_FIX: Record<MemoryWriteErrorCode, string> = {
  disk_full: "Free some space on that disk (or raise the quota), then run the write again",
  read_only:
    "Make the memory folder writable for this user (or point memfiles at a writable copy), then run the write again",
  lock_path_not_folder:
    "It is not the lock folder memfiles makes there (someone or something created a file with that name): remove it, then run the write again",
  folder_missing:
    "memfiles does not start a memory folder to keep its own state in: correct the folder's path, or create the folder (the CLI's --create starts one), then run again",
};

/**
 * The file system refused a write to the memory folder: a full disk or quota (`disk_full`), a
 * folder this process may not write (`read_only`), `.memfiles/store.lock` that is a file, not
 * the lock folder (`lock_path_not_folder`), or memfiles' own state kept for a read (the recall
 * index) with no memory folder to keep it in (`folder_missing`: a read never creates one). The message names the path, what changed (nothing, or
 * exactly the files that landed) and how to fix it; the user can fix it, so a CLI prints the
 * message and exits with its user-error code.
 *
 * @example
 * try { await store.write(path, text, version) } catch (error) {
 *   if (error instanceof MemoryWriteError) console.error(error.code, error.path, error.landed);
 * }
 */
export class MemoryWriteError extends MemfilesError {
  override readonly name = "MemoryWriteError";
  declare readonly code: MemoryWriteErrorCode;
  readonly path: string;
  readonly landed: readonly string[];

  constructor(options: MemoryWriteErrorOptions) {
    const system = errorCode(options.cause);
    const what =
      options.code === "disk_full"
        ? "the disk is full"
        : options.code === "read_only"
          ? "the folder is not writable"
          : options.code === "folder_missing"
            ? "the memory folder does not exist"
            : "it is a file, not a folder";
    const changed =
      options.outcome ??
      (options.landed.length === 0
        ? "Nothing was changed."
        : `Already written: ${options.landed.join(", ")}; nothing else was changed.`);
    super(
      `Could not write ${options.path}: ${what}${system === undefined ? "" : ` (${system})`}. ${changed} ${HOW_TO_FIX[options.code]}.`,
      { code: options.code, userFixable: true, cause: options.cause },
    );
    this.path = options.path;
    this.landed = options.landed;
  }
}

/**
 * The {@link MemoryWriteError} a system error of a write stands for, or `undefined` when it is not
 * one the user can fix (a bug, a link, a lost lock): then the caller throws the error as it is.
 *
 * @param error - What the write threw.
 * @param path - The file or folder written.
 * @param landed - The files that landed before it.
 * @returns The error to throw instead, or `undefined`.
 */
export function memoryWriteError(
  error: unknown,
  path: string,
  landed: readonly string[] = [],
): MemoryWriteError | undefined {
  if (error instanceof MemoryWriteError) return error;
  const code = CODES[errorCode(error) ?? ""];
  return code === undefined
    ? undefined
    : new MemoryWriteError({ code, path, landed, cause: error });
}
