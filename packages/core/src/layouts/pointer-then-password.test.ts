import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSecrets, findSecrets, maskSecretsOfEach, WriteSession } from "../guards/index.js";
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

// A new user's trial: after "password: see the vault" in a file, "el código postal es 28013" stated
// the same day in the same file was refused as a password glued across the session's lines. A
// pointer's value ends at its line (decision 0100); a label with no value on its line still takes
// the next line's password.
describe("a pointer, then another fact of the same session", () => {
  it.each([
    ["a Spanish postal code", "password: see the vault", "el código postal es 28013"],
    [
      "a French pointer, a postal code",
      "mot de passe : voir 1Password",
      "el código postal es 28013",
    ],
    ["a phone sentence", "password: see the vault", "mi número de teléfono de trabajo cambió"],
    ["a rate limit", "Passwort: steht im Tresor", "the token bucket rate limit is 100 per second"],
  ])("%s: saved", async (_, first, second) => {
    const session = new WriteSession([first]);
    expect(await checkSecrets({ texts: [second], session })).toEqual({ ok: true, code: "clean" });
    // `memfiles remember`: the session is the file's lines stated that day.
    const memory = await store("subject");
    const path = "topics/accounts.md";
    const one = await remember({ store: memory, path, fact: first, now: NOW });
    const two = await remember({ store: memory, path, fact: second, now: NOW });
    expect([one.ok, two.ok]).toEqual([true, true]);
  });

  it("a label with no value on its line still takes the next fact's password", async () => {
    const session = new WriteSession(["the wifi password is"]);
    expect(await checkSecrets({ texts: [PASSWORD], session })).toMatchObject({
      ok: false,
      code: "secret",
      split: true,
    });
  });
});
