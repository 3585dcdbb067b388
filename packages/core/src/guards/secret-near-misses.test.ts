import { describe, expect, it } from "vitest";
import { checkSecrets } from "./check-secrets.js";
import { maskSecrets } from "./mask-secrets.js";
import { findSecrets } from "./secret-guard.js";
import { findRandomTokens, wordCoverage } from "./secret-patterns.js";

// Ordinary facts that look a little like a secret: each rule that catches more formats must keep
// these passing (numbers with separators, identifiers with digits, the words "pass", "key",
// "token", "secret" in prose, sentences of the kind LoCoMo's conversations hold).
describe("near misses that are no secret", () => {
  it.each([
    ["a version", "upgraded to Node 20.11.1 and TypeScript 5.9.3"],
    ["a version with a v", "pins vitest v4.1.12"],
    ["a dotted date", "moved on 2026.10.02 to Porto"],
    ["a dashed date", "born 1990-04-12"],
    ["a date after a password word", "password_changed: 2026-01-31"],
    ["a date glued to a password word", "passwordsupdated: 2026/12/07---"],
    ["an ISO time after a token word", "token_expires: 2026-12-07T09:00:00Z"],
    ["a slashed date and time", "the dentist is on 12/05/2024 at 14:30"],
    ["a phone number", "office phone is +1 (415) 555-0132"],
    ["a phone number with dots", "call 415.555.0132 after six"],
    ["a long phone number", "mobile +351 912 345 678"],
    ["an Amazon order number", "order 112-4567890-1234567 arrives Friday"],
    ["an order number with dots", "order no. 7001.2345.6789.0123 was refunded"],
    ["a tracking number", "parcel 1Z999AA10123456784 is in Leipzig"],
    ["an ISBN", "reading ISBN 978-3-16-148410-0"],
    ["an IP address", "the NAS is at 192.168.1.20"],
    ["a MAC address", "printer MAC 00:1B:44:11:3A:B7"],
    ["a UUID", "tenant id 550e8400-e29b-41d4-a716-446655440000"],
    ["a git sha", "pinned to commit 9fceb02d0ae598e95dc970b74767f19372d61af8"],
    ["a sha256", "image digest 2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae"],
    ["a model id", "uses claude-haiku-4-5-20251001 for the write pass"],
    ["a product name", "works on a MacBookPro16-M3Max-2024"],
    ["another product name", "bought an iPhone15ProMax-256GB-Blue"],
    ["a laptop model", "types on a ThinkPadX1CarbonGen11-2023Edition"],
    ["a file path", "keeps notes in /Users/dana/Projects2024/app"],
    ["a root path", "backups go to /root/Backups2024/nightly"],
    ["a local URL with a port", "the dev server runs at http://localhost:8080"],
    ["a database URL without a password", "the db is postgres://localhost:5432/app"],
    ["a GitHub URL", "reviews https://github.com/dana/memfiles/pull/1234"],
    ["a YouTube URL", "likes https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["a package name", "uses @secretlint/secretlint-rule-preset-recommend"],
    ["a room number", "room 666-12-3456 in building 9"],
    ["a postal code", "lives at postal code 10115"],
    ["a flight", "flies LH1234 on 2026-03-14"],
    ["a ticket number", "ticket #48213 was resolved"],
    ["a bus pass", "the bus pass costs 45 euros a month"],
    ["passing an exam", "passed the driving exam on the 2nd try"],
    ["pass as a verb", "will pass on the key lime pie"],
    ["a key in prose", "the key to the shed is under the mat"],
    ["a key signature", "plays the nocturne in the key of C# minor"],
    ["a secret in prose", "the secret to her sourdough is a 48-hour rise"],
    ["a token in prose", "got a token of appreciation from the team"],
    ["a password habit", "keeps every password in 1Password"],
    ["a security key", "uses a YubiKey 5C NFC as a security key"],
    ["an account name", "the bank is Caixa Geral, account in Lisbon"],
    ["a card mention", "pays with the Visa card ending 4242"],
    ["an SSN mention", "lost the social security card in 2019"],
    ["an IBAN mention", "asked for the IBAN of the landlord"],
    ["a login mention", "the login page of the intranet is slow"],
    ["an admin path", "the router admin page is at 192.168.1.1/admin"],
    ["a user and a group", "user dana is in group staff"],
    // LoCoMo-like sentences: what people say about their lives.
    ["a LoCoMo sentence with a date", "Caroline went to the LGBTQ support group on 7 May 2023"],
    ["a LoCoMo sentence with numbers", "Melanie ran a charity race for 5 km on 20 May 2023"],
    ["a LoCoMo sentence with a pass", "Jon got a 3-day pass for the music festival"],
    ["a LoCoMo sentence with a key", "Gina lost the keys to her new store in 2023"],
    ["a LoCoMo sentence with a secret", "John's secret recipe uses 2 cups of flour"],
    ["a LoCoMo sentence with a pin", "Maria pinned 12 photos of her trip to the fridge"],
    // A label, a word, a slash and a second word that is no password (decision 0078).
    ["a protocol pair", "Protocols: TCP/IP"],
    ["and/or after a label", "note: and/or"],
    ["opening hours", "open: 24/7"],
    ["a fraction", "recipe: 1/2 cup of sugar"],
    ["two times", "shift: 09:00 / 17:00"],
    ["a slashed date after a label", "due: 12/05/2024"],
    ["a path after a label", "path: src/lib/Main2024.ts"],
    ["a framework pair", "Stack: react / Next.js14"],
    ["a platform pair", "Platforms: ios / Android12"],
    ["a score", "Score: 3 / 10"],
    ["a URL after a label", "URL: https://example.com/docs/Guide2024"],
    ["a version pair", "Versions: node / v20.11.1"],
    // A default account name and a word that is no password (decision 0106).
    ["roles after an account", "the admin / editor2024 role"],
    ["two default accounts", "sa / postgres12"],
    ["a person, then a step", "ask the admin then wait"],
    ["an account, then a step", "try admin then escalate"],
    ["an account and a step", "use admin and wait"],
    ["the admin as a person", "try the admin then escalate"],
    // Said about a password, not the password.
    ["a password's length", "my password is too long"],
    ["a password's place", "the password is on the fridge"],
    ["a password's age", "the password is the same as last year"],
    ["a password's habit", "my password is something I forget often"],
    // A non-Latin value after a password word that is prose.
    ["a Japanese rule", "パスワードは8文字以上"],
    ["a Russian remark", "пароль: сложный"],
    ["a Greek remark", "κωδικός: ξεχάστηκε"],
  ])("leaves %s alone", async (_, text) => {
    expect(await findSecrets(text)).toEqual({ findings: [], redacted: text });
  });
});

// Where a password is kept is no password: a pointer to a vault, a password manager or a person
// (trial 10: `remember` refused these lines and recall masked "see"). The write guard and the mask
// leave each alone (secretReach, guards/password-words.ts).
describe("a pointer to where a password is kept", () => {
  it.each([
    ["English", "Bank password: see the vault"],
    ["English, a manager", "wifi password: see 1Password"],
    ["English, a person", "password: ask Sam"],
    ["English, credentials", "credentials for the NAS: check Bitwarden"],
    ["English, then a sentence", "Bank password: see the vault. Rent is due on the 1st."],
    ["German", "Kennwort: siehe Tresor"],
    ["German, a person", "Passwort: frag Sam"],
    ["French", "mot de passe : voir le coffre-fort"],
    ["French, where", "mot de passe : dans le coffre"],
    ["Spanish", "la contraseña: ver el llavero"],
    ["Portuguese", "senha: veja o cofre"],
    ["Dutch", "wachtwoord: zie de kluis"],
    ["Polish", "hasło: patrz sejf"],
    ["Japanese", "パスワードは金庫を参照"],
    ["Japanese, a manager", "パスワードは1Passwordにあります"],
    ["Japanese, a manager after a colon", "パスワード：Bitwardenを参照"],
  ])("%s: %s", async (_, text) => {
    expect(await findSecrets(text)).toEqual({ findings: [], redacted: text });
    expect(await checkSecrets({ texts: [text] })).toEqual({ ok: true, code: "clean" });
    expect(await maskSecrets(text)).toEqual({ text, kinds: [] });
  });

  // The same words beside a password: a pointer word with no plain place after it, a password
  // that is a place word with a digit or symbol, a keeper's name with more to it.
  it.each([
    ["English", "password: vault2024!", "vault2024!"],
    ["English, a place word", "Bank password: vault2024!", "vault2024!"],
    ["English, the word alone", "password: see", "see"],
    ["English, a token after it", "wifi password: see Xk9mq4zLw2", "Xk9mq4zLw2"],
    ["English, a manager's name and more", "password: 1Password2024", "1Password2024"],
    ["German", "Kennwort: Tresor2024!", "Tresor2024!"],
    ["German, a pointer word in the password", "Passwort: siehe2024", "siehe2024"],
    ["French", "mot de passe : voir-le-coffre-42", "voir-le-coffre-42"],
    ["Japanese", "パスワードは vault2024! です", "vault2024!"],
  ])("%s still masked: %s", async (_, text, value) => {
    expect((await checkSecrets({ texts: [text] })).ok).toBe(false);
    const masked = await maskSecrets(text);
    expect(masked.kinds).toContain("password");
    expect(masked.text).not.toContain(value);
  });

  // A pointer word with no plain place after it: the finding covers the words after it on its line.
  it.each([
    ["password: see the vault2024!", "password: [redacted]"],
    ["Kennwort: siehe Tresor2024! Danke", "Kennwort: [redacted]"],
  ])("masks what follows a pointer word with no place: %j", async (text, shown) => {
    expect((await checkSecrets({ texts: [text] })).ok).toBe(false);
    expect((await maskSecrets(text)).text).toBe(shown);
  });
});

// Trial 10: a base64 PNG was masked as a random token. A file a page embeds (its base64 starts
// with the format's signature) is no key, for the write guard and the mask alike; other base64 is
// still a token. Bytes are made at run time: a signature, then bytes that read as random.
describe("base64 of an embedded file", () => {
  const noise = (length: number) => Array.from({ length }, (_, at) => (at * 7919 + 13) % 256);
  const file = (head: string | number[], length = 120) =>
    Buffer.concat([
      typeof head === "string" ? Buffer.from(head, "latin1") : Buffer.from(head),
      Buffer.from(noise(length)),
    ]).toString("base64");
  const PNG = file([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const JPEG = file([0xff, 0xd8, 0xff, 0xe0]);

  it.each([
    ["a PNG data URI", `logo: data:image/png;base64,${PNG}`],
    ["a bare PNG", PNG],
    ["a PNG in Markdown", `![logo](data:image/png;base64,${PNG})`],
    ["a PNG on the line after a word", `The app's logo\n${PNG}`],
    ["a JPEG data URI", `avatar data:image/jpeg;base64,${JPEG}`],
    ["a GIF", `spinner data:image/gif;base64,${file("GIF89a")}`],
    ["a WebP", `hero data:image/webp;base64,${file("RIFF\x10\x27\x00\x00WEBPVP8 ")}`],
    ["a PDF", `invoice data:application/pdf;base64,${file("%PDF-1.7\n")}`],
    ["a WOFF2 font", `font data:font/woff2;base64,${file("wOF2\x00\x01\x00\x00")}`],
  ])("leaves %s alone", async (_, text) => {
    expect(await findSecrets(text)).toEqual({ findings: [], redacted: text });
    expect(await checkSecrets({ texts: [text] })).toEqual({ ok: true, code: "clean" });
    expect(await maskSecrets(text)).toEqual({ text, kinds: [] });
  });

  it.each([
    ["a text data URI", `data:text/plain;base64,${file("Rv8kP2xQ9vzF8WTsZyJAtOnI", 0)}`],
    ["an image data URI without an image", `data:image/png;base64,${file("xx", 60)}`],
    [
      "a RIFF file that is no WebP",
      `data:audio/wav;base64,${file("RIFF\x10\x27\x00\x00WAVEfmt ")}`,
    ],
    // Wrapped at 76 chars, only the first line holds the signature.
    ["the second line of a wrapped PNG", `logo:\n${PNG.slice(0, 76)}\n${PNG.slice(76)}`],
  ])("still masks %s", async (_, text) => {
    expect((await checkSecrets({ texts: [text] })).ok).toBe(false);
    expect((await maskSecrets(text)).kinds).toContain("random_token");
  });
});

describe("findRandomTokens", () => {
  const random = ["9vzF8WTsZyJAtOnIFnJf", "7u6RQ1vrvnY8sCJuwyQ7"].join("");
  it.each([
    ["a random run", `token ${random}`, [[6, 46]]],
    ["an identifier", "MemoryStoreOptionsV2Test2024", []],
    ["a run without digits", "AbCdEfGhIjKlMnOpQrStUvWxYz", []],
    ["lower-case hex", "9fceb02d0ae598e95dc970b74767f19372d61af8", []],
    ["a short run", "Ab3dE6gH9jK2mN5", []],
  ])("%s", (_, text, ranges) => {
    expect(findRandomTokens(text)).toEqual(ranges);
  });

  it("measures how much of a string reads as words", () => {
    expect(wordCoverage("MemoryStoreOptions")).toBe(1);
    expect(wordCoverage("x9Q2")).toBe(0);
    expect(wordCoverage("")).toBe(0);
  });
});
