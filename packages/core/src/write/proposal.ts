import { z } from "zod";

/**
 * Longest description of a memory file, in chars, on both layouts: a longer one from the model is
 * replaced by the generated one (see `describeNewFile`), and the memory section of a write request
 * cuts a description to it. An index line is ~20 tokens in the seed design.
 */
export const MAX_DESCRIPTION_CHARS = 200;

/**
 * One proposal from the model: where a fact goes, the fact, the user's words, the line it replaces,
 * and, for a new file, a one-line description (code decides whether to use it).
 */
export const ProposalSchema = z.strictObject({
  file: z.string(),
  fact: z.string(),
  evidence: z.string(),
  replaces: z.string().nullable(),
  description: z.string().nullable(),
});
export type Proposal = z.infer<typeof ProposalSchema>;
