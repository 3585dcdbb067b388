import { describe, expect, it } from "vitest";
import { findSecrets, REDACTED } from "./secret-guard.js";

// LoCoMo: "a spiderman pin on your purse. Is Spider-Man ..." was refused as a PIN stated
// in words. A PIN is a code (ISO 9564-1: 4 to 12 digits); a pin worn or knocked over is an object.
describe("findSecrets: a PIN stated in words", () => {
  it.each([
    ["a bank PIN", "my bank PIN is 4821", "4821"],
    ["a PIN for a service", "PIN for the bank is 1234", "1234"],
    ["a PIN code after a colon", "pin code: 0000", "0000"],
    ["a PIN number after =", "PIN number = 987654", "987654"],
    ["a SIM PIN", "the PIN of my SIM was 73915", "73915"],
    ["a quoted PIN", "phone pin is '2580'", "'2580'"],
    ["a PIN with letters and digits", "my pin is 12ab34", "12ab34"],
    // Decision 0116: a PIN word right before its digits, a SIM's PUK.
    ["a PIN word before its digits", "ATM PIN 4921", "4921"],
    ["a card's PIN before its digits", "bank card PIN 4921", "4921"],
    ["a SIM's PUK", "PUK: 12345678", "12345678"],
  ])("refuses %s", async (_, text, value) => {
    const { findings, redacted } = await findSecrets(text);
    expect(findings.map((finding) => finding.kind)).toEqual(["password"]);
    expect(redacted).toBe(text.replace(value, REDACTED));
  });

  it.each([
    [
      "a pin on a purse (LoCoMo)",
      "I love the spiderman pin on your purse. Is Spider-Man your favorite superhero?",
    ],
    ["a lapel pin", "He wore a lapel pin: gold, shaped like a leaf."],
    ["a bowling pin", "The last bowling pin was wobbling for a second before it fell."],
    ["a pin on a map", "She put a pin on the map at Lisbon. Is that where you grew up?"],
    ["a hair pin", "the pin is silver and came from my grandmother"],
    ["a pin with a 3-digit size", "the hat pin is 150 mm long"],
    ["a pin with a 4-digit size", "a hat pin 1500 mm long"],
    ["a year after a pin", "the pin 2019 edition was gold"],
  ])("allows %s", async (_, text) => {
    expect(await findSecrets(text)).toEqual({ findings: [], redacted: text });
  });

  it("still refuses a password whose qualifier stays within the sentence", async () => {
    const { findings } = await findSecrets("the password for Acme Inc. is hunter2");
    expect(findings.map((finding) => finding.kind)).toEqual(["password"]);
  });

  it("allows a password mentioned in one sentence and a question in the next", async () => {
    const text = "I keep my password on a sticky note. Is that a bad idea?";
    expect(await findSecrets(text)).toEqual({ findings: [], redacted: text });
  });
});

// A payment card's verification code (CVV2/CVC2, 3 or 4 digits; decision 0116): a new user's trial
// saved "cvv 123" and printed it beside a masked card number.
describe("findSecrets: a card's verification code", () => {
  it.each([
    ["a CVV after 'is'", "the CVV is 731", "731"],
    ["a bare CVC", "cvc 731", "731"],
    ["a card's security code", "my card's security code is 731", "731"],
    // Decision 0123: words between the name and "is", and other languages' names.
    ["a CVV on my card", "the CVV on my card is 372", "372"],
    ["a CVV of my Visa", "the CVV of my Visa is 372", "372"],
    ["a Spanish CVV", "mi código CVV es 372", "372"],
    ["a German CVV code", "der CVV-Code meiner Karte ist 372", "372"],
    ["a Chinese CVV", "CVV码是372", "372"],
    ["a French visual cryptogram", "le cryptogramme visuel est 372", "372"],
    ["a German card check number", "die Kartenprüfnummer ist 372", "372"],
    ["an Italian security code", "il codice di sicurezza della carta è 372", "372"],
    ["a Portuguese security code", "código de segurança do cartão: 372", "372"],
    ["a Spanish security code", "el código de seguridad de mi tarjeta es 4821", "4821"],
  ])("refuses %s", async (_, text, value) => {
    const { findings, redacted } = await findSecrets(text);
    expect(findings.map((finding) => finding.kind)).toEqual(["card_security_code"]);
    expect(redacted).toBe(text.replace(value, REDACTED));
  });

  it("masks the code beside a card number", async () => {
    const card = ["4111", "1111", "1111", "1111"].join("");
    const { redacted } = await findSecrets(`card ${card} exp 12/28 cvv 731`);
    expect(redacted).toBe(`card ${REDACTED} exp 12/28 cvv ${REDACTED}`);
  });

  it.each([
    ["a form's field", "the cvv field is required"],
    ["a year after a security code", "the security code of the building changed in 2023"],
    ["where a CVV is", "the CVV is on the back of the card"],
    ["a CVV's length", "the CVV of my card has 3 digits"],
    ["a count of CVV checks", "the CVV check failed 3 times on 2026/12/01"],
    ["a Spanish postcode", "mi código postal es 28013"],
    ["an Italian code's length", "il codice di sicurezza della carta è di 3 cifre"],
    ["where the French code is", "le cryptogramme visuel est au dos de la carte"],
    ["where the Chinese CVV is", "CVV码在卡的背面"],
    ["a German card number's place", "die Kartenprüfnummer steht auf der Rückseite"],
    ["a verification code's count", "I got 3 verification codes from 2 banks"],
    ["a cryptogram puzzle", "le cryptogramme 125 du journal était dur"],
  ])("allows %s", async (_, text) => {
    expect(await findSecrets(text)).toEqual({ findings: [], redacted: text });
  });
});
