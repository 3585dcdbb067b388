import type Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";

/** Name of the fact layout's write pass tool. */
export const PROPOSE_FACTS = "propose_facts";

/**
 * One proposal of the fact layout's write pass: save (create or update) one fact file, or forget
 * (delete) the file named in `replaces`.
 */
export const FactProposalSchema = z.strictObject({
  action: z.enum(["save", "forget"]),
  name: z.string(),
  type: z.string(),
  description: z.string(),
  body: z.string(),
  evidence: z.string(),
  replaces: z.string().nullable(),
});
export type FactProposal = z.infer<typeof FactProposalSchema>;

/** The `propose_facts` tool input. */
export const ProposeFactsInputSchema = z.strictObject({
  memories: z.array(FactProposalSchema),
});
export type ProposeFactsInput = z.infer<typeof ProposeFactsInputSchema>;

/**
 * The `propose_facts` tool as sent to the Messages API (`strict: true`); mirrors
 * {@link ProposeFactsInputSchema}, which still validates every reply.
 */
export const PROPOSE_FACTS_TOOL: Anthropic.Tool = {
  name: PROPOSE_FACTS,
  description:
    "Propose the durable facts from this session, one memory file each. Call exactly once; an empty list is a good answer when nothing qualifies.",
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
            action: {
              type: "string",
              enum: ["save", "forget"],
              description: "save creates or updates a file; forget deletes the file in replaces.",
            },
            name: { type: "string", description: "A few words naming the fact." },
            type: {
              type: "string",
              enum: ["user", "feedback", "project", "reference"],
            },
            description: {
              type: "string",
              description: "One line: what the file holds and when to open it (at most 200 chars).",
            },
            body: {
              type: "string",
              description:
                "The fact as prose, absolute dates only; optional **Why:** and **How to apply:** lines.",
            },
            evidence: {
              type: "string",
              description:
                "The user's own words behind the fact, copied exactly from one user turn.",
            },
            replaces: {
              type: ["string", "null"],
              description:
                "File name of the memory this updates, contradicts or forgets (e.g. deploy-host.md); null otherwise.",
            },
          },
          required: ["action", "name", "type", "description", "body", "evidence", "replaces"],
          additionalProperties: false,
        },
      },
    },
    required: ["memories"],
    additionalProperties: false,
  },
};
