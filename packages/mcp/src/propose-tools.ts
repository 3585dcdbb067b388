import type { StoreLayout, Transcript, WritePassResult } from "@memfiles/core";
import { applyFactProposals, applyProposals } from "@memfiles/core/internal";
import { z } from "zod";

/** What the `propose` tool applies proposals to: the server's boundary store. */
type ProposeStore = Parameters<typeof applyProposals>[0]["store"] &
  Parameters<typeof applyFactProposals>[0]["store"];

/**
 * The `propose` tool of one layout: its description, the proposal a client sends, and how it is
 * applied (the write pass's one result shape in both layouts).
 */
export type ProposeTool<Proposal extends z.ZodType = z.ZodType> = {
  description: string;
  proposal: Proposal;
  apply(options: {
    store: ProposeStore;
    transcript: Transcript;
    proposals: z.output<Proposal>[];
    now: Date;
    timeZone?: string;
  }): Promise<WritePassResult>;
};

const FactProposalInput = z.object({
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

const ProposalInput = z.object({
  file: z.string(),
  fact: z.string(),
  evidence: z.string().describe("A verbatim quote of a user turn of the transcript"),
  replaces: z.string().nullable().default(null),
  description: z.string().nullable().default(null),
});

const subject: ProposeTool<typeof ProposalInput> = {
  description:
    "For a client that runs its own write pass: propose facts from a session, each with evidence (a verbatim quote of a user turn of the transcript). Every proposal is checked (secret, evidence, fact shape, allowed path, forgotten, replaces, duplicate, size cap) and applied or rejected with a code.",
  proposal: ProposalInput,
  apply: (options) => applyProposals(options),
};

const fact: ProposeTool<typeof FactProposalInput> = {
  description:
    "For a client that runs its own write pass: propose facts from a session, one fact file each, each with evidence (a verbatim quote of a user turn of the transcript). Every proposal is checked (secret, evidence, fact shape, relative dates, forgotten, replaces, duplicate, size cap) and applied (created, updated or deleted) or rejected with a code.",
  proposal: FactProposalInput,
  apply: (options) => applyFactProposals(options),
};

/**
 * The MCP `propose` tool of each store layout (for a client that runs its own write pass): the
 * proposal's schema in that layout's shape and the core function that runs every write check on
 * it (`applyProposals`, `applyFactProposals`). The server offers the one of `layoutOf(store)`.
 */
export const PROPOSE_TOOLS: Record<StoreLayout, ProposeTool> = { subject, fact } as Record<
  StoreLayout,
  ProposeTool
>;
