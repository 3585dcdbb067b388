import type Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";
import { MAX_DESCRIPTION_CHARS, ProposalSchema } from "../../write/proposal.js";

/** Name of the write pass tool. */
export const PROPOSE_MEMORIES = "propose_memories";

/** The `propose_memories` tool input. */
export const ProposeMemoriesInputSchema = z.strictObject({
  memories: z.array(ProposalSchema),
});
export type ProposeMemoriesInput = z.infer<typeof ProposeMemoriesInputSchema>;

/**
 * The `propose_memories` tool as sent to the Messages API, with `strict: true` so the input follows
 * the schema (every field required, no others). Mirrors {@link ProposeMemoriesInputSchema}, which
 * still validates every reply.
 */
export const PROPOSE_MEMORIES_TOOL: Anthropic.Tool = {
  name: PROPOSE_MEMORIES,
  description:
    "Propose the durable facts from this session worth keeping in the user's memory. Call exactly once; an empty list is a good answer when nothing qualifies.",
  strict: true,
  input_schema: {
    type: "object",
    properties: {
      memories: {
        type: "array",
        description: "Zero to three memories is normal.",
        items: {
          type: "object",
          properties: {
            file: {
              type: "string",
              description:
                "profile.md, preferences.md, or topics/, projects/ or people/ plus a kebab-case name ending in .md; reuse a file from the index when one fits.",
            },
            fact: {
              type: "string",
              description: "One short line, third person, present tense, no date tag.",
            },
            evidence: {
              type: "string",
              description:
                "The user's own words behind the fact, copied exactly from one user turn.",
            },
            replaces: {
              type: ["string", "null"],
              description:
                "The text of the memory line this fact updates or contradicts, exactly as shown without its date tag; null when it replaces nothing.",
            },
            description: {
              type: ["string", "null"],
              description: `For a NEW file only: one line saying what the file holds and when to read it, at most ${MAX_DESCRIPTION_CHARS} chars; null when the file exists.`,
            },
          },
          required: ["file", "fact", "evidence", "replaces", "description"],
          additionalProperties: false,
        },
      },
    },
    required: ["memories"],
    additionalProperties: false,
  },
};
