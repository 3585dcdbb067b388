import { access } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { recallForPrompt } from "../boundary/recall-for-prompt.js";
import { checkSecrets, checkSecretsOfEach, maskSecretsOfEach } from "../guards/index.js";
import { maskPathsOfEach } from "../guards/mask-paths.js";
import { memfilesMemoryTool } from "../memory-tool/memory-tool.js";
import { LAYOUT_NAMES } from "../store/index.js";
import { remember } from "./index.js";

// A new user's fourteenth trial (decision 0092): secrets the check still saved, everyday notes it
// refused, and names it masked that are no key. Each row goes through the one check on every
// write surface (`remember`, which the MCP server, `memfiles remember` and the hooks call; the
// memory tool) in both layouts, and through the masking every read surface calls.
// Passwords are assembled at run time so the repository holds no literal secrets.
const SOMMER = ["Sommer", "2024", "!"].join("");
const HORSE = ["Blue", "Horse", "77"].join("");
const PIN = ["48", "21"].join("");
const LETMEIN = ["let", "me", "in"].join("");
const TOKEN_HEAD = ["k3Jd", "9QmZ"].join("");
const TOKEN_TAIL = ["x8Pq2L", "rT7vNw"].join("");
const NOW = new Date("2026-12-07T12:00:00Z");
const DANA = ["Dana", "'s", "2024"].join("");
const KATT = ["katt", "99"].join("");
// Six words of BIP-39's lists in other languages (bitcoin/bips bip-0039/*.txt, words 101 to 106).
const PHRASES = {
  spanish: "ancho anciano ancla andar andén anemia",
  french: "amusant analyse anaphore anarchie anatomie ancien",
  italian: "andrea anello angelo angolare angusto anima",
  portuguese: "alicate alienar alinhar aliviar almofada alocar",
  czech: "bradavka brambora branka bratr brepta briketa",
  japanese: "いったん\u3000いっち\u3000いってい\u3000いっぽう\u3000いてざ\u3000いてん",
  korean: "경험 계곡 계단 계란 계산 계속",
  chinese: "去 把 性 好 应 开",
} as const;

const REFUSED: Array<[name: string, fact: string, secret: string]> = [
  ["Turkish, 'its password'", `wifi şifresi: ${SOMMER}`, SOMMER],
  ["Turkish, 'my password'", `şifrem ${SOMMER}`, SOMMER],
  ["Turkish, 'our password'", `şifremiz ${SOMMER}`, SOMMER],
  ["a PIN in German", `die PIN lautet ${PIN}`, PIN],
  ["a PIN in German, 'ist'", `die PIN ist ${PIN}`, PIN],
  ["a PIN in French", `le code PIN est ${PIN}`, PIN],
  ["a PIN in Spanish", `mi PIN es ${PIN}`, PIN],
  ["a PIN in Italian", `il PIN è ${PIN}`, PIN],
  ["six words before 'is'", `the password for the NAS at my parents' house is ${SOMMER}`, SOMMER],
  ["a passphrase of words", "passphrase: correct horse battery staple", "horse battery staple"],
  ["an arrow for 'is'", `- Password → ${HORSE}`, HORSE],
  ["a URL's user and password without its scheme", `jdoe:${HORSE}@nas.local`, HORSE],
  ["an alarm code", `the alarm code is ${PIN}`, PIN],
  ["a door code", `the door code is ${PIN}`, PIN],
  ["a locker combination", "my locker combination is 12-34-56", "12-34-56"],
  ["Czech", `moje heslo je ${SOMMER}`, SOMMER],
  ["Norwegian", `passordet mitt er ${SOMMER}`, SOMMER],
  ["Danish", `adgangskoden er ${SOMMER}`, SOMMER],
  ["Finnish", `salasanani on ${SOMMER}`, SOMMER],
  ["Romanian", `parola mea este ${SOMMER}`, SOMMER],
  ["Hungarian", `a jelszavam ${SOMMER}`, SOMMER],
  ["Vietnamese", `mật khẩu của tôi là ${SOMMER}`, SOMMER],
  ["Indonesian", `kata sandi saya adalah ${SOMMER}`, SOMMER],
  ["Thai", `รหัสผ่านของฉันคือ ${SOMMER}`, SOMMER],
  // A new user's next trial (decision 0096); the backticks, "hasło do wifi:" and Korean rows
  // were refused before too and pin what the trial listed.
  ["a bold label", `**Password:** ${SOMMER}`, SOMMER],
  ["backticks around the value", `Password: \`${SOMMER}\``, SOMMER],
  ["a table row", `| wifi password | ${SOMMER} |`, SOMMER],
  ["a parenthesis before 'is'", `the wifi password (guest network) is ${SOMMER}`, SOMMER],
  ["Polish 'to'", `hasło to ${SOMMER}`, SOMMER],
  ["Polish, a colon", `hasło do wifi: ${SOMMER}`, SOMMER],
  ["Russian, no colon", `пароль от роутера ${SOMMER}`, SOMMER],
  ["Japanese after Latin letters", `ユーザーのWi-Fiパスワードは${SOMMER}です`, SOMMER],
  ["Chinese after Latin letters", `我的wifi密码是${SOMMER.slice(0, -1)}`, SOMMER.slice(0, -1)],
  ["Korean", `비밀번호는 ${SOMMER}`, SOMMER],
  ["a lock after its code", `the code for the alarm is ${PIN}`, PIN],
  ["'s for 'is'", `the alarm code's ${PIN}`, PIN],
  ["an account, then its password", `try admin then ${LETMEIN}`, LETMEIN],
  [
    "a default account in small letters",
    `admin / ${SOMMER.toLowerCase().slice(0, -1)}`,
    "sommer2024",
  ],
  ["a random token cut by a space", `the api token is ${TOKEN_HEAD} ${TOKEN_TAIL}`, TOKEN_TAIL],
  // A fifteenth new user's trial (0096 amended).
  ["German, a bold label", `**Passwort:** ${HORSE}`, HORSE],
  ["German 'Geheimzahl'", `Geheimzahl: ${PIN}`, PIN],
  ["German 'PIN-Code'", `PIN-Code: ${PIN}`, PIN],
  ["a door code with no 'is'", `door code ${PIN}`, PIN],
  ["a French card's code", `ma carte bleue code ${PIN}`, PIN],
  // A sixteenth new user's trial (decision 0108): door codes, PINs and wifi keys in other
  // languages, and a phone's unlock code.
  ["a French door code", `code d'accès de la porte : ${PIN}`, PIN],
  ["a French digicode", `digicode : ${PIN}`, PIN],
  ["a digicode with a letter", `le digicode est ${PIN}B`, `${PIN}B`],
  ["a Spanish door code", `el código de la puerta es ${PIN}`, PIN],
  ["an Italian door code", `il codice della porta è ${PIN}`, PIN],
  ["a Dutch door code", `de deurcode is ${PIN}`, PIN],
  ["a Portuguese door code", `o código da porta é ${PIN}`, PIN],
  ["a Russian door code", `код от двери ${PIN}`, PIN],
  ["a Russian intercom code", `код домофона ${PIN}`, PIN],
  ["German 'Türcode'", `Türcode ${PIN}`, PIN],
  ["German 'Zugangscode'", `Zugangscode: ${PIN}`, PIN],
  ["German, the code of the front door", `Code der Haustür: ${PIN}`, PIN],
  ["a Dutch PIN", `mijn pincode is ${PIN}`, PIN],
  ["a Russian PIN", `ПИН-код ${PIN}`, PIN],
  ["a phone's unlock code", `my phone unlock code is ${PIN}`, PIN],
  ["a wifi label", `wifi: ${HORSE.toLowerCase()}`, HORSE.toLowerCase()],
  ["a German wifi key", `WLAN-Schlüssel: ${HORSE}`, HORSE],
  ["a French wifi key", `clé wifi : ${HORSE}`, HORSE],
  ["a Spanish wifi key", `la clave del wifi es ${HORSE}`, HORSE],
  // A seventeenth new user's trial (decision 0117): door codes, PINs and wifi keys beside 0108's
  // shapes, a default account's password, a value with an apostrophe, recovery phrases in the
  // languages of BIP-39's other lists.
  ["a French door code, no 'de la'", `code porte : ${PIN}`, PIN],
  ["a Spanish alarm's 'clave'", `la clave de la alarma es ${PIN}`, PIN],
  ["a Spanish card's PIN, a colon", `PIN de la tarjeta: ${PIN}`, PIN],
  ["a Russian card's PIN", `пин-код карты ${PIN}`, PIN],
  ["a German wifi key, a space", `WLAN Schlüssel ist ${HORSE}`, HORSE],
  [
    "a French passphrase",
    "mon mot de passe est cheval correct pile agrafe",
    "cheval correct pile agrafe",
  ],
  ["a Polish door code", `kod do drzwi to ${PIN}`, PIN],
  ["a Swedish door code", `portkoden är ${PIN}`, PIN],
  ["a Finnish door code", `ovikoodi on ${PIN}`, PIN],
  ["a Greek door code", `κωδικός πόρτας ${PIN}`, PIN],
  ["a Hebrew door code", `קוד הדלת ${PIN}`, PIN],
  ["an Arabic door code", `رمز الباب ${PIN}`, PIN],
  ["a Hindi door code", `दरवाजे का कोड ${PIN}`, PIN],
  ["a router's default login", "router login admin/admin", "admin/admin"],
  ["an apostrophe inside the value", `my password is ${DANA}`, "s2024"],
  ["a Spanish recovery phrase", `mi frase de recuperación es ${PHRASES.spanish}`, "andén"],
  ["a French recovery phrase", `phrase de récupération : ${PHRASES.french}`, "anatomie"],
  ["an Italian recovery phrase", `la frase di recupero è ${PHRASES.italian}`, "angusto"],
  ["a Portuguese recovery phrase", `frase de recuperação: ${PHRASES.portuguese}`, "almofada"],
  ["a Czech recovery phrase", `obnovovací fráze: ${PHRASES.czech}`, "brepta"],
  ["a Japanese recovery phrase", `リカバリーフレーズは${PHRASES.japanese}`, "いてざ"],
  ["a Korean recovery phrase", `복구 구문은 ${PHRASES.korean}`, "계산"],
  ["a Chinese recovery phrase", `我的助记词是：${PHRASES.chinese}`, "应 开"],
  // A nineteenth new user's trial (decision 0124): a PIN word's compounds and definite forms, a
  // card's code beside the card, a padlock's combination, passphrase words and a password word's
  // definite form in other languages, a Spanish phrase after an English label.
  ["a Swedish PIN", `min pinkod är ${PIN}`, PIN],
  ["a Swedish PIN, definite", `PIN-koden är ${PIN}`, PIN],
  ["a Danish PIN", `min pinkode er ${PIN}`, PIN],
  ["a Finnish PIN", `PIN-koodi on ${PIN}`, PIN],
  ["a French card's code", `mon code de carte bleue est ${PIN}`, PIN],
  ["a Spanish card's code", `código de mi tarjeta ${PIN}`, PIN],
  ["a Portuguese card's code", `o código do meu cartão é ${PIN}`, PIN],
  ["an Italian card's code", `il codice del bancomat è ${PIN}`, PIN],
  ["a German card's code", `der Code meiner Bankkarte ist ${PIN}`, PIN],
  ["a Polish card's code", `kod do karty ${PIN}`, PIN],
  ["a Spanish padlock", `combinación del candado ${PIN}`, PIN],
  ["a French padlock", `la combinaison du cadenas est ${PIN}`, PIN],
  ["an Italian padlock", `la combinazione del lucchetto è ${PIN}`, PIN],
  ["a German padlock", `die Kombination des Zahlenschlosses ist ${PIN}`, PIN],
  ["a Dutch padlock", `de combinatie van het hangslot is ${PIN}`, PIN],
  ["a Swedish padlock", `kombinationen till hänglåset är ${PIN}`, PIN],
  ["a Norwegian door code", `dørkoden er ${PIN}`, PIN],
  [
    "a French 'phrase secrète'",
    "ma phrase secrète est cheval correct batterie agrafe",
    "batterie agrafe",
  ],
  [
    "a French 'phrase de passe'",
    "ma phrase de passe est cheval correct batterie agrafe",
    "batterie agrafe",
  ],
  ["a Spanish passphrase", "mi frase secreta es caballo correcto batería grapa", "batería grapa"],
  [
    "a German passphrase word",
    "meine Passphrase ist korrekt Pferd Batterie Heftklammer",
    "Batterie Heftklammer",
  ],
  ["a Swedish passphrase", "lösenfrasen är häst korrekt batteri häftklammer", "batteri"],
  ["a Swedish password, definite", `lösenordet är ${KATT}`, KATT],
  ["a Swedish wifi password", `wifi-lösenordet är ${KATT}`, KATT],
  ["a Norwegian wifi password", `wifi-passordet er ${KATT}`, KATT],
  ["a Spanish phrase after an English label", `seed phrase: ${PHRASES.spanish}`, "andén"],
];

describe("a secret the trial saved is refused on every write surface and masked when shown", () => {
  it.each(REFUSED)("%s: %s", async (_, fact, secret) => {
    const bare = secret.replace(/!$/, "");
    expect((await checkSecrets({ texts: [fact] })).ok).toBe(false);
    const [masked] = await maskSecretsOfEach([fact]);
    expect(masked?.text).toContain("[redacted]");
    expect(masked?.text).not.toContain(bare);
    for (const layout of LAYOUT_NAMES) {
      const store = await tempStore(layout);
      const saved = await remember({ store, path: "topics/accounts.md", fact, now: NOW });
      expect({ layout, code: saved.code }).toEqual({ layout, code: "secret" });
      expect(JSON.stringify(saved)).not.toContain(bare);
      const created = memfilesMemoryTool({ store }).run({
        command: "create",
        path: "/memories/accounts.md",
        file_text: `${fact}\n`,
      });
      await expect(created).rejects.toThrow(/holds a secret/);
      await expect(access(join(store.root, "accounts.md"))).rejects.toThrow();
      const file = layout === "subject" ? "topics/accounts.md" : "accounts.md";
      const head = "---\nname: accounts\ndescription: Accounts and where their logins are.\n---\n";
      await store.write(file, `${head}${fact}\n`, "new");
      const shown = (await recallForPrompt({ store, query: `accounts ${fact}` })).text;
      expect({ layout, masked: shown.includes("[redacted]") }).toEqual({ layout, masked: true });
      expect(shown).not.toContain(bare);
    }
  });
});

// What the trial had refused: a pointer in a file whose name holds a digit (the name was glued
// after the pointer's place, "…see the vault" + " home2"), a pointer and a password-manager
// note in one file the same day (one-shot writes read the file's lines of today as the session),
// and a participle after "is".
const SAVED: Array<[name: string, path: string, facts: string[]]> = [
  ["a pointer, a digit in the name", "topics/home2.md", ["password: see the vault"]],
  ["a PIN pointer, a year in the name", "topics/nas-2024.md", ["PIN: ask Sam"]],
  ["a German pointer, a digit in the name", "topics/note1.md", ["Kennwort: siehe Tresor"]],
  [
    "a French pointer, a digit in the name",
    "topics/n12.md",
    ["mot de passe : voir le coffre-fort"],
  ],
  ["prose, a digit in the name", "topics/n12.md", ["runs redis on redis://localhost:6379"]],
  [
    "a pointer, then a password manager the same day",
    "topics/bank.md",
    ["password: see the vault", "uses 1Password as password manager"],
  ],
  [
    "printed on its label",
    "topics/router.md",
    ["the password for the router is printed on its label"],
  ],
  ["printed on the receipt", "topics/wifi.md", ["the password is printed on the receipt"]],
  ["taped under the keyboard", "topics/desk.md", ["the password is taped under the keyboard"]],
  ["asked twice at login", "topics/login.md", ["the password is asked twice at login"]],
  ["a key's path", "topics/ssh.md", ["the SSH key is ~/.ssh/id_ed25519"]],
  ["a project named after a Slack prefix", "topics/work.md", ["builds the xoxb-slack-bot project"]],
  ["a slug with a provider prefix as a name", "projects/sk-ant-project.md", ["likes quokkas"]],
  ["a slug with a Slack prefix as a name", "projects/xoxb-slack-bot.md", ["runs on Fly.io"]],
  // Near each rule of decision 0096.
  ["an alarm's time", "topics/home.md", ["the alarm goes off at 4:30"]],
  ["a code review", "topics/work.md", ["the code review is at 10"]],
  ["a lock code's place", "topics/home.md", ["the code for the alarm is on the fridge"]],
  ["Polish 'slogan'", "topics/work.md", ["hasło reklamowe"]],
  ["a building code's year", "topics/home.md", ["the building code 2019 requires railings"]],
  ["an alarm code's meaning", "topics/home.md", ["alarm code 3 means low battery"]],
  ["a forgotten German PIN", "topics/bank.md", ["meine Geheimzahl habe ich vergessen"]],
  ["a German bold pointer", "topics/bank.md", ["**Passwort:** siehe Tresor"]],
  ["Polish, a router model", "topics/home.md", ["hasło do routera AX1500"]],
  ["Russian 'is hard'", "topics/home.md", ["пароль — это сложно"]],
  ["Russian, where it is", "topics/home.md", ["пароль от роутера на наклейке"]],
  ["Japanese 'forgot the password'", "topics/home.md", ["パスワードを忘れた"]],
  ["Japanese, where it is", "topics/home.md", ["Wi-Fiパスワードは冷蔵庫に貼ってある"]],
  ["Chinese 'what is the password'", "topics/home.md", ["我的wifi密码是什么"]],
  ["roles", "topics/work.md", ["admin / editor roles"]],
  ["an account and a command", "topics/work.md", ["log in as admin with sudo"]],
  // A weekend another language names is written as a range of days (decision 0101): glued to the
  // next fact of the day it read as a random token (decision 0108).
  [
    "a French weekend, then a name",
    "topics/trips.md",
    ["nous étions à Nice le week-end dernier", "Maria aime le thé"],
  ],
  [
    "a Spanish weekend, then a name",
    "topics/trips.md",
    ["fuimos a Toledo el fin de semana pasado", "Ana vive en Madrid"],
  ],
  // Near decision 0108's codes and wifi keys.
  ["the highway code", "topics/driving.md", ["le code de la route"]],
  ["a broken German door code", "topics/home.md", ["der Türcode ist kaputt"]],
  ["source code in Spanish", "topics/work.md", ["el código fuente"]],
  ["a Spanish postcode", "topics/home.md", ["el código postal es 28013"]],
  ["a French postcode", "topics/home.md", ["le code postal est 75011"]],
  ["a door code's year", "topics/home.md", ["Zugangscode 2024 erneuern"]],
  ["a blocked Dutch PIN", "topics/bank.md", ["mijn pincode is geblokkeerd"]],
  ["slow wifi", "topics/home.md", ["wifi: slow today"]],
  ["a wifi band", "topics/home.md", ["wifi: 2.4GHz only"]],
  ["a wifi standard", "topics/home.md", ["wifi: WPA2-Personal"]],
  ["a network's name and band", "topics/home.md", ["wifi: Telekom-5G"]],
  ["a Spanish wifi key's place", "topics/home.md", ["la clave del wifi está en la nevera"]],
  ["a bold pointer", "topics/bank.md", ["**Password:** see the vault"]],
  ["a pointer in backticks", "topics/bank.md", ["Password: `see the vault`"]],
  ["a table of where", "topics/home.md", ["| wifi password | on the fridge |"]],
  [
    "a parenthesis and a place",
    "topics/home.md",
    ["the wifi password (guest network) is on the fridge"],
  ],
  // Near decision 0117's rows: what a passphrase is like, where a seed phrase is, a network's
  // name, a model number above a line about wifi, a postcode after a line about a password, a
  // recovery phrase's place in Spanish, seeds in a garden, roles.
  ["a case-sensitive passphrase", "topics/home.md", ["the passphrase is case sensitive"]],
  ["a seed phrase kept safe", "topics/wallet.md", ["my seed phrase is safe now"]],
  [
    "a model number, then a network's name",
    "topics/home.md",
    ["Fritz!Box 7590", "Wi-Fi: Casa42 network, password on the fridge"],
  ],
  [
    "a password line, then slow wifi",
    "topics/home.md",
    ["my wifi password", "our wifi is slow in the kitchen"],
  ],
  [
    "a password line, then a postcode",
    "topics/home.md",
    ["our wifi password changed", "〒150-0001 東京都渋谷区"],
  ],
  [
    "a Spanish recovery phrase's place",
    "topics/wallet.md",
    ["la frase de recuperación está en la caja fuerte"],
  ],
  ["seeds in a garden", "topics/garden.md", ["semillas: tomate, pepino, calabaza"]],
  ["roles named admin", "topics/work.md", ["the admin/admin role"]],
  ["a changed Swedish door code", "topics/home.md", ["portkoden är ändrad"]],
  ["a changed Polish door code", "topics/home.md", ["kod do drzwi zmieniony"]],
  ["a door code's date", "topics/home.md", ["the door code on 2024-05-01 was changed"]],
  ["default accounts", "topics/work.md", ["default admin/admin accounts are disabled"]],
  // Near decision 0124's rows: a password manager then a number the same day (a compound's first
  // word is no label), a year under a heading about pins, a default login's pointer, Swedish
  // words after a password word, codes and combinations that name no lock.
  [
    "a password manager, then a German postcode",
    "topics/home.md",
    ["mein Passwort-Manager ist Bitwarden", "meine Postleitzahl ist 10115"],
  ],
  [
    "a password manager, then a house number",
    "topics/home.md",
    ["mein Passwort-Manager ist Bitwarden", "ich wohne in der Hausnummer 4817"],
  ],
  [
    "a password manager, then a Spanish postcode",
    "topics/home.md",
    ["mein Passwort-Manager ist Bitwarden", "mi código postal es 28013"],
  ],
  [
    "a password manager ending a line, then a postcode",
    "topics/home.md",
    ["mein Passwort-Manager", "10115 ist meine Postleitzahl"],
  ],
  [
    "a password manager's subscription",
    "topics/home.md",
    ["mein Passwort-Manager-Abo kostet 36 Euro"],
  ],
  ["pins on a board", "topics/work.md", ["pins on the board: 2024"]],
  ["a default login's pointer", "topics/work.md", ["default login: admin / see the wiki"]],
  ["an easy Swedish password", "topics/home.md", ["mitt lösenord är lätt att glömma"]],
  ["a changed Swedish password", "topics/home.md", ["lösenordet är bytt"]],
  ["a long French passphrase", "topics/home.md", ["ma phrase de passe est longue"]],
  ["a Spanish card's code's place", "topics/bank.md", ["el código de la tarjeta está al dorso"]],
  ["a winning combination", "topics/work.md", ["la combinaison gagnante était 2024"]],
];

describe("everyday notes the trial had refused are saved in both layouts", () => {
  it.each(SAVED)("%s: %s", async (_, path, facts) => {
    for (const fact of facts) {
      expect((await checkSecrets({ texts: [fact] })).ok).toBe(true);
      expect((await maskSecretsOfEach([fact]))[0]?.text).toBe(fact);
    }
    expect((await maskPathsOfEach([path]))[0]?.path).toBe(path);
    for (const layout of LAYOUT_NAMES) {
      const store = await tempStore(layout);
      for (const fact of facts) {
        const saved = await remember({ store, path, fact, now: NOW });
        expect({ layout, fact, code: saved.code }).toEqual({ layout, fact, code: "applied" });
      }
    }
  });
});

// Claude Code writes a fact file with front matter through the memory tool's create (and its
// PreToolUse hook checks the same write): the pointer body was joined with the whole text, "…see
// the vault" + " ---", a place followed by no word, and refused as "two of its fields".
describe("a pointer in a file with front matter is saved by the memory tool in both layouts", () => {
  // A model number above a network's name (decision 0124: the fields' join had read "Wi-Fi:
  // Casa42" before the closing "---"), a line ending in a year above another.
  it.each([
    "Wifi password: see the vault",
    "PIN: ask Sam",
    "Kennwort: siehe Tresor",
    "Fritz!Box 7590\nWi-Fi: Casa42 network, password on the fridge",
    // The line read twice where the fact layout's fields meet (decision 0124).
    "pins on the board: 2024\ndefault login: admin / see the wiki",
  ])("%s", async (fact) => {
    for (const layout of LAYOUT_NAMES) {
      const store = await tempStore(layout);
      const file = layout === "subject" ? "topics/wifi-vault.md" : "wifi-vault.md";
      await memfilesMemoryTool({ store }).run({
        command: "create",
        path: `/memories/${file}`,
        file_text: `---\nname: wifi\ndescription: home network notes\n---\n${fact}\n`,
      });
      await expect(access(join(store.root, file))).resolves.toBeUndefined();
    }
  });
});

// A file about a project whose slug starts like a key: its front matter's closing `---` was glued
// to "sk-ant-project" and masked with it, so `show` and MCP `read` lost the line and search
// dropped the file. The masking every read surface calls and the check now leave it whole.
describe("a slug with a provider prefix is no key where a file is shown", () => {
  const text = [
    "---",
    "name: x",
    "description: stuff about sk-ant-project",
    "---",
    "[stated 2026/12/01] note about quokka sk-ant-project",
    "",
  ].join("\n");

  it("is shown as it is and checked clean", async () => {
    expect((await maskSecretsOfEach([text]))[0]?.text).toBe(text);
    expect(await checkSecretsOfEach([text.split("\n")])).toEqual([{ ok: true, code: "clean" }]);
  });
});
