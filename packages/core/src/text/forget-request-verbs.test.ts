import { describe, expect, it } from "vitest";
import { asksToForget } from "./forget-request-verbs.js";

// A quote that asks to forget, in each language of FORGET_REQUEST_VERBS, beside the fact a model
// might propose from it (the forget requests of write/forget-request.test.ts, and the ones a new
// user's write pass saved).
const ASKS: [string, string, string][] = [
  ["en", "Please forget that my sister lives in Lyon.", "the user's sister lives in Lyon"],
  ["en, not to keep", "Don't save that I smoke.", "smokes"],
  ["fr", "Oublie que j'aime les sushis.", "aime les sushis"],
  ["fr, ne retiens pas", "Ne retiens pas que je fume.", "fume"],
  ["de", "Vergiss bitte, dass ich in Hamburg wohne.", "wohnt in Hamburg"],
  ["zh", "忘记我喜欢咖啡。", "喜欢咖啡"],
  ["zh, to an English fact", "忘记我喜欢咖啡。", "likes coffee"],
  ["ja", "私がベルリンに住んでいることを忘れて", "ベルリンに住んでいる"],
  ["ko", "잊어줘 제가 베를린에 산다", "베를린에 산다"],
  ["es", "olvida que vivo en Berlín, por favor", "vive en Berlín"],
  ["pt", "esqueça que eu moro em Berlim", "mora em Berlim"],
  ["it", "dimentica che io vivo a Berlino", "vive a Berlino"],
  ["nl", "vergeet dat ik in Berlijn woon", "woont in Berlijn"],
  ["ru", "забудь, что я живу в Берлине", "живёт в Берлине"],
  ["uk", "забудь, що я живу в Берліні", "живе в Берліні"],
  ["ar", "انس أنني أعيش في برلين", "يعيش في برلين"],
  ["tr", "Berlin'de yaşıyorum, unut lütfen", "Berlin'de yaşıyor"],
  ["pl", "zapomnij, że mieszkam w Berlinie", "mieszka w Berlinie"],
  ["sv", "glöm att jag bor i Berlin", "bor i Berlin"],
  ["hi", "मैं बर्लिन में रहता हूँ यह भूल जाओ", "बर्लिन में रहता है"],
];

// Quotes that state the fact: a request to keep it, a fact about forgetting, another sentence's
// request, a word that only looks like a request word.
const STATES: [string, string, string][] = [
  ["en, don't forget", "Don't forget that I'm vegetarian!", "is vegetarian"],
  ["en, a fact about forgetting", "I always forget people's names", "forgets people's names"],
  ["en, forgetful", "I'm so forgetful with keys", "is forgetful with keys"],
  [
    "en, another sentence's request",
    "I live in Berlin. Forget the weather talk.",
    "lives in Berlin",
  ],
  ["de, vergiss nicht", "Vergiss nicht, dass ich Vegetarier bin", "ist Vegetarier"],
  ["fr, n'oublie pas", "N'oublie pas que je suis végétarien", "est végétarien"],
  ["es, no olvides", "No olvides que soy vegetariano", "es vegetariano"],
  ["zh, 别忘了", "别忘了我喜欢咖啡", "喜欢咖啡"],
  ["ja, 忘れないで", "私がベジタリアンだということを忘れないで", "ベジタリアン"],
  ["tr, unutma", "vejetaryen olduğumu unutma", "vejetaryen"],
  ["sv, glöm inte", "glöm inte att jag bor i Berlin", "bor i Berlin"],
  ["en, borrowed word", "I forged a sword at the smithy", "forged a sword"],
  ["es, borra inside a word", "Me encanta la borraja del huerto", "le encanta la borraja"],
];

describe("asksToForget", () => {
  it.each(ASKS)("%s: %s asks to forget %s", (_language, quote, fact) => {
    expect(asksToForget(quote, fact)).toBe(true);
  });

  it.each(STATES)("%s: %s states %s", (_language, quote, fact) => {
    expect(asksToForget(quote, fact)).toBe(false);
  });
});
