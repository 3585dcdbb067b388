import { describe, expect, it } from "vitest";
import { SECRET_CORPUS } from "../../test/fixtures/secret-corpus.js";
import { halves, labelledHalves } from "../../test/fixtures/secret-corpus-runner.js";
import { checkSecretsOfEach } from "./check-secrets.js";
import { maskSecretsOfEach } from "./mask-secrets.js";
import { REDACTED } from "./secret-guard.js";

// Every sample of the secret corpus as a file may hold it: the fact, its value cut over two dated
// lines, and its halves with label words between them.
const corpusTexts = SECRET_CORPUS.flatMap((sample, at) => {
  const [head, tail] = halves(sample);
  const [labelledHead, labelledTail] = labelledHalves(sample, at);
  return [
    sample.fact,
    `- [stated 2026/03/02] ${head}\n- [stated 2026/03/02] ${tail}`,
    `${labelledHead}\n${labelledTail}`,
  ];
});

describe("the placeholder is never a secret", () => {
  it.each([
    `password: ${REDACTED}`,
    `my password is ${REDACTED}`,
    `The user's staging password: ${REDACTED}`,
    `token: ${REDACTED}`,
    `pwd=${REDACTED}`,
    `DB_PASSWORD="${REDACTED}"`,
    `wifi pw: ${REDACTED}`,
    `Passwort: ${REDACTED}`,
    `Mot de passe : ${REDACTED}`,
    `パスワード: ${REDACTED}`,
  ])("%s", async (text) => {
    const [result] = await checkSecretsOfEach([[text]]);
    expect(result).toEqual({ ok: true, code: "clean" });
  });

  // A text holding a secret alone is masked without its lines' joins: the second half of a key
  // split over two lines stayed as it was, beside "my key is [redacted]".
  it("what the mask shows of every corpus text passes the check that masked it", async () => {
    const masked = await maskSecretsOfEach(corpusTexts);
    const again = await checkSecretsOfEach(masked.map(({ text }) => [text]));
    const found = again.flatMap((result, at) =>
      result.ok ? [] : [{ shown: masked[at]?.text, kinds: result.kinds }],
    );
    expect(found).toEqual([]);
  });
});
