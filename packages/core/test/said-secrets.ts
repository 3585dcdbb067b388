// Secrets a new user's trial saved to disk (decisions 0096, 0106): said with markdown around
// them, in a language without a colon, or in words the check did not know, and sentences it
// refused that hold none. Every write surface runs these rows (`remember`, the memory tool, MCP `remember`, `memfiles remember` on a folder and on PGlite,
// `memfiles import`, the PreToolUse hook). Passwords are assembled at run time so the repository
// holds no literal secrets.
const SOMMER = ["Sommer", "2024", "!"].join("");
const PIN = ["48", "21"].join("");
const LETMEIN = ["let", "me", "in"].join("");
// BIP-39's test vector phrase (bitcoin/bips bip-0039), a known wallet; no answer may repeat its
// last words either.
const PHRASE = [
  "legal winner thank year wave sausage",
  "worth useful legal winner thank yellow",
].join(" ");
const PHRASE_TAIL = "worth useful legal winner thank yellow";
const CVV = ["7", "31"].join("");
const GIRASOL = ["Gira", "sol", "42"].join("");
const DANA = ["Dana", "'s", "2024"].join("");
// Six words of BIP-39's Spanish list (bitcoin/bips bip-0039/spanish.txt, words 101 to 106).
const SPANISH_PHRASE = "ancho anciano ancla andar andén anemia";
// A `.env` value said in two halves under one name (the secret corpus's labelled halves).
const HALVES = [["VbW2", "aia"].join(""), ["EekH", "tzN"].join("")] as const;
// One token of 4,000 chars: past `LONG_TOKEN_CHARS`, a suspect no pattern reads (decision 0125);
// short enough for a file under the cap, which the memory tool and `import` check first.
const LONG_TOKEN = "a".repeat(4_000);

/** A fact a write surface must refuse, and the part of it no answer may repeat. */
export type SaidSecret = { name: string; fact: string; secret: string };

/** A few of decision 0096's shapes, one for each new rule. */
export const SAID_SECRETS: readonly SaidSecret[] = [
  { name: "a bold label", fact: `**Password:** ${SOMMER}`, secret: SOMMER },
  { name: "a table row", fact: `| wifi password | ${SOMMER} |`, secret: SOMMER },
  { name: "Russian, no colon", fact: `пароль от роутера ${SOMMER}`, secret: SOMMER },
  {
    name: "Japanese after Latin letters",
    fact: `ユーザーのWi-Fiパスワードは${SOMMER}です`,
    secret: SOMMER,
  },
  { name: "a lock after its code", fact: `the code for the alarm is ${PIN}`, secret: PIN },
  { name: "an account, then its password", fact: `try admin then ${LETMEIN}`, secret: LETMEIN },
  // Decision 0106: a passphrase of plain words after a password word, to the end of its clause.
  {
    name: "a passphrase after 'is'",
    fact: "my password is correct horse battery staple",
    secret: "horse battery staple",
  },
  {
    name: "a German passphrase",
    fact: "mein Passwort ist korrekt Pferd Batterie Heftklammer",
    secret: "Pferd Batterie Heftklammer",
  },
  {
    name: "a wifi passphrase",
    fact: "the wifi passphrase is purple monkey dishwasher",
    secret: "monkey dishwasher",
  },
  // Decision 0108's shapes.
  { name: "a door code in French", fact: `code d'accès de la porte : ${PIN}`, secret: PIN },
  { name: "a Dutch PIN", fact: `mijn pincode is ${PIN}`, secret: PIN },
  { name: "a German wifi key", fact: `WLAN-Schlüssel: ${SOMMER}`, secret: SOMMER },
  // Decision 0116: a wallet's recovery phrase after its label, a PIN word right before its digits,
  // a card's verification code.
  { name: "a wallet seed", fact: `my wallet seed: ${PHRASE}`, secret: PHRASE_TAIL },
  {
    name: "a recovery phrase after 'is'",
    fact: `my recovery phrase is ${PHRASE}`,
    secret: PHRASE_TAIL,
  },
  { name: "a PIN word before its digits", fact: `ATM PIN ${PIN}`, secret: PIN },
  { name: "a card's CVV", fact: `the CVV is ${CVV}`, secret: CVV },
  // Decision 0123: a CVV with words before "is" or named in another language, a recovery phrase
  // after a loose label.
  { name: "a CVV on a card", fact: `the CVV on my card is ${CVV}`, secret: CVV },
  { name: "a Chinese CVV", fact: `CVV码是${CVV}`, secret: CVV },
  {
    name: "an Italian security code",
    fact: `il codice di sicurezza della carta è ${CVV}`,
    secret: CVV,
  },
  { name: "a bare seed", fact: `seed: ${PHRASE}`, secret: PHRASE_TAIL },
  { name: "my 12 words", fact: `my 12 words: ${PHRASE}`, secret: PHRASE_TAIL },
  // Decision 0113: no refusal quotes a value's second half, a dash stands for "is", a passphrase
  // runs to a conjunction, reported speech states a password too.
  {
    name: "a value in halves under one name",
    fact: `DB_PASSWORD=first part ${HALVES[0]}\nDB_PASSWORD=second part ${HALVES[1]}`,
    secret: HALVES[1],
  },
  { name: "a dash for 'is'", fact: `password - ${GIRASOL}`, secret: GIRASOL },
  {
    name: "a passphrase, then 'and'",
    fact: "my passphrase is purple monkey dishwasher and I love it",
    secret: "dishwasher",
  },
  { name: "a passphrase's first words", fact: "my passphrase is correct horse", secret: "horse" },
  { name: "reported speech", fact: `she said her password was ${GIRASOL}`, secret: GIRASOL },
  // Decision 0117: a door code, a PIN and a wifi key in words beside 0108's, a passphrase with an
  // adjective inside, a default account's password, an apostrophe inside a value, a recovery
  // phrase in another language's list.
  { name: "a French door code, no 'de la'", fact: `code porte : ${PIN}`, secret: PIN },
  { name: "a Polish door code", fact: `kod do drzwi to ${PIN}`, secret: PIN },
  { name: "a Spanish card's PIN", fact: `PIN de la tarjeta: ${PIN}`, secret: PIN },
  { name: "a Russian card's PIN", fact: `пин-код карты ${PIN}`, secret: PIN },
  { name: "a German wifi key, a space", fact: `WLAN Schlüssel ist ${GIRASOL}`, secret: GIRASOL },
  {
    name: "a French passphrase",
    fact: "mon mot de passe est cheval correct pile agrafe",
    secret: "pile agrafe",
  },
  { name: "a router's default login", fact: "router login admin/admin", secret: "admin/admin" },
  { name: "an apostrophe inside a value", fact: `my password is ${DANA}`, secret: "s2024" },
  {
    name: "a Spanish recovery phrase",
    fact: `mi frase de recuperación es ${SPANISH_PHRASE}`,
    secret: "andar andén anemia",
  },
  // Decision 0125: a token past the length the patterns read is refused whole.
  {
    name: "a token of 4,000 chars",
    fact: `the deploy blob is ${LONG_TOKEN}`,
    secret: LONG_TOKEN.slice(0, 1_001),
  },
  // Decision 0124: a PIN word's compound and definite form, a card's code beside the card, a
  // padlock's combination, a passphrase and a password word's definite form in other languages,
  // another list's phrase after an English label.
  { name: "a Swedish PIN", fact: `min pinkod är ${PIN}`, secret: PIN },
  { name: "a Swedish PIN, definite", fact: `PIN-koden är ${PIN}`, secret: PIN },
  { name: "a French card's code", fact: `mon code de carte bleue est ${PIN}`, secret: PIN },
  { name: "a Spanish card's code", fact: `código de mi tarjeta ${PIN}`, secret: PIN },
  { name: "a Spanish padlock", fact: `combinación del candado ${PIN}`, secret: PIN },
  {
    name: "a French 'phrase secrète'",
    fact: "ma phrase secrète est cheval correct batterie agrafe",
    secret: "batterie agrafe",
  },
  {
    name: "a French 'phrase de passe'",
    fact: "ma phrase de passe est cheval correct batterie agrafe",
    secret: "batterie agrafe",
  },
  { name: "a Swedish password, definite", fact: `lösenordet är ${GIRASOL}`, secret: GIRASOL },
  { name: "a Swedish wifi password", fact: `wifi-lösenordet är ${GIRASOL}`, secret: GIRASOL },
  {
    name: "a Spanish phrase after an English label",
    fact: `seed phrase: ${SPANISH_PHRASE}`,
    secret: "andar andén anemia",
  },
];

/** Facts a write surface must save, in order into one file: each alone, and said together. */
export type SaidNoSecret = { name: string; facts: readonly string[] };

/**
 * Decision 0106's sentences that are no secret: a password label ending a line before the next
 * fact (its value ends at its line), a default account name before a role or another account,
 * a sentence about a password.
 */
export const SAID_NO_SECRETS: readonly SaidNoSecret[] = [
  { name: "a label at a line's end, then a fact", facts: ["wifi password:", "prefers tabs"] },
  { name: "roles after an account", facts: ["the admin / editor2024 role"] },
  { name: "two default accounts", facts: ["sa / postgres12"] },
  { name: "an account, then a step", facts: ["try admin then escalate"] },
  { name: "a sentence about a password", facts: ["my password is something I forget often"] },
  // Decision 0108: a date memfiles wrote ends a word in the session's glue.
  {
    name: "a capitalised fact after a range of dates",
    facts: ["nous étions à Nice le 2026/12/05-2026/12/06", "Maria aime le thé"],
  },
  // Decision 0116: where a recovery phrase is kept, and a card code named with no value.
  {
    name: "where a recovery phrase is, a form's cvv field",
    facts: ["my recovery phrase is written on paper in the safe", "the cvv field is required"],
  },
  // Decision 0123: card code words and numbers that are no code.
  {
    name: "where a CVV is, a postcode",
    facts: ["the CVV is on the back of the card", "mi código postal es 28013"],
  },
  // Decision 0113: a password word ending one line and another line's own label are no secret;
  // a hint that names how to work a password out is none either.
  {
    name: "a dog named Passwort, then a course",
    facts: ["mein Hund heißt Passwort", "Kurs: Sicherheit und Passwörter"],
  },
  {
    name: "a dog named Mot de passe, then a course",
    facts: ["mon chien s'appelle Mot de passe", "Cours : sécurité et mots de passe"],
  },
  { name: "a hint", facts: ["the password is John's birthday backwards"] },
  // Decision 0117: what a passphrase is like, a seed phrase kept safe (before a file's "name:"
  // field too), a postcode after a line about a password.
  {
    name: "a case-sensitive passphrase, a seed phrase kept safe",
    facts: ["the passphrase is case sensitive", "my seed phrase is safe now"],
  },
  {
    name: "a line about a password, then a postcode",
    facts: ["our wifi password changed", "〒150-0001 東京都渋谷区"],
  },
  // Decision 0124: a password manager named with a compound, then numbers the same session; a
  // year under a heading about pins; a default login's pointer.
  {
    name: "a password manager, then a postcode and a house number",
    facts: [
      "mein Passwort-Manager ist Bitwarden",
      "meine Postleitzahl ist 10115",
      "ich wohne in der Hausnummer 4817",
    ],
  },
  {
    name: "a password manager, then a Spanish postcode",
    facts: ["mein Passwort-Manager ist Bitwarden", "mi código postal es 28013"],
  },
  {
    name: "pins on a board, a default login's pointer",
    facts: ["pins on the board: 2024", "default login: admin / see the wiki"],
  },
];
