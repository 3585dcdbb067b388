import { z } from "zod";
import { sumUsage } from "../../cost/index.js";
import type { Transcript } from "../../transcript/index.js";
import { type Proposal, ProposalSchema } from "../../write/proposal.js";
import { ProposalShapeError } from "../../write/proposal-shape-error.js";
import type { WritePassResult } from "../../write/write-pass-result.js";
import type { WriteStore } from "../../write/write-pipeline.js";
import { decideProposals } from "./subject-write-pass.js";

/** Options of {@link applyProposals}. */
export type ApplyProposalsOptions = {
  store: WriteStore;
  /** The session the proposals come from: their evidence must quote its user turns. */
  transcript: Transcript;
  /** Proposals as `propose_memories` takes them (`{ file, fact, evidence, replaces, description }`). */
  proposals: Proposal[];
  /** Clock for `updated:` headers and tombstone checks; default `new Date()`. */
  now?: Date;
  /** The user's IANA time zone, for `updated:` and a transcript with `date: ""`; default `UTC`. */
  timeZone?: string;
};

/**
 * Applies proposals a caller's own model wrote (an MCP client that runs its own write pass) with
 * every check of the write pass, in the order of `WRITE_CHECKS`. A write that would pass a file's
 * cap is refused (`too_long`): no model is called here to consolidate. Nothing is priced: no usage
 * is reported.
 *
 * @param options - `{ store, transcript, proposals, now?, timeZone? }`.
 * @returns `{ applied, rejected, consolidated: [], usage }` as `writePass` returns them (usage all 0).
 * @throws {ProposalShapeError} when a proposal does not have the `propose_memories` shape; nothing is written.
 * @throws {MemoryLockError} when the store lock cannot be taken.
 * @example
 * await applyProposals({ store, transcript, proposals: [{ file: "topics/hosting.md", fact: "deploys on Fly.io",
 *   evidence: "I deploy everything on Fly.io", replaces: null, description: null }] });
 */
export async function applyProposals(options: ApplyProposalsOptions): Promise<WritePassResult> {
  const parsed = z.array(ProposalSchema).safeParse(options.proposals);
  if (!parsed.success) {
    throw new ProposalShapeError(z.prettifyError(parsed.error), { cause: parsed.error });
  }
  const { applied, rejected } = await decideProposals(
    {
      store: options.store,
      transcript: options.transcript,
      now: options.now ?? new Date(),
      ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
    },
    parsed.data,
  );
  return { applied, rejected, consolidated: [], usage: sumUsage() };
}
