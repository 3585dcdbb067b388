import { MemfilesError } from "@memfiles/errors";

/**
 * Proposals a caller passed do not have the `propose_memories` shape (`{ file, fact, evidence,
 * replaces, description }`, strings or `null` where the schema allows). Nothing was written.
 *
 * @example
 * try { await applyProposals({ store, transcript, proposals }); } catch (error) {
 *   if (error instanceof ProposalShapeError) console.error(error.issues);
 * }
 */
export class ProposalShapeError extends MemfilesError {
  override readonly name = "ProposalShapeError";
  /** zod's rendering of what is wrong, one issue a line. */
  readonly issues: string;

  constructor(issues: string, options?: { cause?: unknown }) {
    super(
      `Refused the proposals: they do not have the propose_memories shape ({ file, fact, evidence, replaces, description }):\n${issues}\nNothing was written; send each proposal with those five fields.`,
      { code: "invalid_proposals", userFixable: true, cause: options?.cause },
    );
    this.issues = issues;
  }
}
