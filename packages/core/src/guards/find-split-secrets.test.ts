import { describe, expect, it } from "vitest";
import { checkSecrets, WriteSession } from "./check-secrets.js";
import { findSplitSecrets, MAX_EVERY_JOIN_TEXTS } from "./find-split-secrets.js";
import { maskSecrets } from "./mask-secrets.js";

// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const KEY = ["AKI", "A", "Q2E4KQ7XY5ZB3MN6"].join("");
const HEAD = `aws key ${KEY.slice(0, 9)}`;
const TAIL = `${KEY.slice(9)} is the rest`;
// More texts than `every` pairs (a memory-tool edit's lines): plain lines around the halves.
const LINES = Array.from({ length: MAX_EVERY_JOIN_TEXTS + 4 }, (_, index) => `likes note ${index}`);
const many = (at: Record<number, string>) => LINES.map((line, index) => at[index] ?? line);

describe("findSplitSecrets", () => {
  it.each<[string, string[], "neighbours" | "every", number[]]>([
    ["neighbours in order", [HEAD, TAIL], "neighbours", [0, 1]],
    ["neighbours, the second half first", [TAIL, HEAD], "neighbours", []],
    ["every pair, the second half first", [TAIL, HEAD], "every", [0, 1]],
    ["every pair, halves apart", [HEAD, "deploys on Fly.io", TAIL], "every", [0, 2]],
    ["every pair, nothing split", ["deploys on Fly.io", "I deploy on Fly.io"], "every", []],
    ["many texts, halves on neighbouring lines", many({ 6: HEAD, 7: TAIL }), "every", [6, 7]],
    ["many texts, nothing split", LINES, "every", []],
    // Label words between the halves, each half in a fact of its own.
    [
      "label words before each half",
      [`AWS key first part ${KEY.slice(0, 9)}`, `AWS key second part ${KEY.slice(9)}`],
      "neighbours",
      [0, 1],
    ],
    ["label words after the first half", [`${HEAD}…`, `…continued ${TAIL}`], "neighbours", [0, 1]],
    ["label words, every pair", [`the rest is ${TAIL}`, `${HEAD}, first half`], "every", [0, 1]],
    [
      "a code, then prose with a credential word",
      ["the parcel YBJSW3TCKUS6SA arrives on Tuesday", "the password manager is Bitwarden"],
      "neighbours",
      [],
    ],
    // A path is joined by its name: its folder and `.md` stood between a half and the fact.
    [
      "a half in a path's name, then the fact",
      [`topics/${KEY.slice(0, 9)}.md`, TAIL],
      "every",
      [0, 1],
    ],
  ])("%s", async (_name, texts, join, spanned) => {
    const found = await findSplitSecrets(texts, { join });
    expect([...found.keys()].sort()).toEqual(spanned);
    for (const index of spanned) {
      expect(found.get(index)?.kinds).toContain("aws_access_key_id");
      expect(found.get(index)?.redacted).not.toMatch(/AKIA|7XY5ZB3MN6/);
    }
  });

  // `remember` joins the path with the fact: glued whole, "…see the vault" + "topics/…" was a
  // pointer to no place, and "…due on the 1st." + "accounts" a password-shaped word.
  it.each([
    ["a pointer", "Bank password: see the vault"],
    ["a pointer in German", "Kennwort: siehe Tresor"],
    ["a pointer, then a sentence", "Bank password: see the vault. Rent is due on the 1st."],
    ["a manager, then thanks", "wifi password: see 1Password. Thanks!"],
  ])("a path and %s are no split secret", async (_name, fact) => {
    for (const path of ["topics/accounts.md", "accounts.md", "/memories/bank-accounts.md"]) {
      expect(await findSplitSecrets([path, fact, ""], { join: "every" })).toEqual(new Map());
    }
  });

  // A day or a range of days ends its word (decision 0108): "…2026/12/05-2026/12/06" glued to
  // "Maria…" read as a random token, and the name was refused as its half.
  it.each([
    ["a range, then a name", "nous étions à Nice le 2026/12/05-2026/12/06", "Maria aime le thé"],
    ["a week, then a name", "fuimos a Toledo el 2026/11/30-2026/12/06", "Ana vive en Madrid"],
    ["an ISO range, then a name", "away 2026-12-05-2026-12-06", "Ich war beim Zahnarzt"],
  ])("%s is no split secret", async (_name, first, second) => {
    for (const join of ["neighbours", "every"] as const) {
      expect(await findSplitSecrets([first, second], { join })).toEqual(new Map());
    }
  });

  it("finds a key's half after a day", async () => {
    const found = await findSplitSecrets([`moved on 2026/12/05 ${HEAD}`, TAIL]);
    expect([...found.keys()]).toEqual([0, 1]);
  });

  // Each join is scanned as a text of its own would be, also when many are scanned in one call:
  // the fields' joins once went into one scan with blank lines between, where the first join's
  // recovery code was lost.
  it("finds a code said in two fields in every join, as a scan of each join alone does", async () => {
    const found = await findSplitSecrets(["my 2FA recovery code is 8f3k-29", "dm-x7q1"], {
      join: "every",
    });
    expect([...found].map(([at, { kinds, redacted }]) => [at, { kinds, redacted }])).toEqual([
      [0, { kinds: ["credential_in_words"], redacted: "my 2FA recovery code is [redacted]" }],
      [1, { kinds: ["credential_in_words"], redacted: "[redacted]" }],
    ]);
  });
});

// A password word at one line's end and another line's own label and value (decision 0113): the
// label's words end at its line, so "Passwort" + "Kurs: Sicherheit" is no "Passwort … : value".
// Each pair as two writes of one session, as two lines of one write, and shown.
describe("a password word, then a line with a label of its own", () => {
  it.each([
    ["German", "mein Hund heißt Passwort", "Kurs: Sicherheit und Passwörter"],
    ["French", "mon chien s'appelle Mot de passe", "Cours : sécurité et mots de passe"],
    ["Spanish", "mi perro se llama Contraseña", "Curso: seguridad y contraseñas"],
    ["Italian", "il mio cane si chiama Password", "Corso: sicurezza e password"],
    ["Portuguese", "o meu cão chama-se Senha", "Curso: segurança e senhas"],
    ["Dutch", "mijn hond heet Wachtwoord", "Cursus: veiligheid en wachtwoorden"],
    ["Polish", "mój pies ma na imię Hasło", "Kurs: bezpieczeństwo i hasła"],
    ["English", "my dog is called Password", "Course: security and passwords"],
  ])("%s", async (_, first, second) => {
    const session = new WriteSession();
    for (const text of [first, second]) {
      expect(await checkSecrets({ texts: [text], session })).toEqual({ ok: true, code: "clean" });
    }
    const lines = `${first}\n${second}`;
    expect(await checkSecrets({ texts: [lines] })).toEqual({ ok: true, code: "clean" });
    expect(await maskSecrets(lines)).toEqual({ text: lines, kinds: [] });
  });

  it("still refuses a password on the line after its label", async () => {
    const session = new WriteSession();
    await checkSecrets({ texts: ["mein Passwort ist"], session });
    const next = await checkSecrets({ texts: [["Girasol", "42"].join("")], session });
    expect(next.ok).toBe(false);
  });
});

// A number ending a line and a postal mark or currency sign starting one end and start a word:
// glued with nothing they made "7590Wi-Fi" beside "password" and "is〒150-0001", and the check
// masked a model number above a line about wifi and refused a postcode (decision 0117). A
// password on the next line is still the label's.
describe("a number ending a line, a sign starting the next", () => {
  it.each([
    [
      "a model number, then a network's name",
      "Fritz!Box 7590",
      "Wi-Fi: Casa42 network, password on the fridge",
    ],
    ["a label, then a postcode", "my password is", "〒150-0001 東京都渋谷区"],
    [
      "a line about a password, then a postcode",
      "our wifi password changed",
      "〒150-0001 東京都渋谷区",
    ],
    ["a label, then a price", "the wifi password:", "€40 a month for fibre"],
  ])("%s: two lines, two writes and shown", async (_, first, second) => {
    expect(await checkSecrets({ texts: [`${first}\n${second}`] })).toEqual({
      ok: true,
      code: "clean",
    });
    const session = new WriteSession();
    await checkSecrets({ texts: [first], session });
    expect(await checkSecrets({ texts: [second], session })).toEqual({ ok: true, code: "clean" });
    expect((await maskSecrets(`${first}\n${second}`)).text).toBe(`${first}\n${second}`);
  });

  it.each([
    ["a password after a label line", "my password is", "Girasol42"],
    ["a PIN after a number line", "Fritz!Box 7590", "PIN: 4821"],
  ])("%s is still refused", async (_, first, second) => {
    const result = await checkSecrets({ texts: [`${first}\n${second}`] });
    expect(result.ok).toBe(false);
  });
});

describe("a file's name of small words joins the next field by a line break (decision 0132)", () => {
  it.each([
    { join: "every" as const, texts: ["conv-26-caroline-s1-0", "LoCoMo"] },
    { join: "neighbours" as const, texts: ["name: conv-26-caroline-s1-0", "description: LoCoMo"] },
  ])("$join: $texts", async ({ join, texts }) => {
    expect((await findSplitSecrets(texts, { join })).size).toBe(0);
  });
  it("still finds a key split between a name of another shape and the next field", async () => {
    const found = await findSplitSecrets([
      "keyStart: Xk9mQ2pL7vB4nR8tJw3s",
      "keyEnd: Fh6Yc1Za5De0Gu2Iv4Kb",
    ]);
    expect(found.size).toBe(2);
  });
});
