/**
 * Proposals whose only evidence is the user's request to forget them, in four languages, and one
 * whose evidence asks to keep it: the write pass refuses the first `evidence_contradicts` and
 * saves the last, on every surface that proposes (core `layouts/forget-request-evidence.test.ts`,
 * MCP `propose`).
 */
export const FORGET_REQUEST_QUOTES: { said: string; fact: string; code: string }[] = [
  {
    said: "Please forget that my sister lives in Lyon.",
    fact: "the user's sister lives in Lyon",
    code: "evidence_contradicts",
  },
  { said: "Oublie que j'aime les sushis.", fact: "aime les sushis", code: "evidence_contradicts" },
  {
    said: "Vergiss bitte, dass ich in Hamburg wohne.",
    fact: "wohnt in Hamburg",
    code: "evidence_contradicts",
  },
  { said: "忘记我喜欢咖啡。", fact: "喜欢咖啡", code: "evidence_contradicts" },
  { said: "Don't forget that I'm vegetarian!", fact: "is vegetarian", code: "applied" },
];
