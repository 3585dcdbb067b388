import { z } from "zod";
import type { LayoutPropose } from "../layout.js";
import { applyFactProposals } from "./fact-write-pass.js";
import type { FactProposal } from "./propose-facts-tool.js";

/** A `propose_facts` proposal as a client sends it: `action` and `replaces` may be left out. */
const ClientFactProposalSchema = z.object({
  action: z.enum(["save", "forget"]).default("save"),
  name: z.string().describe("Short name of the fact, e.g. 'deploy host'"),
  type: z.string().describe("user | feedback | project | reference"),
  description: z.string().describe("One line: what the fact is and when to read it"),
  body: z.string().describe("The fact as prose, e.g. 'Deploys on Fly.io.'"),
  evidence: z.string().describe("A verbatim quote of a user turn of the transcript"),
  replaces: z
    .string()
    .nullable()
    .default(null)
    .describe("File name or name of the fact file this updates (or, for forget, deletes)"),
});

/** The fact layout's proposals from a client: one fact file each, applied by `applyFactProposals`. */
export const factPropose: LayoutPropose<FactProposal> = {
  description:
    "For a client that runs its own write pass: propose facts from a session, one fact file each, each with evidence (a verbatim quote of a user turn of the transcript). Every proposal is checked (secret, evidence, fact shape, relative dates, forgotten, replaces, duplicate, size cap) and applied (created, updated or deleted) or rejected with a code.",
  proposal: ClientFactProposalSchema,
  apply: (options) => applyFactProposals(options),
};
