import { z } from "zod";
import type { Proposal } from "../../write/proposal.js";
import type { LayoutPropose } from "../layout.js";
import { applyProposals } from "./apply-proposals.js";

/** A `propose_memories` proposal as a client sends it: `replaces` and `description` may be left out. */
const ClientProposalSchema = z.object({
  file: z.string(),
  fact: z.string(),
  evidence: z.string().describe("A verbatim quote of a user turn of the transcript"),
  replaces: z.string().nullable().default(null),
  description: z.string().nullable().default(null),
});

/** The subject layout's proposals from a client: one dated line each, applied by `applyProposals`. */
export const subjectPropose: LayoutPropose<Proposal> = {
  description:
    "For a client that runs its own write pass: propose facts from a session, each with evidence (a verbatim quote of a user turn of the transcript). Every proposal is checked (secret, evidence, fact shape, allowed path, forgotten, replaces, duplicate, size cap) and applied or rejected with a code.",
  proposal: ClientProposalSchema,
  apply: (options) => applyProposals(options),
};
