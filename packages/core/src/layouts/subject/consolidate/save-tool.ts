import type Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";
import { DROPPED_REASONS, type DroppedLine } from "../../../write/consolidation-outcome.js";

/** Name of the consolidation tool (both versions). */
export const SAVE_CONSOLIDATED_FILE = "save_consolidated_file";

export type { DroppedLine } from "../../../write/consolidation-outcome.js";

/** One input line the rewrite leaves out, as the model accounts for it (`consolidation@2`). */
export const DroppedLineSchema = z.strictObject({
  /** The input line, copied verbatim with its date tag. */
  line: z.string().min(1),
  reason: z.enum(DROPPED_REASONS),
  /** The output line that holds the fact now (duplicate, superseded); `null` for expired. */
  by: z.string().min(1).nullable(),
}) satisfies z.ZodType<DroppedLine>;

/** The save tool input of `consolidation@1`: the whole new file only. */
export const SaveConsolidatedFileInputV1Schema = z.object({ content: z.string() });

/** The save tool input of `consolidation@2`: the whole new file and every input line it leaves out. */
export const SaveConsolidatedFileInputSchema = z.object({
  content: z.string(),
  dropped: z.array(DroppedLineSchema),
});
export type SaveConsolidatedFileInput = z.infer<typeof SaveConsolidatedFileInputSchema>;

/** The `consolidation@1` tool, unchanged so requests made with that prompt stay the same. */
export const SAVE_TOOL_V1: Anthropic.Tool = {
  name: SAVE_CONSOLIDATED_FILE,
  description: "Save the whole consolidated file: header and every line, written out in full.",
  input_schema: {
    type: "object",
    properties: { content: { type: "string", description: "The whole new file text." } },
    required: ["content"],
  },
};

/**
 * The `consolidation@2` tool: the new file plus a `dropped` list accounting for every input line
 * that is not kept in the output. Mirrors {@link SaveConsolidatedFileInputSchema}, which still
 * validates every reply.
 */
export const SAVE_TOOL_V2: Anthropic.Tool = {
  name: SAVE_CONSOLIDATED_FILE,
  description:
    "Save the whole consolidated file (header and every line, written out in full) and list every input line it leaves out, with why.",
  strict: true,
  input_schema: {
    type: "object",
    properties: {
      content: { type: "string", description: "The whole new file text." },
      dropped: {
        type: "array",
        description:
          "Every input fact line whose words are not all kept in one output line; an empty list when every line is kept.",
        items: {
          type: "object",
          properties: {
            line: {
              type: "string",
              description: "The input line, copied exactly, date tag included.",
            },
            reason: {
              type: "string",
              enum: [...DROPPED_REASONS],
              description:
                "duplicate: another line says the same; superseded: a newer line contradicts it; expired: it says itself that it has ended.",
            },
            by: {
              type: ["string", "null"],
              description:
                "For duplicate and superseded: the output line that holds the fact now, copied exactly with its date tag. null for expired.",
            },
          },
          required: ["line", "reason", "by"],
          additionalProperties: false,
        },
      },
    },
    required: ["content", "dropped"],
    additionalProperties: false,
  },
};
