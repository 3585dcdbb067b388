import { describe, expect, it, vi } from "vitest";
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

// Six words of each of BIP-39's other lists (bitcoin/bips bip-0039/*.txt, words 101 to 106),
// after a label in the list's language; and English words after a label in another language, as a
// wallet set to English shows them (decision 0117).
const OTHER_PHRASES = {
  spanish: "ancho anciano ancla andar andén anemia",
  french: "amusant analyse anaphore anarchie anatomie ancien",
  italian: "andrea anello angelo angolare angusto anima",
  portuguese: "alicate alienar alinhar aliviar almofada alocar",
  czech: "bradavka brambora branka bratr brepta briketa",
  japanese: "いったん\u3000いっち\u3000いってい\u3000いっぽう\u3000いてざ\u3000いてん",
  korean: "경험 계곡 계단 계란 계산 계속",
  simplified: "去 把 性 好 应 开",
  traditional: "去把性好應開",
} as const;

describe("findSecrets: a recovery phrase after a label in another language", () => {
  it.each([
    ["Spanish", "mi frase de recuperación es ", OTHER_PHRASES.spanish],
    ["Spanish, a wallet's seed", "la frase semilla de mi billetera: ", OTHER_PHRASES.spanish],
    ["French", "ma phrase de récupération : ", OTHER_PHRASES.french],
    ["Italian", "la mia frase di recupero è ", OTHER_PHRASES.italian],
    ["Portuguese", "minha frase de recuperação é ", OTHER_PHRASES.portuguese],
    ["Czech", "moje obnovovací fráze je ", OTHER_PHRASES.czech],
    ["Japanese", "私のリカバリーフレーズは", OTHER_PHRASES.japanese],
    ["Korean", "시드 구문은 ", OTHER_PHRASES.korean],
    ["simplified Chinese", "我的助记词是：", OTHER_PHRASES.simplified],
    ["traditional Chinese, no spaces", "助記詞：", OTHER_PHRASES.traditional],
    ["English words after a Spanish label", "mi frase de recuperación es ", PHRASE],
    // Decision 0124: an English label reads every list in Latin letters.
    ["Spanish words after an English label", "seed phrase: ", OTHER_PHRASES.spanish],
    ["French words after an English label", "my recovery phrase is ", OTHER_PHRASES.french],
    ["Czech words after an English mnemonic", "mnemonic: ", OTHER_PHRASES.czech],
  ])("refuses %s and masks every word", async (_, label, phrase) => {
    const text = `${label}${phrase}`;
    const { findings, redacted } = await findSecrets(text);
    expect(findings.map((finding) => finding.kind)).toEqual(["recovery_phrase"]);
    expect(redacted).toBe(`${label}${REDACTED}`);
  });

  it.each([
    ["where it is, in Spanish", "la frase de recuperación está en la caja fuerte"],
    ["seeds in a Spanish garden", "semillas: tomate, pepino, calabaza"],
    ["a list's words without a label", OTHER_PHRASES.french],
  ])("allows %s", async (_, text) => {
    expect(await findSecrets(text)).toEqual({ findings: [], redacted: text });
  });

  // A file's fields joined by the memory tool's check: "safe", "now" and "name" are list words,
  // and "name:" labels the next field.
  it("ends a phrase before a word that labels what follows", async () => {
    const phrases = await import("./recovery-phrase.js");
    const text = "my seed phrase is safe now name: accounts";
    await phrases.loadRecoveryWordsFor([text]);
    expect(phrases.findRecoveryPhrases(text)).toEqual([]);
    expect(phrases.findRecoveryPhrases("seed phrase: legal winner thank year")).toEqual([[13, 36]]);
  });

  // A phrase is words of one list (decision 0124): two Spanish words, then an English one.
  it("reads a phrase's words from one list", async () => {
    const phrases = await import("./recovery-phrase.js");
    const mixed = "seed phrase: ancho anciano ability";
    const spanish = `seed phrase: ${OTHER_PHRASES.spanish}`;
    await phrases.loadRecoveryWordsFor([mixed, spanish]);
    expect(phrases.findRecoveryPhrases(mixed)).toEqual([]);
    expect(phrases.findRecoveryPhrases(spanish)).toEqual([[13, spanish.length]]);
  });

  it("loads only the lists a text's label names", async () => {
    vi.resetModules();
    const phrases = await import("./recovery-phrase.js");
    await phrases.loadRecoveryWordsFor(["likes tea"]);
    expect(() => phrases.findRecoveryPhrases("seed phrase: legal winner thank")).toThrow(
      /loadRecoveryWordsFor/,
    );
    const spanish = `mi frase de recuperación es ${OTHER_PHRASES.spanish}`;
    await phrases.loadRecoveryWordsFor([spanish]);
    expect(phrases.findRecoveryPhrases(spanish)).toEqual([[28, spanish.length]]);
    // An English label reads the lists in Latin letters (decision 0124), not loaded yet.
    expect(() => phrases.findRecoveryPhrases("seed phrase: legal winner thank")).toThrow(
      /loadRecoveryWordsFor/,
    );
    await phrases.loadRecoveryWordsFor(["seed phrase: legal winner thank"]);
    expect(phrases.findRecoveryPhrases("seed phrase: legal winner thank")).toEqual([[13, 31]]);
    expect(() => phrases.findRecoveryPhrases(`助記詞：${OTHER_PHRASES.traditional}`)).toThrow(
      /loadRecoveryWordsFor/,
    );
  });
});
