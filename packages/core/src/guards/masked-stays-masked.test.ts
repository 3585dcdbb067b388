import { describe, expect, it } from "vitest";
import { checkSecretsOfEach } from "./check-secrets.js";
import { REDACTED } from "./secret-guard.js";

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
});
