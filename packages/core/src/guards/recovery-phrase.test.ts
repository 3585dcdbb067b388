import { describe, expect, it } from "vitest";
import { findSecrets, REDACTED } from "./secret-guard.js";

// BIP-39's test vector phrase (bitcoin/bips bip-0039): a known wallet, assembled at run time.
const PHRASE = [
  "legal winner thank year",
  "wave sausage worth useful",
  "legal winner thank yellow",
].join(" ");
const FIRST_WORDS = ["abandon ability able about", "above absent absorb abstract"].join(" ");

// A new user's trial saved a wallet's recovery phrase after "wallet seed:", "mnemonic:" and
// "recovery words are", and masked only the first word after "recovery phrase is" (decision 0116).
describe("findSecrets: a wallet's recovery phrase after its label", () => {
  it.each([
    ["a wallet seed", `my wallet seed: ${PHRASE}`, PHRASE],
    ["a mnemonic", `mnemonic: ${PHRASE}`, PHRASE],
    ["recovery words", `my bitcoin recovery words are ${PHRASE}`, PHRASE],
    ["a recovery phrase", `my recovery phrase is ${FIRST_WORDS}`, FIRST_WORDS],
    ["a seed phrase", `seed phrase: ${PHRASE}`, PHRASE],
    [
      "a phrase with commas",
      `Ledger recovery phrase = ${PHRASE.replaceAll(" ", ", ")}`,
      PHRASE.replaceAll(" ", ", "),
    ],
    [
      "a partial phrase, then a clause",
      "the first words of my seed phrase are legal winner thank. I keep the rest apart",
      "legal winner thank",
    ],
    ["a phrase for a wallet", `the recovery phrase for the old Trezor is ${PHRASE}`, PHRASE],
    // Decision 0123: loose labels, with a whole phrase (12 words or more) after them.
    ["a bare seed", `seed: ${PHRASE}`, PHRASE],
    ["my 12 words", `my 12 words: ${PHRASE}`, PHRASE],
    ["German secret words", `Geheimwörter: ${PHRASE}`, PHRASE],
    ["secret words after 'are'", `my secret words are ${PHRASE}`, PHRASE],
    ["a hyphenated seed phrase", `Seed-Phrase: ${PHRASE}`, PHRASE],
  ])("refuses %s and masks every word", async (_, text, phrase) => {
    const { findings, redacted } = await findSecrets(text);
    expect(findings.map((finding) => finding.kind)).toEqual(["recovery_phrase"]);
    expect(redacted).toBe(text.replace(phrase, REDACTED));
  });

  it.each([
    ["where it is", "the seed phrase is in the safe"],
    ["how it is kept", "my recovery phrase is written on paper in my drawer"],
    ["a memory device", "mnemonic: a device for remembering things"],
    ["seeds in a garden", "I planted tomato seeds: cherry and plum"],
    ["a random seed", "Seed: 42"],
    ["a garden's seeds after a loose label", "seeds: tomato pepper bean melon corn"],
    ["eleven words after a loose label", `seed: ${PHRASE.split(" ").slice(0, 11).join(" ")}`],
    ["a word game's secret words", "secret words are apple banana cherry"],
    ["the list's words without a label", "able about above absent absorb abstract absurd abuse"],
  ])("allows %s", async (_, text) => {
    expect(await findSecrets(text)).toEqual({ findings: [], redacted: text });
  });
});
