import { MemfilesError } from "@memfiles/errors";

/**
 * A memory layout the benchmark cannot run yet: the fact-per-file layout (`layout: "fact"`, issue
 * 13) is not on this branch, so `--layout fact` and `--layout both` stop here rather than report a
 * stand-in as that layout's figures.
 *
 * @example throw new LayoutNotAvailableError("fact");
 */
export class LayoutNotAvailableError extends MemfilesError {
  override readonly name = "LayoutNotAvailableError";
  declare readonly code: "layout_not_available";
  /** The layout asked for. */
  readonly layout: string;

  constructor(layout: string) {
    super(
      `The "${layout}" layout is not available yet: the fact-per-file layout (issue 13) is not in this build, so the LoCoMo benchmark cannot write or recall in it. Run with --layout subject.`,
      { code: "layout_not_available", userFixable: true },
    );
    this.layout = layout;
  }
}
