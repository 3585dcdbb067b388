import { REDACTED } from "./password-words.js";
import { mayHoldSecretOfEach } from "./secret-screen.js";

/** A text as shown to a model: secrets replaced by `[redacted]`, and the kinds found. */
export type MaskedText = {
  /** The text, each secret (or a part of a key split across its lines) replaced by `[redacted]`. */
  text: string;
  /** snake_case kinds found (`aws_access_key_id`, `password`); empty when the text is clean. */
  kinds: string[];
};

/**
 * Memory text as it may leave for a model or a client: a secret a person wrote into a file by hand
 * (the write guards keep memfiles from writing one) is replaced by `[redacted]` with the write
 * guards' own check (`checkSecretsOfEach`, each text alone and its lines joined). The file on
 * disk is the user's and is left as it is. Every surface that shows memory text calls this: MCP
 * `read`/`search`/resources, the memory tool's `view`, recall notes and the memory block. Only the
 * texts the screen cannot clear (`mayHoldSecretOfEach`) are checked ({@link maskEachChecked}: what
 * is shown passes the check again); the check is loaded on the first.
 *
 * @param texts - Texts to show (a file, a recalled line or fact body, a description).
 * @returns One {@link MaskedText} per text, in order; one secretlint pass for all checked ones.
 * @example await maskSecretsOfEach(["token ghp_…", "likes tea"]) // [{ text: "token [redacted]", kinds: ["github_token"] }, { text: "likes tea", kinds: [] }]
 */
export async function maskSecretsOfEach(texts: readonly string[]): Promise<MaskedText[]> {
  const shown: MaskedText[] = texts.map((text) => ({ text, kinds: [] }));
  const held = mayHoldSecretOfEach(texts);
  const suspects = texts.flatMap((_, at) => (held[at] === true ? [at] : []));
  if (suspects.length === 0) return shown;
  const masked = await maskEachChecked(suspects.map((at) => texts[at] as string));
  for (const [index, at] of suspects.entries()) shown[at] = masked[index] as MaskedText;
  return shown;
}

// How often a masked text is checked again: a text holding a secret alone is masked without the
// check's joins of its lines, so the next round finds the rest of a key split over them.
const MASK_ROUNDS = 3;

/**
 * {@link maskSecretsOfEach} without the screen: each text checked, and checked again as masked
 * until the check finds nothing in it, so what is shown passes the check that masked it. A text
 * still found after {@link MASK_ROUNDS} rounds is shown as `[redacted]` whole.
 *
 * @param texts - Texts to show.
 * @returns One {@link MaskedText} per text, in order; `kinds` of every round, first found first.
 */
export async function maskEachChecked(texts: readonly string[]): Promise<MaskedText[]> {
  // Loaded here, not imported above: the check's modules cost a process that recalls only clean
  // texts ~40 ms of CPU to import, and secretlint ~50 ms more on its first scan.
  const { checkSecretsOfEach } = await import("./check-secrets.js");
  const shown: MaskedText[] = texts.map((text) => ({ text, kinds: [] }));
  let pending = texts.map((_, at) => at);
  for (let round = 0; pending.length > 0; round++) {
    if (round === MASK_ROUNDS) {
      for (const at of pending) shown[at] = { text: REDACTED, kinds: shown[at]?.kinds ?? [] };
      break;
    }
    const checked = await checkSecretsOfEach(pending.map((at) => [shown[at]?.text ?? ""]));
    pending = pending.filter((at, index) => {
      const result = checked[index];
      if (result === undefined || result.ok) return false;
      const kinds = [...new Set([...(shown[at]?.kinds ?? []), ...result.kinds])];
      shown[at] = { text: result.redacted[0] ?? "", kinds };
      return true;
    });
  }
  return shown;
}

/**
 * {@link maskSecretsOfEach} of one text.
 *
 * @example (await maskSecrets("my password is hunter2")).text // "my password is [redacted]"
 */
export async function maskSecrets(text: string): Promise<MaskedText> {
  const [masked] = await maskSecretsOfEach([text]);
  return masked as MaskedText;
}
