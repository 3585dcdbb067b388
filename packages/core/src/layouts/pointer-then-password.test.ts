import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSecrets, findSecrets, maskSecretsOfEach } from "../guards/index.js";
import { LAYOUT_NAMES, MemoryStore, type StoreLayout } from "../store/index.js";
import { remember } from "./index.js";

// A pointer to where a password is kept is no password (decision 0071), but only when nothing
// password-shaped follows it on its line: a user's trial saved "password: see the vault, then
// <password>" raw and recall showed it. Each row is refused by the write guard, found by the
// check and masked in recall; the pointers alone stay facts. Passwords are assembled at run time
// so the repository holds no literal secrets.
const PASSWORD = ["Sommer", "2024!"].join("");
const SPANISH = ["Verano", "2024!"].join("");
const SHORT = ["hunter", "2"].join("");
const NOW = new Date("2026-12-07T12:00:00Z");

async function store(layout: StoreLayout = "subject"): Promise<MemoryStore> {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-pointer-")), "memory");
  return new MemoryStore({ root, layout });
}

describe("a password after a pointer", () => {
  it.each([
    ["English, a clause then more", `password: see the vault, then ${PASSWORD}`, PASSWORD],
    ["English, a manager's name", `Bank password: 1Password ${PASSWORD}`, PASSWORD],
    ["English, a sentence then more", `Wifi password: check the vault. ${PASSWORD}`, PASSWORD],
    ["English, a person", `password: ask Sam, it's ${PASSWORD}`, PASSWORD],
    ["English, a plain password", `password: see the vault, or ${SHORT}`, SHORT],
    ["English, a manager and a slash", `password: Bitwarden / ${PASSWORD}`, PASSWORD],
    ["English, a key store", `password: keychain, ${PASSWORD}`, PASSWORD],
    ["German, a person", `Passwort: frag Anna, sonst ${PASSWORD}`, PASSWORD],
    ["German, a place", `Kennwort: siehe Tresor, sonst ${PASSWORD}`, PASSWORD],
    ["French", `mot de passe : voir le coffre-fort, sinon ${PASSWORD}`, PASSWORD],
    ["Spanish", `contraseña: consulta el llavero, si no ${SPANISH}`, SPANISH],
    ["Japanese, a manager", `パスワードは1Passwordにあります、または ${PASSWORD}`, PASSWORD],
    ["Japanese, a manager after a colon", `パスワード：Bitwarden ${PASSWORD}`, PASSWORD],
  ])("%s: refused, found, masked", async (_, fact, password) => {
    const result = await remember({
      store: await store(),
      path: "topics/accounts.md",
      fact,
      now: NOW,
    });
    expect(result).toMatchObject({ ok: false, code: "secret" });
    expect(JSON.stringify(result)).not.toContain(password);
    expect((await checkSecrets({ texts: [fact] })).ok).toBe(false);
    const [masked] = await maskSecretsOfEach([fact]);
    expect(masked?.kinds).toContain("password");
    expect(masked?.text).not.toContain(password);
    expect(masked?.text).not.toContain(password.replace(/!$/, ""));
  });

  it.each([
    ["English", "Bank password: see the vault"],
    ["English, then a sentence", "Bank password: see the vault. Rent is due on the 1st."],
    ["English, a person", "password: ask Sam"],
    ["English, a manager", "keeps the password in 1Password"],
    ["English, a manager, then thanks", "wifi password: see 1Password. Thanks!"],
    ["German", "Kennwort: siehe Tresor"],
    ["French", "mot de passe : voir le coffre-fort"],
    ["Spanish", "la contraseña: ver el llavero"],
    ["Japanese", "パスワードは1Passwordにあります"],
    ["a PIN's pointer", "PIN: see the card"],
    ["a PIN's pointer, a short number", "PIN: ask Anna, she has the 2 cards"],
    ["a fallback place", "password: see the vault, else ask Sam"],
    ["a fallback name", "password: see the vault, else Confluence"],
    ["a fallback of two words", "password: see the vault, else the wiki"],
    ["a fallback manager", "password: see the vault, else Bitwarden"],
    ["Spanish, a short pointer", "contraseña: ver el llavero, si no pregunta a Ana"],
  ])("%s: a pointer alone is left alone: %s", async (_, fact) => {
    expect(await findSecrets(fact)).toEqual({ findings: [], redacted: fact });
    expect(await checkSecrets({ texts: [fact] })).toEqual({ ok: true, code: "clean" });
    expect(await maskSecretsOfEach([fact])).toEqual([{ text: fact, kinds: [] }]);
    // `remember` checks the path with the fact as two fields of one write: the path's folder and
    // `.md` glued to the fact's last word made "vaulttopics/accounts.md", no place.
    for (const layout of LAYOUT_NAMES) {
      const saved = await remember({
        store: await store(layout),
        path: "topics/accounts.md",
        fact,
        now: NOW,
      });
      expect({ layout, ok: saved.ok }).toEqual({ layout, ok: true });
    }
  });
});
