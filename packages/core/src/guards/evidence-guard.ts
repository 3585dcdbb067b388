import { foldText } from "../text/index.js";
import type { Transcript } from "../transcript/index.js";

/** Result of {@link checkEvidence}. */
export type CheckEvidenceResult =
  | { ok: true; code: "quoted"; turn: number }
  | { ok: false; code: "evidence_not_from_user"; turn: number }
  | { ok: false; code: "evidence_not_found" };

// Quote marks around the evidence and end punctuation are the model's framing, not the user's words.
function trimQuoteFraming(folded: string): string {
  return folded
    .replace(/^["'«»\s]+/, "")
    .replace(/["'«»\s]+$/, "")
    .replace(/[.!?,;:]+$/, "")
    .trim();
}

/**
 * Checks that a proposal's evidence is a verbatim quote of a **user** turn (the seed design: the
 * user said it directly), with case, white space and quote-mark style folded ({@link foldText});
 * quote marks around it and end punctuation are ignored.
 *
 * @param evidence - The quote from the proposal.
 * @param transcript - The session transcript.
 * @returns `quoted` with the 0-based index of the first user turn holding it;
 *   `evidence_not_from_user` (with the assistant turn) when only an assistant turn does;
 *   `evidence_not_found` when no turn does or the evidence is blank.
 * @example checkEvidence("I love Thai food", transcript) // { ok: true, code: "quoted", turn: 0 }
 */
export function checkEvidence(evidence: string, transcript: Transcript): CheckEvidenceResult {
  const quote = trimQuoteFraming(foldText(evidence));
  if (!/[\p{L}\p{N}]/u.test(quote)) return { ok: false, code: "evidence_not_found" };
  const turns = transcript.turns.map((turn) => ({
    role: turn.role,
    text: foldText(turn.content),
  }));
  const user = turns.findIndex((turn) => turn.role === "user" && turn.text.includes(quote));
  if (user !== -1) return { ok: true, code: "quoted", turn: user };
  const other = turns.findIndex((turn) => turn.text.includes(quote));
  if (other !== -1) return { ok: false, code: "evidence_not_from_user", turn: other };
  return { ok: false, code: "evidence_not_found" };
}
