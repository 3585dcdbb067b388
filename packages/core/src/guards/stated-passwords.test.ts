import { describe, expect, it } from "vitest";
import { checkSecrets } from "./check-secrets.js";
import { maskSecrets } from "./mask-secrets.js";
import { findSecrets, isCardIin } from "./secret-guard.js";
import { findStatedPasswords } from "./stated-passwords.js";

// New-user trial (issue f2): passwords said in other languages, and lines that only mention one.
describe("passwords stated in other languages", () => {
  it.each([
    ["Japanese", "パスワードは hunter2 です", "hunter2"],
    ["Japanese, no space", "パスワードはhunter2です", "hunter2"],
    ["Arabic", "كلمة المرور هي hunter2", "hunter2"],
    ["English, after 'with password'", "ssh root@10.0.0.5 with password letmein", "letmein"],
    ["German", "Das Passwort ist Geheim42", "Geheim42"],
    ["German, after a colon", "Passwort: geheimnis", "geheimnis"],
    ["Spanish", "la contraseña es hunter2", "hunter2"],
    ["French", "mot de passe : Sésame123!", "Sésame123"],
    ["Chinese", "密码是hunter2", "hunter2"],
    // CJK has no spaces between words: "我的" (my) stands right before the password word.
    ["Chinese, after 'my'", "我的密码是wang8888", "wang8888"],
    ["Chinese, full-width colon", "密碼：abcd1234", "abcd1234"],
    ["Korean", "비밀번호는 hunter2", "hunter2"],
    ["Russian", "пароль: qwerty123", "qwerty123"],
    ["Portuguese, words before the colon", "senha do wifi: casa1234", "casa1234"],
  ])("finds a password in %s", async (_, text, value) => {
    const { findings, redacted } = await findSecrets(text);
    expect(findings.map((finding) => finding.kind)).toContain("password");
    expect(redacted).not.toContain(value);
  });

  it.each([
    "Das Passwort ist falsch.",
    "パスワードは忘れた",
    "パスワードは8文字以上",
    "пароль: сложный",
    "пароль: 8 символов",
    "κωδικός: ξεχάστηκε",
    "סיסמה: שכחתי",
    "密码：忘记了",
    "mot de passe oublié",
    "the login uses password protection",
    "signs in with password manager autofill",
    "la password è nel cassetto",
    "la password è scaduta",
    "la password del conto è cambiata ieri",
    "Das Passwort für das Konto ist abgelaufen",
    "the password is on the wiki",
  ])("leaves prose about a password alone: %s", (text) => {
    expect(findStatedPasswords(text)).toEqual([]);
  });
});

// One value rule for every language: the mask covers the stated value to its last char, end
// punctuation too, as it does in English ("contraseña: [redacted]!" showed the password's last
// char). Passwords are assembled at run time so the repository holds no literal secrets.
describe("a stated password is masked whole in every language", () => {
  const value = (end: string) => ["Verano", "2024", end].join("");
  it.each([
    ["English", "Bank password: "],
    ["Spanish", "contraseña: "],
    ["Polish", "hasło: "],
    ["Dutch", "wachtwoord: "],
    ["Russian, a Latin value", "пароль: "],
    ["German, a copula", "Das Passwort ist "],
    ["Japanese", "パスワードは "],
    ["Chinese", "密码是"],
    ["Korean", "비밀번호는 "],
  ])("%s", async (_, lead) => {
    for (const end of ["!", "?", ".", "!!"]) {
      expect((await maskSecrets(`${lead}${value(end)}`)).text).toBe(`${lead}[redacted]`);
    }
  });
});

describe("false positives of the new-user trial", () => {
  it.each([
    "my password is in 1Password",
    "the staging password is on the wiki",
    "password is required for sudo",
    "the login is on the wiki",
    "ref 1234567812345670 (Luhn-valid, no card network prefix)",
  ])("does not flag %s", async (text) => {
    expect((await findSecrets(text)).findings).toEqual([]);
  });

  it("still refuses a card-network number labelled as an order number (decision: security first)", async () => {
    const { findings } = await findSecrets("order number 4111111111111111");
    expect(findings.map((finding) => finding.kind)).toEqual(["card_number"]);
  });

  it.each([
    ["4111111111111111", true],
    ["5555555555554444", true],
    ["2221000000000009", true],
    ["378282246310005", true],
    ["6011111111111117", true],
    ["3530111333300000", true],
    ["1234567812345670", false],
    ["7992739871300000", false],
    ["2720999999999999", true],
    ["2721000000000000", false],
  ])("isCardIin(%s) is %s", (digits, expected) => {
    expect(isCardIin(digits)).toBe(expected);
  });
});

// Trial 10: "Zugangsdaten: user admin / Rv8k…" reached the model. A label, a user word, a name and a
// password-shaped value after a slash, comma or bar; or a random-looking value near the label.
describe("a user name and password after a credential label", () => {
  const RANDOM = ["Rv8k", "P2xQ"].join("");
  it.each([
    ["German", `Zugangsdaten: user admin / ${RANDOM}`, RANDOM],
    ["German, a word-like password", "Zugangsdaten: user admin / Sommer2024!", "Sommer2024!"],
    ["German, no user word", `Zugangsdaten: admin / ${RANDOM}`, RANDOM],
    [
      "German, words between",
      "Anmeldedaten für den Router: Benutzer admin, Passwort Sommer2024!",
      "Sommer2024!",
    ],
    ["English", "login: user admin / Sommer2024!", "Sommer2024!"],
    ["English, no user word", `credentials: admin / ${RANDOM}`, RANDOM],
    ["French", "identifiants : utilisateur admin / Soleil77!", "Soleil77!"],
    ["French, no user word", `identifiants : admin / ${RANDOM}`, RANDOM],
    ["Spanish", "credenciales: usuario admin / Gato-1234", "Gato-1234"],
    ["Italian, a bar", "credenziali: utente admin | Roma2024!", "Roma2024!"],
    ["Dutch", "inloggegevens: gebruiker admin / Fiets2023!", "Fiets2023!"],
    ["Japanese", `ログイン情報: ユーザー admin / ${RANDOM}`, RANDOM],
  ])("%s: %s", async (_, text, value) => {
    expect((await checkSecrets({ texts: [text] })).ok).toBe(false);
    expect((await maskSecrets(text)).text).not.toContain(value);
  });

  it.each([
    "Zugangsdaten: user admin / siehe Tresor",
    "Zugangsdaten: siehe Wiki",
    "Zugangsdaten: Microsoft / Office365",
    "Zugangsdaten: user dana / gleich wie immer",
    "identifiants : utilisateur admin / voir le coffre-fort",
    "the login page for user dana / staff is slow",
    "credenciales: usuario admin, pedir a Ana",
  ])("leaves a label without a password alone: %s", async (text) => {
    expect(await findSecrets(text)).toEqual({ findings: [], redacted: text });
  });
});
