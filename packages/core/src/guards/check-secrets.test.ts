import { describe, expect, it } from "vitest";
import { SECRET_CORPUS } from "../../test/fixtures/secret-corpus.js";
import { halves, labelledHalves } from "../../test/fixtures/secret-corpus-runner.js";
import { checkSecrets, checkSecretsOfEach, WriteSession } from "./check-secrets.js";
import { findSplitSecrets } from "./find-split-secrets.js";
import { REDACTED } from "./secret-guard.js";

// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const keyId = ["AKI", "A", "Q2E4KQ7XY5ZB3MN6"].join("");
const password = ["Rd4s", "Pw9Lk2"].join("");

describe("checkSecrets", () => {
  it("refuses a secret one text holds, redacted in the result", async () => {
    expect(await checkSecrets({ texts: [`cache is redis://:${password}@host`, ""] })).toEqual({
      ok: false,
      code: "secret",
      kinds: ["connection_string_password"],
      redacted: [`cache is redis://:${REDACTED}@host`, ""],
      split: false,
    });
  });

  it.each([
    ["a key id cut in two", [`aws key ${keyId.slice(0, 9)}`, keyId.slice(9)]],
    ["a password after its words", ["my wifi password is", `${password}!`]],
    ["an SSN cut at a dash", ["my SSN is 219-09", "-9999"]],
  ])("refuses %s across two writes of one session", async (_, [first, second]) => {
    const session = new WriteSession();
    expect(await checkSecrets({ texts: [first as string], session })).toEqual({
      ok: true,
      code: "clean",
    });
    const result = await checkSecrets({ texts: [second as string], session });
    expect(result).toMatchObject({ ok: false, code: "secret", split: true });
    expect(JSON.stringify(result)).not.toContain(second);
  });

  it("refuses a secret split across the lines of one text", async () => {
    const result = await checkSecrets({
      texts: [`notes\naws key ${keyId.slice(0, 9)}\n${keyId.slice(9)}\nlikes tea`],
    });
    expect(result).toEqual({
      ok: false,
      code: "secret",
      kinds: expect.arrayContaining(["aws_access_key_id"]),
      redacted: [`notes\naws key ${REDACTED}\n${REDACTED}\nlikes tea`],
      split: true,
    });
  });

  // The list marker rule (text/list-marker.ts) names each marker a line may lead with.
  it.each(["- ", "• ", "3. ", "> - "])(
    "refuses a secret split across list items led by %j",
    async (marker) => {
      const text = `notes\n${marker}aws key ${keyId.slice(0, 9)}\n${marker}${keyId.slice(9)}\nlikes tea`;
      const result = await checkSecrets({ texts: [text] });
      expect(result).toMatchObject({ ok: false, code: "secret", split: true });
      expect(JSON.stringify(result)).not.toContain(keyId.slice(9));
    },
  );

  it.each([
    ["a card number in double spaces", "my card is 4111  1111  1111  1111", "card_number"],
    [
      "a card number across a tab and a line break",
      "my card is 4111\t1111\n1111 1111",
      "card_number",
    ],
    ["a password before its word", `I use ${password} as my password everywhere`, "password"],
    ["a password after a possessive", `my password's ${password}`, "password"],
    ["a PIN after its token", `${password} is the PIN of the door`, "password"],
  ])("refuses %s, scanned as it is stored", async (_, text, kind) => {
    const result = await checkSecrets({ texts: [text] });
    expect(result).toMatchObject({ ok: false, code: "secret", kinds: [kind], split: false });
    expect(JSON.stringify(result)).not.toMatch(/4111|Rd4s|Pw9Lk2/);
  });

  it("lets the same halves pass in two sessions, and clean facts in one", async () => {
    expect(await checkSecrets({ texts: [`aws key ${keyId.slice(0, 9)}`] })).toEqual({
      ok: true,
      code: "clean",
    });
    expect(await checkSecrets({ texts: [keyId.slice(9)] })).toEqual({ ok: true, code: "clean" });
    const session = new WriteSession(["deploys on Fly.io", "uses Neovim"]);
    for (const fact of [
      "prefers tabs",
      "keeps API keys in 1Password",
      "pass on the key lime pie",
    ]) {
      expect(await checkSecrets({ texts: [fact], session })).toEqual({ ok: true, code: "clean" });
    }
    expect(session.texts).toEqual([
      "uses Neovim",
      "prefers tabs",
      "keeps API keys in 1Password",
      "pass on the key lime pie",
    ]);
  });
});

describe("findSplitSecrets, a secret inside one text found with its neighbour", () => {
  it("blames the text that holds the value when the other gives only the words", async () => {
    const found = await findSplitSecrets(["the wifi password:", password, "likes tea"]);
    expect([...found].map(([index, part]) => [index, part.redacted])).toEqual([[1, REDACTED]]);
  });
});

describe("checkSecretsOfEach", () => {
  it("gives each write of a batch what checkSecrets gives it alone, over the secret corpus", async () => {
    // Files as a folder holds them: each format whole on a line, cut across two lines, and cut
    // with label words, between clean lines and clean files, in one batch.
    const file = (lines: readonly string[]) =>
      `---\nname: notes\ndescription: Notes.\n---\n[stated 2026/11/01] uses Neovim\n${lines.map((line) => `[stated 2026/11/01] ${line}`).join("\n")}\n[stated 2026/11/01] likes tea\n`;
    const writes = SECRET_CORPUS.flatMap((sample, index) => [
      [file([sample.fact])],
      [file(["prefers tabs"])],
      [file(halves(sample))],
      [file(labelledHalves(sample, index))],
    ]);
    const batched = await checkSecretsOfEach(writes);
    const alone = [];
    for (const texts of writes) alone.push(await checkSecrets({ texts }));
    expect(batched).toEqual(alone);
    // The corpus is not all clean: the batch has secrets alone, split ones and clean files.
    expect(new Set(alone.map((result) => (result.ok ? "clean" : `split ${result.split}`)))).toEqual(
      new Set(["clean", "split true", "split false"]),
    );
  });
});
