import { describe, expect, it } from "vitest";
import { findCredentialNearToken, isHighEntropyToken } from "./credential-near-token.js";
import { findIbans } from "./secret-patterns.js";

// Password-shaped strings are assembled at run time so the repository holds no literal secrets.
const TOKEN = ["Rv8k", "Tq2Wx"].join("");

describe("findCredentialNearToken", () => {
  it.each([
    ["the token first", `I use ${TOKEN} as my password everywhere`, [[6, 15]]],
    ["a possessive", `my password's ${TOKEN}`, [[14, 23]]],
    ["the word after a sentence end", `${TOKEN}. That is my password.`, [[0, 9]]],
    ["a PIN", `PIN ${TOKEN}`, [[4, 13]]],
    ["a word of another language", `パスワード ${TOKEN}`, [[6, 15]]],
    ["too far from the word", `${TOKEN} is on a sticker on the old laptop, not the password`, []],
    ["a product name", "my password manager runs on an iPhone15", []],
    ["a word in lower case and digits", "the password of the lab is on the zq27x box", []],
    ["no credential word", `the ticket is ${TOKEN}`, []],
  ])("%s", (_name, text, ranges) => {
    expect(findCredentialNearToken(text)).toEqual(ranges);
  });

  it.each([
    [TOKEN, true],
    ["iPhone15", false],
    ["MacBook2024", false],
    ["COVID19", false],
    ["zq27x", false],
    ["Ab1", false],
  ])("isHighEntropyToken(%j) is %s", (token, expected) => {
    expect(isHighEntropyToken(token)).toBe(expected);
  });
});

describe("findIbans", () => {
  it.each([
    ["printed in groups of four", "my IBAN is DE89 3704 0044 0532 0130 00", [[11, 38]]],
    ["in one run", "to GB82WEST12345698765432", [[3, 25]]],
    ["with a word after it", "pay DE89 3704 0044 0532 0130 00 then", [[4, 31]]],
    ["grouped by dashes", "DE89-3704-0044-0532-0130-00", [[0, 27]]],
    // A separator between single characters is no IBAN's: the checksum was all that stood in the
    // way, and about one prefix in 97 passes it.
    ["spaced single characters", "DE89 3 7 0 4 0 0 4 4 0 5 3 2 0 1 3 0 0 0", []],
    ["a code before words", "my ticket zq27 is for the concert on Friday night", []],
  ])("%s", (_name, text, ranges) => {
    expect(findIbans(text)).toEqual(ranges);
  });
});
