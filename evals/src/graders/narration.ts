/**
 * Phrases that narrate memory instead of using it. The seed design's apply rules: "never narrate
 * memory (as you mentioned, based on your memories)". Matched case-insensitively with word
 * boundaries, after folding typographic apostrophes; keep each pattern narrow enough that it does
 * not catch ordinary advice ("you said" is narration, "as you can see" is not). Add a phrase with a
 * row in narration.test.ts that shows it caught and a near miss that is not.
 */
export const NARRATION_PATTERNS = [
  // "you mentioned", "you've said", "you told me", "as you noted"
  {
    id: "you_said",
    pattern:
      /\byou(?:'ve| have)?\s+(?:already\s+|previously\s+|once\s+)?(?:mentioned|said|told me|noted|shared|stated|indicated)\b/i,
  },
  // "as mentioned", "as noted before", "as discussed"
  {
    id: "as_mentioned",
    pattern: /\bas (?:previously |earlier |we )?(?:mentioned|noted|discussed)\b/i,
  },
  // "based on your memories", "based on my notes", "based on what you told me"
  {
    id: "based_on",
    pattern:
      /\bbased on (?:your|my|our) (?:saved |stored |previous )?(?:memor(?:y|ies)|notes?|profile|preferences|history|records?|conversations?)\b|\bbased on what you(?:'ve| have)? (?:told|said|shared)\b/i,
  },
  // "according to my notes", "according to your profile"
  {
    id: "according_to",
    pattern:
      /\baccording to (?:my|your|our) (?:saved |stored )?(?:memor(?:y|ies)|notes?|records?|profile|preferences|files?)\b/i,
  },
  // "from my memory", "in your memory file", "my notes say"
  {
    id: "my_memory",
    pattern:
      /\b(?:from|in) (?:my|your) (?:saved |stored )?(?:memor(?:y|ies)|notes|records|memory files?)\b|\bmy (?:memory|notes|records) (?:says?|shows?|tells?|indicates?)\b/i,
  },
  // "I remember that you", "I recall you", "I know you"
  { id: "i_remember", pattern: /\bI (?:remember|recall|know)(?: that)? you\b/i },
  // "I see you use", "I see that your", "I notice you"
  { id: "i_see", pattern: /\bI (?:see|notice)(?: that| from)? (?:you|your)\b/i },
  // "I've noted that you", "I have saved that you"
  { id: "i_noted", pattern: /\bI(?:'ve| have) (?:noted|saved|stored|remembered)(?: that)? you\b/i },
  // "last time you said", "earlier you mentioned"
  {
    id: "last_time",
    pattern: /\b(?:last time|previously|earlier|before),? you (?:said|mentioned|told|asked)\b/i,
  },
  // "your memory says", "your profile shows"
  {
    id: "your_memory_says",
    pattern:
      /\byour (?:saved |stored )?(?:memor(?:y|ies)|profile|notes|preferences) (?:says?|shows?|mentions?|indicates?|lists?)\b/i,
  },
  // "if I remember correctly", "if I recall right"
  { id: "if_i_recall", pattern: /\bif I (?:remember|recall) (?:correctly|right)\b/i },
  // "in our previous conversation", "from an earlier session", "last time we talked"
  {
    id: "previous_conversation",
    pattern:
      /\b(?:in|from|during) (?:our|a|an|one of our) (?:previous|earlier|last|past|prior) (?:conversations?|chats?|sessions?)\b|\blast time we (?:talked|spoke|chatted)\b/i,
  },
] as const satisfies readonly { id: string; pattern: RegExp }[];

/**
 * Finds memory narration in a text by {@link NARRATION_PATTERNS} (typographic apostrophes folded).
 *
 * @param text - An answer text.
 * @returns One `{ id, match }` per pattern that matched (first match each), in pattern order.
 * @example findNarration("As you mentioned, use Fly.io.") // [{ id: "you_said", match: "you mentioned" }]
 */
export function findNarration(text: string): { id: string; match: string }[] {
  const folded = text.replace(/[\u2018\u2019\u02BC]/g, "'");
  const found: { id: string; match: string }[] = [];
  for (const { id, pattern } of NARRATION_PATTERNS) {
    const match = pattern.exec(folded);
    if (match) found.push({ id, match: match[0] });
  }
  return found;
}
