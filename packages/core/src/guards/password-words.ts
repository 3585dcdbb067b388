// Words for "password" in the languages memfiles users write in, and the words that say a
// password is somewhere or needed rather than what it is. Sources: each language's Wikipedia
// article "Password" (interlanguage links of en.wikipedia.org/wiki/Password: ja パスワード,
// ar كلمة المرور / كلمة السر, de Passwort / Kennwort, es contraseña, fr mot de passe, pt senha,
// it parola d'ordine / password, nl wachtwoord, zh 密码 / 密碼 / 口令, ko 비밀번호 / 암호, ru / uk
// пароль, pl hasło, tr şifre / parola, sv lösenord, hi पासवर्ड / कूटशब्द, el κωδικός (πρόσβασης) /
// συνθηματικό, he סיסמה / סיסמא) and the Unicode CLDR
// "password" labels of the same locales; the copulas are each language's "is" (Wiktionary).

/** "password" (and PIN code) in languages other than English, as regex alternatives. */
export const PASSWORD_WORDS_OTHER_LANGUAGES = [
  "パスワード",
  "暗証番号",
  "كلمة\\s+المرور",
  "كلمة\\s+السر",
  "الرقم\\s+السري",
  "passwort",
  "kennwort",
  "contraseña",
  "contrasena",
  "mot\\s+de\\s+passe",
  "senha",
  "parola\\s+d'ordine",
  "wachtwoord",
  "密码",
  "密碼",
  "口令",
  "비밀번호",
  "암호",
  "пароль",
  "hasło",
  "haslo",
  // Turkish adds the owner and the case to the word: "şifresi" (its), "şifrem" (my), "şifremiz"
  // (our), "şifren" (your) (Wiktionary "şifre", declension).
  "şifre(?:si|m|miz|n|niz|leri)?",
  "sifre(?:si|m|miz|n|niz|leri)?",
  // Swedish adds the definite article to the word: "lösenordet" (the password), "lösenorden"
  // (the passwords); a compound names what it is for before a hyphen ("wifi-lösenordet")
  // (Wiktionary "lösenord", declension; a new user's trial; decision 0124).
  "lösenord(?:et|en)?",
  "पासवर्ड",
  // Italian says "password" (its Wikipedia article's title): counted here only before its "è",
  // after up to three words ("la password del wifi è …"); English "password" is the English
  // patterns'.
  "password(?=(?:\\s+[^\\s:=：]{1,15}){0,3}?\\s+è\\s)",
  "कूटशब्द",
  "κωδικός(?:\\s+πρόσβασης)?",
  "συνθηματικό",
  "סיסמה",
  "סיסמא",
  // Languages a new user's trial wrote in beyond the first 19 (decision 0092; each language's
  // Wikipedia "Password" article and Wiktionary's forms): cs heslo, no passord(et), da
  // adgangskode(n) / kodeord(et), fi salasana(ni), ro / tr parola, hu jelszó / jelszava(m), vi
  // mật khẩu, id kata sandi, th รหัสผ่าน (Thai writes no space: "ของฉัน", "my", may follow).
  "heslo",
  "passord(?:et)?",
  "adgangskode(?:n)?",
  "kodeord(?:et)?",
  "salasana(?:ni|si|mme|nne)?",
  "parola",
  "jelszó",
  "jelszo",
  "jelszav(?:am|ad|a|unk|atok)",
  "mật\\s+khẩu",
  "kata\\s+sandi",
  "รหัสผ่าน(?:ของ(?:ฉัน|ผม|คุณ|เรา))?",
  // A PIN stated in German, French, Spanish, Italian or Portuguese ("die PIN lautet 4821", "le
  // code PIN est 4821", "mi PIN es 4821", "il PIN è 4821"): only before the copula and 4 to 12
  // digits (ISO 9564-1); English "PIN is" is the English patterns'. A colon stands for the
  // copula ("PIN de la tarjeta: 4921"; decision 0117); after words before it, not before a year.
  // Dutch "is", Swedish "är", Danish and Norwegian "er" and Polish "jest" link it too ("min pin
  // är 4921"; Wiktionary "is"; decision 0124). Polish "to" is English "to" as well ("moved the pin
  // to 2024"): not a link here.
  "pin(?=(?:[^\\S\\r\\n]*[:=：][^\\S\\r\\n]*|(?:[^\\S\\r\\n]+[^\\s:=：]{1,15}){1,3}?[^\\S\\r\\n]*[:=：][^\\S\\r\\n]*(?!(?:19|20)\\d\\d(?!\\d))|(?:\\s+[^\\s:=：]{1,15}){0,3}?\\s+(?:lautet|ist|war|est|était|es|era|è|é|is|är|er|jest)\\s+)\\d{4,12}(?![\\p{L}\\p{N}]))",
  // German "Geheimzahl" (a bank card's PIN; Duden) and "PIN-Code"/"PIN-Nummer" before a colon or
  // a copula (a trial saved "Geheimzahl: 4821", "PIN-Code: 4821"; decision 0096 amended).
  "geheimzahl",
  // Dutch "pincode", Swedish "pinkod" / "PIN-kod", Danish and Norwegian "pinkode" / "PIN-kode",
  // Finnish "PIN-koodi", each with its definite form ("PIN-koden", "pinkoden"), and Russian
  // "ПИН-код" (a bank card's PIN; Wiktionary), which trials saved ("mijn pincode is 4921",
  // "ПИН-код 4921", decision 0108; "min pinkod är 4921", "PIN-koden är 4921", decision 0124).
  "pin-?(?:code|nummer|kod(?:en)?|kode(?:n)?|koodi(?:ni|si)?)",
  "пин-?код",
  // A passphrase named in another language ("ma phrase de passe est …", "ma phrase secrète est
  // …", "mi frase secreta es …", "la frase segreta è …", "mijn wachtzin is …", "lösenfrasen är
  // …", "passordfrasen er …"; Wiktionary "passphrase"): plain words after its link are one to the
  // end of the clause, as after "Passwort ist" (`passphraseEnd`; decision 0124). German and
  // Italian say "Passphrase" (English's word is the English patterns'): counted before their own
  // "ist" or "è" only, as Italian "password" is.
  "phrase\\s+(?:de\\s+passe|secr[èe]te)",
  "frase\\s+(?:secreta|segreta)",
  "wachtzin",
  "lösenfras(?:en)?",
  "passordfrase(?:n)?",
  "adgangsfrase(?:n)?",
  "pass\\s*phrase(?=(?:\\s+[^\\s:=：]{1,15}){0,3}?\\s+(?:ist|lautet|è)\\s)",
] as const;

/**
 * Words that label a user name and password given together ("Zugangsdaten: user admin / …"), in
 * English and the languages above (Wiktionary translations of "credentials" and "login details"),
 * as regex alternatives.
 */
export const CREDENTIAL_LABELS = [
  "logins?",
  "credentials?",
  "login\\s+details",
  "zugangsdaten",
  "anmeldedaten",
  "logindaten",
  "identifiants",
  "credenciales",
  "credenciais",
  "credenziali",
  "inloggegevens",
  "dane\\s+logowania",
  "inloggningsuppgifter",
  "учётные\\s+данные",
  "учетные\\s+данные",
  "認証情報",
  "ログイン情報",
  "登录信息",
  "登錄資訊",
  "로그인\\s*정보",
] as const;

/** "user" before a user name, in English and the languages above, as regex alternatives. */
export const USER_WORDS = [
  "user(?:name)?",
  "benutzer(?:name)?",
  "nutzer(?:name)?",
  "utilisateur",
  "usuario",
  "usuário",
  "utente",
  "gebruiker(?:snaam)?",
  "użytkownik",
  "användare",
  "пользователь",
  "логин",
  "ユーザー名?",
  "用户名?",
  "사용자",
] as const;

/**
 * What may stand between the word and the value: a particle or copula ("は", "ist", "هي", "是",
 * "는", "es", "est", "é", "—"), a colon (ASCII or full width) or an equals sign.
 */
export const PASSWORD_LINKS_OTHER_LANGUAGES = [
  "は",
  "が",
  "：",
  "是",
  "為",
  "为",
  "는",
  "은",
  "이",
  "هي",
  "هو",
  "ist",
  "lautet",
  "war",
  "es",
  "era",
  "est",
  "était",
  "é",
  "è",
  "era",
  "is",
  "jest",
  // Polish also says "hasło to …" ("the password is …"; Wiktionary "to", pronoun as copula).
  "to",
  "är",
  "είναι",
  "היא",
  "है",
  // cs, no / da, fi, ro, vi, id, th (Wiktionary "is").
  "je",
  "er",
  "on",
  "este",
  "là",
  "adalah",
  "ialah",
  "คือ",
  "—",
  "-",
  "–",
] as const;

/**
 * Words after "password is" that say where a password is kept or what it is like, not what it
 * is: "my password is in 1Password", "the staging password is on the wiki", "password is
 * required for sudo" (new-user trial). A value that is exactly one of these is not a secret.
 */
export const NOT_A_PASSWORD_VALUE = new Set([
  "a",
  "an",
  "the",
  "in",
  "on",
  "at",
  "under",
  "inside",
  "behind",
  "from",
  "with",
  "by",
  "stored",
  "kept",
  "saved",
  "written",
  "shared",
  "managed",
  "held",
  "listed",
  "required",
  "needed",
  "necessary",
  "mandatory",
  "optional",
  "set",
  "unset",
  "not",
  "no",
  "none",
  "missing",
  "empty",
  "blank",
  "wrong",
  "incorrect",
  "correct",
  "invalid",
  "valid",
  "expired",
  "changed",
  "reset",
  "rotated",
  "same",
  "different",
  "too",
  "very",
  "still",
  "also",
  "only",
  "case-sensitive",
  "case-insensitive",
  // "the passphrase is case sensitive", "my seed phrase is safe now": what it is like, not what
  // it is (a new user's trial; decision 0117).
  ...["case", "sensitive", "insensitive", "safe", "secure"],
  "long",
  "short",
  "weak",
  "strong",
  "secret",
  "unknown",
  "forgotten",
  "lost",
  "disabled",
  "enabled",
  // Where or how it is given, a participle before more words: "the password is printed on its
  // label", "… taped under the keyboard", "… asked twice at login" (decision 0092).
  ...["printed", "taped", "stuck", "glued", "attached", "engraved", "displayed", "shown"],
  ...["asked", "prompted", "requested", "sent", "emailed", "texted", "given", "provided"],
  ...["labelled", "labeled", "located", "posted", "pinned", "noted", "hidden", "included"],
  ...["encrypted", "hashed", "generated", "handed", "typed", "entered", "synced", "cached"],
]);

// Words that send the reader elsewhere for a password ("see", "ask", "check") or say where it is
// kept ("im", "dans"), in English and the Latin-script languages above (each language's Wiktionary
// entries for "see", "ask", "look up", "in"). After one of them comes a place or a person, not
// the password: "Bank password: see the vault", "Kennwort: siehe Tresor", "password: ask Sam".
const POINTER_WORDS = new Set([
  ...["see", "ask", "check", "look", "refer", "consult", "cf", "cf."],
  ...["siehe", "s.", "frag", "frage", "fragen", "steht", "liegt", "im"],
  ...["voir", "vois", "voyez", "demande", "demander", "demandez", "dans"],
  ...["ver", "véase", "vea", "consulta", "consultar", "pregunta", "preguntar", "pide"],
  ...["veja", "consulte", "pergunte", "peça", "vedi", "chiedi", "chiedere", "nel", "nella"],
  ...["zie", "vraag", "staat", "patrz", "zobacz", "zapytaj", "se", "fråga", "finns"],
]);
// Password managers and key stores, named alone or before a particle ("パスワードは1Passwordにあります").
const KEEPER_NAMES = new Set([
  ...["1password", "bitwarden", "vaultwarden", "keepass", "keepassxc", "lastpass"],
  ...["dashlane", "keychain", "schlüsselbund", "trousseau", "llavero", "portachiavi"],
]);
// The place after a pointer word: 1 to 12 words of letters ("the team vault", "le coffre-fort",
// "Sam"), or a keeper's name, up to the end of the clause (12: a session's next fact joined after
// it, "…see the vault" + " uses 1Password as password manager", is no password; decision 0092),
// or up to a dash or markdown ("…see the vault ---", a front matter's line after a body joined
// with it; "`see the vault`", decision 0096). A word with a digit or symbol ends it
// as no place: "see the vault2024!" may be the password. What follows the clause on its line is
// checked too (`shapedTail`): "see the vault, then Sommer2024!".
const PLACE =
  /^[^\S\r\n]+(?:(?:\p{L}[\p{L}'’-]*|1Password)(?:[^\S\r\n]+|(?=[.,;:!?)`\r\n]|$))){1,12}(?:[.,;:!?)`\r\n]|$|(?=[-–—*#>|]))/iu;

/** What a found secret is replaced with in results, messages and masked memory text. */
export const REDACTED = "[redacted]";

// A value that starts with a postal mark, a number sign or a currency sign is an address, a
// number or a price ("〒150-0001 東京都渋谷区" on the line after "my password is"; decision 0117):
// Japan Post's mark, "№" and the signs of the euro, pound, yen, rupee, rouble and won (not "$",
// which passwords are often typed with: "$uperman1").
const SIGN_FIRST = /^[〒№€£¥₹₽₩]/u;

/**
 * Whether a text starts with a postal mark or a currency sign ("〒150-0001", "€40"): a word of
 * its own, an address or a price, which starts a word and never goes on with one.
 */
export function startsWithSign(text: string): boolean {
  return SIGN_FIRST.test(text);
}

/**
 * Whether a stated value is in {@link NOT_A_PASSWORD_VALUE}, case, quotes and end punctuation
 * ignored, or starts with a postal mark or a currency sign (an address or a price).
 */
export function isNotAPasswordValue(value: string): boolean {
  const word = value
    .replace(/^["']|["']$/g, "")
    .replace(/[.,;:!?)]+$/, "")
    .toLowerCase();
  return NOT_A_PASSWORD_VALUE.has(word) || startsWithSign(word);
}

/**
 * Whether a word sends the reader elsewhere for a password ("see", "siehe", "ver", "ask"): a
 * value that is one is read by {@link secretReach}, not taken for the password.
 */
export function isPointerWord(word: string): boolean {
  return POINTER_WORDS.has(word.toLowerCase());
}

// The placeholder, and a part of it cut at a line by the check's joins ("[redacted" + next line).
const PLACEHOLDERS = /\[+redacted\]*|\[*redacted\]+/g;
// The words after a pointer word on its line, up to 6: what a finding of it covers when they are
// no plain place.
const NEXT_WORDS = /^(?:[^\S\r\n]+[^\s]+){0,6}/;

/**
 * A password-shaped word, the value rule of "password hunter2xyz" (`PASSWORD_BARE`): 6 or more
 * chars with a letter and a digit or one of `!@#$%^&*`, as a regex source.
 */
export const PASSWORD_SHAPED_VALUE =
  "(?=[^\\s\"'`]*[A-Za-z])(?=[^\\s\"'`]*[\\d!@#$%^&*])[^\\s\"'`]{6,}";
const SHAPED_WORD = new RegExp(`^${PASSWORD_SHAPED_VALUE}$`);
// The words of a line, each without the clause punctuation after it ("Sommer2024!" is kept whole
// in the mask, tested as "Sommer2024": "Thanks!" is no password).
const LINE_WORDS = /[^\s"'`]+/g;

// After a PIN word a PIN's digits are password-shaped: 4 to 12 digits (ISO 9564-1).
const PIN_BEFORE =
  /(?<![\p{L}\p{N}])(?:pin(?:\s+code|\s+number)?|暗証番号|الرقم\s+السري)s?\s*[:=：]?\s*$/iu;
const PIN_VALUE = /^\d{4,12}$/;
// "else letmein", "sonst geheimnis": a word that says what to use when the place fails, then one
// word of small letters to the end of the line, which is the password, not a place (a place is
// a name, "else Confluence", or more words, "else the wiki").
// "or" counts too (decision 0088): "or the wiki", "or Sam" are more words or a name, and a word
// that is a place alone ("or online", "or upstairs") is `PLACE_ALONE`.
const FALLBACK_WORD =
  "(?:else|otherwise|or|sonst|ansonsten|oder|sinon|ou|si\\s+no|sino|o|senão|altrimenti|anders|inaczej|annars)";
const FALLBACK = new RegExp(
  `[,;]?\\s+${FALLBACK_WORD}[,:]?\\s+(?<word>\\p{Ll}{4,})[.!]?\\s*$`,
  "u",
);
// A fallback word right before a PIN's digits: "PIN: see the card, else 4821".
const FALLBACK_BEFORE = new RegExp(`(?:^|\\s)${FALLBACK_WORD}[,:]?\\s+$`, "iu");
// Words that are a place or a time alone after a fallback word, not a password.
const PLACE_ALONE = new Set([
  ...["here", "there", "elsewhere", "online", "offline", "upstairs", "downstairs", "nearby"],
  ...["outside", "later", "tomorrow", "today", "somewhere", "anywhere", "whatever", "something"],
  ...["nothing", "someone", "somebody", "anyone", "email", "slack", "phone", "text", "call"],
]);

// How many chars of `rest` (the text after a pointer or a keeper's name) to cover: to the end of
// the last password-shaped word on its first line from `from` on (a PIN's digits after a PIN
// word, a plain word after a fallback word), or `undefined` when there is none. A keeper's name
// is no password.
function shapedTail(rest: string, from = 0, pin = false): number | undefined {
  const line = /^[^\r\n]*/.exec(rest)?.[0] ?? "";
  let end: number | undefined;
  const tail = line.slice(from);
  let first = true;
  for (const match of tail.matchAll(LINE_WORDS)) {
    const word = match[0].replace(/[.,;:!?)]+$/, "");
    // A PIN's digits are the first word after the pointer's clause or come after a fallback
    // word: "PIN: see the card, 4821"; a number later on the line is a date or a count
    // ("PIN: see the safe, due 2024").
    const pinAt = first || FALLBACK_BEFORE.test(tail.slice(0, match.index));
    first = false;
    const shaped = SHAPED_WORD.test(word) || (pin && pinAt && PIN_VALUE.test(word));
    if (shaped && !KEEPER_NAMES.has(word.toLowerCase())) {
      end = from + match.index + match[0].length;
    }
  }
  if (end !== undefined) return end;
  const fallback = FALLBACK.exec(line.slice(from));
  const word = fallback?.groups?.word ?? "";
  if (fallback === null || POINTER_WORDS.has(word) || KEEPER_NAMES.has(word)) return undefined;
  if (PLACE_ALONE.has(word)) return undefined;
  return isNotAPasswordValue(word) ? undefined : line.length;
}

// A credential pair's account, a slash and what follows it ("admin / see"; `IN_WORDS`).
const ACCOUNT_THEN = /^[^\s/]+[^\S\r\n]*\/[^\S\r\n]*(?<second>[^\s/]+)$/;

// A key format's prefix and small words joined by dashes or underscores ("sk-ant-project",
// "xoxb-slack-bot", "sk-ant-project---" glued to a front matter's closing line): a project's or a
// file's name. An issued Anthropic, OpenAI or Slack key's body holds digits or capitals (decision
// 0092).
const PREFIXED_SLUG = /^(?:sk-ant|sk|xox[a-z]|xapp)-[a-z]+(?:[-_]+[a-z]+)*[-_]*$/;

/**
 * How much of a text a finder's finding covers, by the one rule of what is no secret: `undefined`
 * when the found span is a key format's prefix and a slug of small words ("sk-ant-project",
 * "xoxb-slack-bot"), is nothing but {@link REDACTED} (or a bracketed part of it) and punctuation
 * (a masked text checked again: "redis://:[redacted]@host", two masked halves joined), or points
 * to where a password is kept (a password manager's name; a pointer word such as "see", "siehe",
 * "voir", "ask" followed by 1 to 12 plain words to the end of the clause) and nothing
 * password-shaped ({@link PASSWORD_SHAPED_VALUE}) follows on its line; an account, a slash and
 * such a pointer or name ("admin / see") is read as the pointer. Else how many chars of
 * `after` it covers too: 0; a pointer word's next words when they are no place ("see the
 * vault2024!" may hold the password); or the pointer's clause and the line up to its last
 * password-shaped word ("see the vault, then Sommer2024!", "1Password Sommer2024!"), or to the
 * end of the line when a fallback word and one word of small letters end it ("see the vault,
 * else letmein"; decision 0078).
 *
 * @param found - The found span of a text.
 * @param after - The text after it.
 * @param before - The text before it: after a PIN word ("PIN: see the card, 4821") a PIN's 4 to
 *   12 digits (ISO 9564-1) are password-shaped too.
 * @returns `undefined` (no secret), or the chars of `after` to cover as well.
 * @example secretReach("see", " the vault") // undefined
 * @example secretReach("see", " the vault2024!") // 15
 * @example secretReach("see", " the vault, or hunter2") // 22
 * @example secretReach("admin / see", " the wiki") // undefined
 */
export function secretReach(found: string, after: string, before = ""): number | undefined {
  if (!/[\p{L}\p{N}]/u.test(found.replace(PLACEHOLDERS, ""))) return undefined;
  if (PREFIXED_SLUG.test(found)) return undefined;
  // An account and, after its slash, what stands for its password: "default login: admin / see
  // the wiki" points to where the password is as "login: see the wiki" does; the account's name
  // is no secret (decision 0124).
  const second = ACCOUNT_THEN.exec(found)?.groups?.second ?? found;
  const word = second.replace(/^["']|["']$/g, "").toLowerCase();
  const pin = PIN_BEFORE.test(before.slice(-40));
  if (KEEPER_NAMES.has(word.replace(/[.,;:!?)]+$/, ""))) return shapedTail(after, 0, pin);
  if (!POINTER_WORDS.has(word)) return 0;
  const place = PLACE.exec(after);
  if (place === null) return NEXT_WORDS.exec(after)?.[0].length ?? 0;
  return shapedTail(after, place[0].length, pin);
}
