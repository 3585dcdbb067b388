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
