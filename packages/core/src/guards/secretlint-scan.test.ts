import { describe, expect, it } from "vitest";
import { secretlintMessagesOfEach } from "./secretlint-scan.js";

// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const KEY_ID = ["AKI", "A", "Q2E4KQ7XY5ZB3MN6"].join("");
const SECRET_KEY = ["kH9x", "Lm2QpR7sT4vW8yZ1bC5dE", "3fG6hJ0kN4mP7qS"].join("");
const TOKEN = ["ghp", "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"].join("_");
const PEM_BODY = `MIIEowIBAAKCAQEAx${"Qk3n9fL2pR7sT1vW4yZ6bC8dE0gH2jK5mN7pQ9rS1tU3vX5zA7cE9fG1h".repeat(3)}`;

// The texts one `lintSource` call each: what a scan of many texts together must give per text.
const eachAlone = (texts: readonly string[]) =>
  Promise.all(texts.map(async (text) => (await secretlintMessagesOfEach([text]))[0]));

describe("secretlintMessagesOfEach", () => {
  it.each<[string, string[]]>([
    [
      "secrets at different places of different texts",
      [
        `aws key ${KEY_ID}`,
        "nothing here",
        `token ${TOKEN} and ${KEY_ID}`,
        "postgres://dana:Xk9mq4zTr@db.example.net/app",
      ],
    ],
    // `\s*` after the name runs over line breaks, and the rule reports 40 chars from the name on:
    // with blank lines between texts, the name's text would get the next text's key.
    [
      "an AWS secret key's name, spaces and `=` in one text, the key in the next",
      [`aws_secret_access_key${" ".repeat(24)}=`, SECRET_KEY, "more"],
    ],
    [
      "a PEM key cut into texts",
      ["-----BEGIN RSA PRIVATE KEY-----", PEM_BODY, "-----END RSA PRIVATE KEY-----"],
    ],
    // A secretlint-disable comment silences the rest of what one call scans.
    [
      "a secretlint-disable comment before a text with a key",
      ["# secretlint-disable", `aws key ${KEY_ID}`],
    ],
    ["a secretlint-enable comment", [`a ${KEY_ID}`, "secretlint-enable", `b ${KEY_ID}`]],
    // secretlint strips a byte-order mark from the start of what it scans, and counts from there.
    ["a text with a leading byte-order mark", [`\uFEFF${KEY_ID}`, `then ${KEY_ID}`]],
    ["blank and empty texts", ["", " ", `\n${KEY_ID}\n`, "\n"]],
  ])("%s: the messages of a call per text", async (_name, texts) => {
    expect(await secretlintMessagesOfEach(texts)).toEqual(await eachAlone(texts));
  });

  it("splits texts longer than one call takes and keeps their order", async () => {
    const texts = Array.from(
      { length: 240 },
      (_, index) =>
        `${"plain words ".repeat((index % 90) * 10)}${index % 3 === 0 ? `key ${KEY_ID}` : "none"}`,
    );
    const each = await secretlintMessagesOfEach(texts);
    expect(each).toEqual(await eachAlone(texts));
    expect(each.filter((messages) => messages.length > 0)).toHaveLength(80);
  });
});
