import { MemfilesError } from "@memfiles/errors";

/**
 * Thrown when a model id has no entry in the price table or the cache-minimum table.
 *
 * @example
 * try { costOf(usage, "claude-unknown-1") } catch (error) {
 *   if (error instanceof UnknownModelError) console.log(error.knownModels);
 * }
 */
export class UnknownModelError extends MemfilesError {
  override readonly name = "UnknownModelError";
  /** The model id as given by the caller. */
  readonly model: string;
  /** The model ids the table knows (dated suffixes are accepted on top of these). */
  readonly knownModels: string[];

  constructor(options: { model: string; knownModels: string[]; table: string; hint: string }) {
    super(
      `No ${options.table} for model "${options.model}". Known models: ${options.knownModels.join(", ")} ` +
        `(a dated suffix such as "-20251001" is accepted). ${options.hint}`,
      { code: "unknown_model", userFixable: true },
    );
    this.model = options.model;
    this.knownModels = options.knownModels;
  }
}
