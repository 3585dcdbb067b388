import { describe, expect, it } from "vitest";
import { SECRET_CORPUS } from "../../test/fixtures/secret-corpus.js";
import { allMatches, SECRET_PATTERNS } from "./secret-patterns.js";

// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const hex = (length: number) => "0123456789abcdef".repeat(8).slice(0, length);
const alnum = (length: number) => "Ab3dE6gH9jK2mN5pQ8sT1vW4yZ7xC0".repeat(4).slice(0, length);
// Texts each needled pattern matches, besides the corpus: every alternative of the word patterns,
// in the cases the patterns accept.
const TEXTS = [
  `mailchimp ${hex(32)}-us21`,
  `terraform ${alnum(14)}.atlasv1.${alnum(64)}`,
  `bot 123456789:AA${alnum(33)}`,
  "redis://:Xk9mq4zT",
  "amqp://guest:Xk9mq4zT@broker",
  "DB_PASSWORD=Xk9mq4zTr",
  '"apiKey": "Xk9mq4zTr"',
  "my login for the bank is dana / Xk9mq4zT",
  "the Log-In is Xk9mq4zT",
  "Credentials: Xk9mq4zT",
  "wifi PW: Xk9mq4zT",
  "pwd = Xk9mq4zT",
  "the answer to my Security Question is Xk9mq4zT",
  "2FA recovery code is 8f3k-29dm",
  "backup codes: 8f3k-29dm",
  "seed phrase = Xk9mq4zT",
  "one-time code: 482193",
  "OTP is 482193",
  "my aws secret key is Xk9mq4zT77",
  "twilio auth token: Xk9mq4zT77",
  "the SECRET for the build bot = Xk9mq4zT77",
  "session token Xk9mq4zT77aBcDeFgH",
  "Access Key Xk9mq4zT77aBcDeFgH1",
  "router admin/Vq7#mLp2",
  "ROOT:Xk9!mq4z",
  "username/Xk9!mq4z",
  "login:Xk9!mq4z",
  "Zugangsdaten: user admin / Xk9!mq4z",
  "identifiants : utilisateur admin, mot de passe Xk9!mq4z",
  "учётные данные: пользователь admin / Xk9!mq4z",
  "ログイン情報: ユーザー admin / Xk9!mq4z",
  "my SSN is 219099999",
  "Social Security number 219-09-9999",
  "passphrase: correct horse battery staple",
  "Pass Phrase = purple monkey dishwasher",
  "jdoe:Xk9!mq4z@nas.local",
  "the alarm code is 4821",
  "the CVV on my card is 372",
  "CVV码是372",
  "mi código CVV es 372",
  "le cryptogramme visuel est 372",
  "die Kartenprüfnummer ist 372",
  "il codice di sicurezza della carta è 372",
  "código de segurança do cartão: 372",
  "el código de verificación es 372",
  "my bike lock combination: 12-34-56",
  "the code for the front door is 4821",
  "the garage code's 4821",
  "admin / sommer2024",
  "pi|raspberry42",
  "try admin then letmein",
  "log in as root with opensesame",
  "use the guest and then wifi2024",
  "digicode : 4821",
  "Code d'accès de la porte : 4821",
  "el CÓDIGO de la puerta es 4821",
  "il codice della porta è 4821",
  "o código da porta é 4821",
  "Код домофона 4821",
  "Türcode 4821",
  "Code der Haustür: 4821",
  "my phone unlock code is 4821",
  "WIFI: hunter2horse",
  "WLAN-Schlüssel: Sonnenblume42",
  "clé wifi : Tournesol42",
  "la clave del wifi es Girasol42",
  "chiave del wifi: Girasole42",
  "ключ от вайфая: Sonne42x",
  "code porte : 4821",
  "la clave de la alarma es 4821",
  "kod do drzwi to 4821",
  "portkoden är 4821",
  "ovikoodi on 4821",
  "κωδικός πόρτας 4821",
  "קוד הדלת 4821",
  "رمز الباب 4821",
  "दरवाजे का कोड 4821",
  "PIN de la tarjeta 4821",
  "пин-код карты 4821",
  "WLAN Schlüssel ist Sonne-Mond-42",
  "router login admin/admin",
  "default credentials: pi / raspberry",
];
const corpus = SECRET_CORPUS.flatMap((sample) => [sample.fact, sample.fact.toUpperCase()]);

describe("SECRET_PATTERNS needles", () => {
  it.each(
    SECRET_PATTERNS.flatMap((entry, index) =>
      entry.needle === undefined ? [] : [[`${index} ${entry.kind}`, entry] as const],
    ),
  )("%s: its needle matches inside every match of the pattern", (_name, entry) => {
    const matches = [...TEXTS, ...TEXTS.map((text) => text.toUpperCase()), ...corpus].flatMap(
      (text) => allMatches(entry.pattern, text).map((match) => match[0]),
    );
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.filter((match) => !entry.needle?.test(match))).toEqual([]);
    expect(entry.needle?.global).toBe(false);
  });
});

describe("SECRET_PATTERNS screens", () => {
  const texts = [...TEXTS, ...TEXTS.map((text) => text.toUpperCase()), ...corpus];
  // Each text cut at every tenth char and joined to another: matches and near misses alike.
  const cut = texts.flatMap((text, index) =>
    [0, 10, 20].map((at) => `${text.slice(at)} ${texts[(index + 1) % texts.length]}`),
  );

  it("every pattern without a needle or a numbered group has a screen", () => {
    expect(
      SECRET_PATTERNS.filter(
        (entry) => entry.needle === undefined && entry.screen === undefined,
      ).map((entry) => entry.kind),
    ).toEqual(["us_ssn"]);
  });

  it.each(
    [...new Set(SECRET_PATTERNS.flatMap((entry) => (entry.screen ? [entry.screen] : [])))].map(
      (screen) => [screen.flags === "i" ? "case-blind" : "case-kept", screen] as const,
    ),
  )("the %s screen matches a text exactly when one of its patterns does", (_name, screen) => {
    const patterns = SECRET_PATTERNS.filter((entry) => entry.screen === screen);
    const differ = [...texts, ...cut].filter(
      (text) =>
        screen.test(text) !== patterns.some((entry) => allMatches(entry.pattern, text).length > 0),
    );
    expect(differ).toEqual([]);
    expect(texts.filter((text) => screen.test(text)).length).toBeGreaterThan(0);
  });
});
