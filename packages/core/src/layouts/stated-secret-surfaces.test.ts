import { access } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { recallForPrompt } from "../boundary/recall-for-prompt.js";
import { checkSecrets, maskSecretsOfEach } from "../guards/index.js";
import { memfilesMemoryTool } from "../memory-tool/memory-tool.js";
import { LAYOUT_NAMES, type StoreLayout } from "../store/index.js";
import { remember } from "./index.js";

// Secrets a new user's trial saved and recalled raw: a password in a non-Latin script, a user and
// password labelled only by what they are for, a PIN or a password after a pointer's clause
// (decision 0078). Each row goes through the one check on every write surface (`remember`, which
// the MCP server, `memfiles remember` and the hooks call; the memory tool) in both layouts and is
// masked where a hand-written file is shown (recall; the masking every read surface calls).
// Passwords are assembled at run time so the repository holds no literal secrets.
const year = (word: string, end = "!") => [word, "2024", end].join("");
const PIN = ["48", "21"].join("");
const RANDOM = ["Rv8k", "P2xQ!"].join("");
const PLAIN = ["let", "me", "in"].join("");
const NOW = new Date("2026-12-07T12:00:00Z");

const ROWS: Array<[name: string, fact: string, secret: string]> = [
  ["Russian", `пароль: ${year("Лето")}`, year("Лето")],
  ["Ukrainian", `пароль від пошти: ${year("Літо")}`, year("Літо")],
  ["Greek", `κωδικός: ${year("Καλοκαίρι")}`, year("Καλοκαίρι")],
  ["Greek, a copula", `ο κωδικός πρόσβασης είναι ${year("Καλοκαίρι", "")}`, year("Καλοκαίρι", "")],
  ["Arabic", `كلمة المرور: ${year("صيف")}`, year("صيف")],
  ["Hebrew", `סיסמה: ${year("קיץ")}`, year("קיץ")],
  ["Hindi", `पासवर्ड: ${year("गर्मी")}`, year("गर्मी")],
  ["Chinese", `密码：${year("夏天")}`, year("夏天")],
  ["Japanese", `パスワード：${year("夏")}`, year("夏")],
  ["Korean", `비밀번호: ${year("여름")}`, year("여름")],
  // A PIN's digits after a pointer's clause; a password after a short pointer word; a plain word
  // after a fallback word ("else", "sonst").
  ["a PIN after a pointer", `PIN: see the card, ${PIN}`, PIN],
  ["a PIN after a pointer, German", `PIN: siehe Karte, sonst ${PIN}`, PIN],
  ["a bank PIN after a person", `my bank PIN: ask Anna, ${PIN}`, PIN],
  [
    "Spanish, a short pointer",
    `contraseña: ver el llavero, si no ${year("Verano")}`,
    year("Verano"),
  ],
  // A user name and password after a label that says only what they are for.
  ["a NAS pair", `NAS: admin / ${year("Sommer")}`, year("Sommer")],
  ["a router pair, random", `Router: admin / ${RANDOM}`, RANDOM],
  ["a German printer pair", `Drucker: admin/${year("Sommer")}`, year("Sommer")],
  ["a Russian router pair", `Роутер: admin / ${RANDOM}`, RANDOM],
  ["a Japanese router pair", `ルーター：admin / ${RANDOM}`, RANDOM],
  ["an e-mail and a password", `Gmail: dana@example.com / ${year("Sommer")}`, year("Sommer")],
  ["a plain word after 'else'", `password: see the vault, else ${PLAIN}`, PLAIN],
  ["a plain word after 'sonst'", `Passwort: siehe Tresor, sonst ${PLAIN}`, PLAIN],
  ["a plain word after 'sinon'", `mot de passe : voir le coffre-fort, sinon ${PLAIN}`, PLAIN],
  // Italian says "password", and "è" is its "is" (a new user's trial); words may come between.
  ["Italian", `la password è ${year("Sommer")}`, year("Sommer")],
  ["Italian, words between", `la password del wifi è ${year("Sommer")}`, year("Sommer")],
  ["Italian, a plain value with a digit", `la mia password è ${PLAIN}2`, `${PLAIN}2`],
  [
    "Spanish, words before the copula",
    `la contraseña del banco es ${year("Verano")}`,
    year("Verano"),
  ],
  // Decision 0088: one plain word after "or"; a pair after a device's default account name whose
  // password has no symbol and does not look random; Hindi in subject-verb-object order.
  ["a plain word after 'or'", `password: see the vault, or ${PLAIN}`, PLAIN],
  ["a plain word after 'oder'", `Passwort: siehe Tresor, oder ${PLAIN}`, PLAIN],
  ["a NAS pair without a symbol", `NAS: admin / ${year("Sommer", "")}`, year("Sommer", "")],
  ["a router pair, root and a bar", `Router: root | ${year("Winter", "")}`, year("Winter", "")],
  ["a Pi's pair", `Raspberry Pi: pi / ${year("Himbeer", "")}`, year("Himbeer", "")],
  ["Hindi, verb before the value", `मेरा पासवर्ड है ${year("Sommer", "")}`, year("Sommer", "")],
  ["Hindi, a Devanagari value", `पासवर्ड है ${year("गर्मी")}`, year("गर्मी")],
];

async function shownByRecall(layout: StoreLayout, fact: string): Promise<string> {
  const store = await tempStore(layout);
  const file = layout === "subject" ? "topics/accounts.md" : "accounts.md";
  const head = "---\nname: accounts\ndescription: Accounts and where their logins are.\n---\n";
  await store.write(file, `${head}${fact}\n`, "new");
  return (await recallForPrompt({ store, query: `accounts ${fact}` })).text;
}

describe("a stated secret is refused on every write surface and masked when shown", () => {
  it.each(ROWS)("%s: %s", async (_, fact, secret) => {
    expect((await checkSecrets({ texts: [fact] })).ok).toBe(false);
    const [masked] = await maskSecretsOfEach([fact]);
    expect(masked?.text).toContain("[redacted]");
    expect(masked?.text).not.toContain(secret.replace(/!$/, ""));
    for (const layout of LAYOUT_NAMES) {
      const store = await tempStore(layout);
      const saved = await remember({ store, path: "topics/accounts.md", fact, now: NOW });
      expect({ layout, code: saved.code }).toEqual({ layout, code: "secret" });
      expect(JSON.stringify(saved)).not.toContain(secret);
      const created = memfilesMemoryTool({ store }).run({
        command: "create",
        path: "/memories/accounts.md",
        file_text: `${fact}\n`,
      });
      await expect(created).rejects.toThrow(/holds a secret \(password\)/);
      await expect(created).rejects.not.toThrow(secret);
      await expect(access(join(store.root, "accounts.md"))).rejects.toThrow();
      const shown = await shownByRecall(layout, fact);
      expect({ layout, masked: shown.includes("[redacted]") }).toEqual({ layout, masked: true });
      expect(shown).not.toContain(secret.replace(/!$/, ""));
    }
  });
});

// What the check's rules leave shown around a secret, or leave alone (decision 0088): a number
// later on a PIN pointer's line is a date or a count, a Japanese sentence goes on after a
// password, and a key a space cut in two on one line is masked whole. `secret` is what no surface
// may show (empty: the fact holds none), `kept` what every surface must.
const [GITHUB_HEAD, GITHUB_TAIL] = [["ghp_R8fK2mQ9", "xL4vN7pT1wZ6yB3cH5j"].join(""), "D0sA2eG8k"];
const AROUND: Array<[name: string, fact: string, secrets: string[], kept: string]> = [
  ["a PIN pointer and a year", "PIN: see the safe, due 2024", [], "due 2024"],
  ["a PIN pointer and a count", "bank PIN: ask Anna, she has 1200 cards", [], "1200 cards"],
  ["a Japanese password and です", `パスワードは${year("夏")}です`, [year("夏", "")], "です"],
  [
    "a Japanese password and でした。",
    `パスワードは${year("夏", "")}でした。`,
    [year("夏", "")],
    "でした。",
  ],
  [
    "a GitHub token with a space inside",
    `deploy token ${GITHUB_HEAD} ${GITHUB_TAIL}`,
    [GITHUB_HEAD, GITHUB_TAIL],
    "deploy token",
  ],
];

describe("the check masks the secret, and only the secret, on every surface", () => {
  it.each(AROUND)("%s: %s", async (_, fact, secrets, kept) => {
    expect((await checkSecrets({ texts: [fact] })).ok).toBe(secrets.length === 0);
    const [masked] = await maskSecretsOfEach([fact]);
    const shown = [masked?.text ?? ""];
    for (const layout of LAYOUT_NAMES) {
      const store = await tempStore(layout);
      const saved = await remember({ store, path: "topics/accounts.md", fact, now: NOW });
      expect({ layout, code: saved.code }).toEqual({
        layout,
        code: secrets.length === 0 ? "applied" : "secret",
      });
      shown.push(JSON.stringify(saved), await shownByRecall(layout, fact));
    }
    for (const text of shown) {
      expect(text).toContain(kept);
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });
});
