import { MemfilesError } from "@memfiles/errors";
import type { StoreLayout } from "../store/index.js";

/**
 * A write pass was given a prompt written for the other memory layout (e.g. `extraction@3`, which
 * asks for `propose_memories`, for a store in the fact layout, whose request offers
 * `propose_facts`). Nothing is sent and nothing is written.
 *
 * @example
 * throw new WritePromptLayoutError({ prompt: "extraction@3", promptLayout: "subject", storeLayout: "fact", promptIds: ["fact-extraction"] });
 */
export class WritePromptLayoutError extends MemfilesError {
  override readonly name = "WritePromptLayoutError";
  declare readonly code: "prompt_layout_mismatch";
  /** The prompt given, as `id@version`. */
  readonly prompt: string;
  /** The layout the prompt was written for. */
  readonly promptLayout: StoreLayout;
  /** The layout of the store the write pass was for. */
  readonly storeLayout: StoreLayout;

  constructor(options: {
    prompt: string;
    promptLayout: StoreLayout;
    storeLayout: StoreLayout;
    promptIds: readonly string[];
  }) {
    super(
      `The write prompt ${options.prompt} is written for the ${options.promptLayout} layout, and this store is in the ${options.storeLayout} layout: nothing was sent. Give a prompt of the ${options.storeLayout} layout (${options.promptIds.join(", ")}), or leave prompt out for its default.`,
      { code: "prompt_layout_mismatch", userFixable: true },
    );
    this.prompt = options.prompt;
    this.promptLayout = options.promptLayout;
    this.storeLayout = options.storeLayout;
  }
}
