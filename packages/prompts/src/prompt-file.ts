import { createHash } from "node:crypto";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { PromptFileError } from "./prompt-file-error.js";
import { parsePromptRef } from "./prompt-ref.js";

/** Front matter every prompt file carries. */
export const PromptFrontMatterSchema = z.strictObject({
  /** Kebab-case prompt id, e.g. `extraction`. */
  id: z.string().regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/),
  /** Version number, 1 and up; a released version never changes. */
  version: z.number().int().min(1),
  /** Release date, ISO `YYYY-MM-DD`. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** What changed against the previous version (or what the first version is). */
  changes: z.string().min(1),
  /** For an A/B candidate: the one thing this version is expected to do better. */
  hypothesis: z.string().min(1).optional(),
});
export type PromptFrontMatter = z.infer<typeof PromptFrontMatterSchema>;

/** A prompt as callers use it: the text sent to the model and its hash. */
export type Prompt = {
  id: string;
  version: number;
  /** The prompt body (front matter removed, surrounding blank space trimmed). */
  text: string;
  /** sha256 of `text` (UTF-8), lowercase hex; what the lock file pins. */
  sha256: string;
};

/** A prompt with everything its front matter says. */
export type PromptInfo = Prompt & Omit<PromptFrontMatter, "id" | "version">;

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/;

/**
 * sha256 of a text as lowercase hex.
 *
 * @param text - Any string; hashed as UTF-8.
 * @returns 64 hex chars.
 * @example sha256Hex("") // "e3b0c442..."
 */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * Parses one prompt file and checks that its front matter matches its name.
 *
 * @param file - File name inside the prompts folder, `<id>@<version>.md`.
 * @param source - The whole file text.
 * @returns The prompt with its front matter.
 * @throws {PromptFileError} when the name, the front matter or the body is invalid.
 * @example parsePromptFile("base@1.md", "---\nid: base\nversion: 1\n...---\nYou are ...")
 */
export function parsePromptFile(file: string, source: string): PromptInfo {
  const name = file.endsWith(".md") ? parsePromptRef(file.slice(0, -".md".length)) : undefined;
  if (name === undefined) throw new PromptFileError(file, 'the name is not "<id>@<version>.md"');
  const parts = FRONT_MATTER.exec(source);
  if (!parts) throw new PromptFileError(file, "it does not start with a --- front matter block");
  let data: unknown;
  try {
    // The core schema keeps `date` a string (no YAML 1.1 timestamp coercion).
    data = parseYaml(parts[1] ?? "", { schema: "core" });
  } catch (error) {
    throw new PromptFileError(file, "its front matter is not valid YAML", { cause: error });
  }
  const parsed = PromptFrontMatterSchema.safeParse(data);
  if (!parsed.success) {
    throw new PromptFileError(
      file,
      `its front matter is invalid:\n${z.prettifyError(parsed.error)}`,
    );
  }
  const front = parsed.data;
  if (front.id !== name.id || front.version !== name.version) {
    throw new PromptFileError(
      file,
      `its front matter says ${front.id}@${front.version}, the file name says ${name.id}@${name.version}`,
    );
  }
  const text = (parts[2] ?? "").trim();
  if (text === "") throw new PromptFileError(file, "its body is empty");
  return { ...front, text, sha256: sha256Hex(text) };
}
