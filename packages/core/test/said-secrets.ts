// Secrets a new user's trial saved to disk (decision 0096): said with markdown around them, in a
// language without a colon, or in words the check did not know. Every write surface runs these
// rows (`remember`, the memory tool, MCP `remember`, `memfiles remember` on a folder and on PGlite,
// `memfiles import`, the PreToolUse hook). Passwords are assembled at run time so the repository
// holds no literal secrets.
const SOMMER = ["Sommer", "2024", "!"].join("");
const PIN = ["48", "21"].join("");
const LETMEIN = ["let", "me", "in"].join("");

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
  // Decision 0108's shapes.
  { name: "a door code in French", fact: `code d'accès de la porte : ${PIN}`, secret: PIN },
  { name: "a Dutch PIN", fact: `mijn pincode is ${PIN}`, secret: PIN },
  { name: "a German wifi key", fact: `WLAN-Schlüssel: ${SOMMER}`, secret: SOMMER },
];
