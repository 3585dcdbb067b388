import { describe, expect, it } from "vitest";
import { SECRET_CORPUS } from "../../test/fixtures/secret-corpus.js";
import { halves, labelledHalves } from "../../test/fixtures/secret-corpus-runner.js";
import { checkSecrets, checkSecretsOfEach } from "./check-secrets.js";
import { maskSecrets, maskSecretsOfEach } from "./mask-secrets.js";
import { REDACTED } from "./secret-guard.js";

// Every sample of the secret corpus as a file may hold it: the fact, its value cut over two dated
// lines, and its halves with label words between them.
const corpusShapes = SECRET_CORPUS.flatMap((sample, at) => {
  const [head, tail] = halves(sample);
  const [labelledHead, labelledTail] = labelledHalves(sample, at);
  return [
    { name: `${sample.name}, whole`, text: sample.fact },
    {
      name: `${sample.name}, dated halves`,
      text: `- [stated 2026/03/02] ${head}\n- [stated 2026/03/02] ${tail}`,
    },
    { name: `${sample.name}, labelled halves`, text: `${labelledHead}\n${labelledTail}` },
  ];
});
const corpusTexts = corpusShapes.map(({ text }) => text);

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

// A masked text is checked again until nothing is found in it (three rounds, else it is shown as
// `[redacted]` whole). The placeholder, or a part of it cut at a line by the check's joins, was
// found again as a URL's or an assignment's password: 43 of these 372 texts were shown as
// `[redacted]` whole, "cache at redis://:[redacted]@host" among them.
describe("what a masked text keeps", () => {
  it("only a text that is one secret, or found in every round, is shown as [redacted] whole", async () => {
    const masked = await maskSecretsOfEach(corpusTexts);
    const whole = corpusShapes.filter((_, at) => masked[at]?.text === REDACTED);
    expect(whole.map(({ name }) => name)).toEqual([
      // The finding is the whole text: the assignment, the key file.
      "AWS secret access key, whole",
      "PuTTY private key, whole",
      "PuTTY private key, labelled halves",
    ]);
  });

  it.each([
    ["Redis connection string, whole", "@cache.example.com:6379"],
    ["Redis connection string, dated halves", "@cache.example.com:6379"],
    ["AMQP connection string, labelled halves", "@mq.example.com"],
    ["Redis URL without user, whole", "@host"],
    [".env DB_PASSWORD, dated halves", "DB_PASSWORD="],
    ["YAML password, labelled halves", "password: "],
    ["login in words, dated halves", "my login for the bank is"],
  ])("%s keeps its other words", async (name, kept) => {
    const text = corpusShapes.find((shape) => shape.name === name)?.text ?? "";
    const { text: shown, kinds } = await maskSecrets(text);
    expect(kinds).not.toEqual([]);
    expect(shown).toContain(kept);
    expect(shown).toContain(REDACTED);
  });
});

// A value said in halves on two lines under the same name, label words between them: the first
// half is found alone, the second (no digit) is its rest (decision 0106; 0096 had left it shown).
describe("a value in halves under one name is masked whole", () => {
  it.each(corpusShapes.filter(({ name }) => name === ".env DB_PASSWORD, labelled halves"))(
    "$name",
    async ({ text }) => {
      const sample = SECRET_CORPUS.find(({ name }) => name === ".env DB_PASSWORD");
      const value = sample?.value ?? "";
      const { text: shown } = await maskSecrets(text);
      expect(shown.split("\n")).toEqual([
        "DB_PASSWORD=first part [redacted]",
        "DB_PASSWORD=second part [redacted]",
      ]);
      expect(shown).not.toContain(value.slice(Math.floor(value.length / 2)));
    },
  );

  // The refusal of such a write quoted the second half: a write holding a secret alone was not
  // joined (decision 0113). Every surface's message is built from these redacted texts.
  it("and refused without quoting either half", async () => {
    const at = SECRET_CORPUS.findIndex(({ name }) => name === ".env DB_PASSWORD");
    const [head, tail] = labelledHalves(SECRET_CORPUS[at] as (typeof SECRET_CORPUS)[number], at);
    const text = `${head}\n${tail}`;
    const refused = await checkSecrets({ texts: [text] });
    const shown = (await maskSecrets(text)).text;
    expect(refused).toEqual({
      ok: false,
      code: "secret",
      kinds: ["password"],
      redacted: [shown],
      split: false,
    });
  });
});

// A masked line was checked again with its neighbours joined: "…is [redacted]" glued to the next
// line's first word made a value of letters ("[redacted]likes"), and a pointer's next words ran on
// into the next line ("see the vault2024!" + " likes tea and Node22"), so the next line lost a
// word or all of it on every surface that shows a file.
describe("a masked line keeps the next line", () => {
  const password = ["Sommer", "2024", "!"].join("");
  it.each([
    ["a password in words", `my password is ${password}`],
    ["a password after a colon", `wifi password: ${password}`],
    ["a password in German", `Passwort: ${password}`],
    ["an assignment", `DB_PASSWORD=${["hunter", "2xyz"].join("")}`],
    ["a pass word", `pass: ${["Xk9!", "mq4z"].join("")}`],
    ["a pointer's next words", "password: see the vault2024!"],
  ])("%s", async (_, first) => {
    for (const next of [
      "likes tea and Node22",
      "prefers tabs",
      "moved to Porto in 2024",
      "Node22 rocks",
    ]) {
      for (const lead of ["", "- [stated 2026/12/01] "]) {
        const { text } = await maskSecrets(`${lead}${first}\n${lead}${next}\n`);
        expect(text.split("\n")[1]).toBe(`${lead}${next}`);
        expect(text).toContain(REDACTED);
      }
    }
  });
});
