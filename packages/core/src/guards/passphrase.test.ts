import { describe, expect, it } from "vitest";
import { checkSecrets, WriteSession } from "./check-secrets.js";
import { maskSecrets } from "./mask-secrets.js";
import { passphraseEnd } from "./passphrase.js";
import { REDACTED } from "./secret-guard.js";

// A passphrase of plain words after a password word and "is", a copula or a colon (decision
// 0106): the check refuses it and the mask covers it to the end of its clause, every word of it.
describe("a passphrase of plain words is a secret to the end of its clause", () => {
  it.each([
    ["English, after 'is'", "my password is correct horse battery staple", "my password is"],
    ["German, after 'ist'", "mein Passwort ist korrekt Pferd Batterie Heftklammer", "ist"],
    ["a wifi passphrase", "the wifi passphrase is purple monkey dishwasher", "passphrase is"],
    ["English, after a colon", "wifi password: purple monkey dishwasher", "password:"],
    ["German, after a colon", "Passwort: korrekt Pferd Batterie Heftklammer", "Passwort:"],
    ["Spanish", "mi contraseña es caballo correcto batería grapa", "es"],
    ["capitals", "the password is Correct Horse Battery Staple.", "is"],
    ["then a sentence", "my password is purple monkey dishwasher. Rent is due on the 1st.", "Rent"],
    // Decision 0113: a conjunction ends the passphrase, not the clause.
    ["then 'and'", "my passphrase is purple monkey dishwasher and I love it", "and I love it"],
    ["then 'but'", "the wifi password is correct horse battery staple but nobody knows", "but"],
  ])("%s: %s", async (_, text, kept) => {
    expect((await checkSecrets({ texts: [text] })).ok).toBe(false);
    const { text: shown } = await maskSecrets(text);
    expect(shown).toContain(REDACTED);
    expect(shown).toContain(kept);
    for (const word of ["horse", "battery", "monkey", "dishwasher", "Pferd", "Heftklammer"]) {
      expect(shown.toLowerCase()).not.toContain(word.toLowerCase());
    }
    expect(shown).not.toMatch(/batería|grapa|staple/i);
  });
});

// Where a password is, what it is like, or a sentence about it: stop words, pointers,
// descriptions and places stay prose (0088's pointer rule; the words of `isNotAPasswordValue`).
describe("a sentence about a password is no passphrase", () => {
  it.each([
    "my password is too long",
    "the password is on the fridge",
    "the password is the same as last year",
    "my password is something I forget often",
    "my password is written down somewhere safe",
    "my password is wrong every single time",
    "the password is stored in the keychain",
    "the wifi password is printed on the router",
    "mein Passwort ist zu lang",
    "das Passwort ist auf dem Kühlschrank",
    "das Passwort steht im Tresor",
    "the password is different for every site",
    "my password is see the vault",
    "password: ask the admin then reboot",
    "my password manager is great",
    // Decision 0113: a hint says how to work the password out; it is not the password.
    "the password is John's birthday backwards",
    "the password is my sister's name",
    "my passphrase is too long",
    "password - protected files",
  ])("%s", async (text) => {
    expect(await checkSecrets({ texts: [text] })).toEqual({ ok: true, code: "clean" });
    expect(await maskSecrets(text)).toEqual({ text, kinds: [] });
  });
});

describe("passphraseEnd", () => {
  it.each([
    ["three plain words", "is purple monkey dishwasher", 3, 27],
    ["to the clause's end", "is purple monkey dishwasher, I think", 3, 27],
    ["two words are too few", "is purple monkey", 3, undefined],
    ["nine words are too many", `is ${"word ".repeat(9)}`, 3, undefined],
    ["a stop word", "is purple and monkey", 3, undefined],
    ["a stop word after three", "is purple monkey dishwasher and I", 3, 27],
    ["a word with a digit", "is purple monkey 7", 3, undefined],
    ["a possessive", "is John's old birthday", 3, undefined],
    ["a participle first", "is written down somewhere", 3, undefined],
    ["an adjective first", "is correct horse battery staple", 3, 31],
    ["the line ends it", "is purple monkey\ndishwasher", 3, undefined],
  ])("%s", (_, text, start, end) => {
    expect(passphraseEnd(text, start)).toBe(end);
  });
});

// "Password:" ending a heading or a list item is followed by the next line's fact, which is no
// value of it: the value ends at its line. A password typed on the next line (a digit or a
// symbol) is still one (the split check's "my password is" + "hunter2").
describe("a password label at a line's end takes nothing of the next line", () => {
  const password = ["Sommer", "2024", "!"].join("");
  it.each([
    ["a label", "Password:"],
    ["a heading", "## Wifi password:"],
    ["a list item", "- wifi password:"],
    ["German", "Passwort:"],
    ["a login label", "login:"],
    ["words", "my password is"],
  ])("%s", async (_, label) => {
    for (const next of ["prefers tabs", "likes tea and jazz", "- moved to Porto"]) {
      const text = `${label}\n${next}\n`;
      expect(await checkSecrets({ texts: [text] })).toEqual({ ok: true, code: "clean" });
      expect(await maskSecrets(text)).toEqual({ text, kinds: [] });
    }
    const typed = `${label}\n${password}\n`;
    expect((await checkSecrets({ texts: [typed] })).ok).toBe(false);
    // Only the value is masked: the label's "is" stays (decision 0113).
    expect((await maskSecrets(typed)).text).toBe(`${label}\n${REDACTED}\n`);
    expect((await maskSecrets(`${label}\nGirasol42`)).text).toBe(`${label}\n${REDACTED}`);
  });
});

// A passphrase said over two lines or two writes (decision 0113): after the word "passphrase" two
// plain words already are one (its first half), and the next line's plain words are its rest.
describe("a passphrase over two lines or two writes", () => {
  it.each([
    ["two lines", ["my passphrase is correct horse\nbattery staple"]],
    ["two writes, the first", ["my passphrase is correct horse"]],
    ["a label, then the words", ["my passphrase is\npurple monkey dishwasher"]],
  ])("%s is refused and masked", async (_, texts) => {
    expect((await checkSecrets({ texts })).ok).toBe(false);
    const shown = (await maskSecrets(texts.join("\n"))).text;
    expect(shown).toMatch(/^my passphrase is[\s]/);
    expect(shown).not.toMatch(/horse|battery|staple|monkey|dishwasher/);
  });

  it("masks nothing of the next fact after a whole passphrase", async () => {
    const text = "my passphrase is purple monkey dishwasher\nlikes tea";
    expect((await maskSecrets(text)).text).toBe(`my passphrase is ${REDACTED}\nlikes tea`);
  });

  it("refuses the second write after a label", async () => {
    const session = new WriteSession();
    expect((await checkSecrets({ texts: ["my passphrase is"], session })).ok).toBe(true);
    const second = await checkSecrets({ texts: ["purple monkey dishwasher"], session });
    expect(second).toEqual({
      ok: false,
      code: "secret",
      kinds: ["password"],
      redacted: [REDACTED],
      split: true,
    });
  });
});
