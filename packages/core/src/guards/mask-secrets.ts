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
 * texts the screen cannot clear (`mayHoldSecretOfEach`) are checked; the check is loaded on the first.
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
  // Loaded here, not imported above: the check's modules cost a process that recalls only clean
  // texts ~40 ms of CPU to import, and secretlint ~50 ms more on its first scan.
  const { checkSecretsOfEach } = await import("./check-secrets.js");
  const checked = await checkSecretsOfEach(suspects.map((at) => [texts[at] as string]));
  for (const [index, result] of checked.entries()) {
    if (!result.ok) {
      shown[suspects[index] as number] = { text: result.redacted[0] ?? "", kinds: result.kinds };
    }
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
