import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { SECRET_CORPUS } from "../../test/fixtures/secret-corpus.js";
import { halves, labelledHalves } from "../../test/fixtures/secret-corpus-runner.js";
import { maskEachChecked, maskSecretsOfEach } from "./mask-secrets.js";
import { loosened, mayHoldSecret, mayHoldSecretOfEach } from "./secret-screen.js";
import { SECRETLINT_SCREENED_RULES } from "./secretlint-scan.js";

// Texts only one finder or join reads as a secret: a key id cut after two letters, a token near a
// credential word, a temporary AWS key id, and a random token cut by slashes into runs shorter
// than a typed password.
const TOKEN = ["Rv8k", "Tq2Wx"].join("");
const KEY_ID = ["AKI", "A", "Q2E4KQ7XY5ZB3MN6"].join("");
const ONE_FINDER_TEXTS = [
  // Cut after its first two letters: no half is key-shaped, only the plain join of the lines is.
  `aws key ${KEY_ID.slice(0, 2)}\n${KEY_ID.slice(2)}`,
  `I use ${TOKEN} as my password everywhere`,
  `PIN ${TOKEN}`,
  // Decision 0116: a recovery phrase after its label, a PIN word before its digits, a CVV.
  `my wallet seed: ${["legal winner thank year wave sausage", "worth useful legal winner thank yellow"].join(" ")}`,
  `ATM PIN ${["49", "21"].join("")}`,
  `card security code is ${["7", "31"].join("")}`,
  // Decision 0117: a recovery phrase after a label in Spanish and in Japanese, a default account's
  // default password, door codes in Polish and Hebrew, a Russian card's PIN.
  "mi frase de recuperación es ancho anciano ancla andar andén anemia",
  "リカバリーフレーズはいったん\u3000いっち\u3000いってい",
  "router login admin/admin",
  `kod do drzwi to ${["49", "21"].join("")}`,
  `קוד הדלת ${["49", "21"].join("")}`,
  `пин-код карты ${["49", "21"].join("")}`,
  // A temporary AWS key id: secretlint's rule alone knows the ASIA prefix.
  `the temporary id is ${["ASI", "A", KEY_ID.slice(4)].join("")}`,
  `the backup is at ${["Ab3d", "E6gH", "9jK2", "mN5p", "Q8sT", "1vW4"].join("/")}`,
];

// Every sample of the secret corpus as a memory file may hold it: the fact in three cases, its
// value cut over two dated lines (list items led by "-" and by "•"), with label words between the
// halves, with a zero-width space inside the value and with its spaces doubled (the check folds
// both before it scans).
const corpusTexts = SECRET_CORPUS.flatMap((sample, at) => {
  const [head, tail] = halves(sample);
  const [labelledHead, labelledTail] = labelledHalves(sample, at);
  const cut = Math.floor(sample.value.length / 2);
  const hidden = `${sample.value.slice(0, cut)}\u200b${sample.value.slice(cut)}`;
  return [
    sample.fact,
    sample.fact.toUpperCase(),
    sample.fact.toLowerCase(),
    `- [stated 2026/03/02] ${head}\n- [stated 2026/03/02] ${tail}`,
    `• [stated 2026/03/02] ${head}\n• [stated 2026/03/02] ${tail}`,
    `${labelledHead}\n${labelledTail}`,
    sample.fact.replace(sample.value, hidden),
    sample.fact.replace(/ /g, "  "),
  ];
}).concat(ONE_FINDER_TEXTS);

const everyday = async () => {
  const url = new URL("../../test/fixtures/everyday-sentences.txt", import.meta.url);
  return (await readFile(url, "utf8")).split("\n").filter((line) => line !== "");
};

// Memory as recall and the memory block show it: lines, fact bodies, descriptions, a whole file.
const MEMORY_TEXTS = [
  "prefers option 3 for hosting",
  "- [stated 2026/01/12] Switched from VS Code to Neovim in March",
  "Dana's birthday is on 14 May; she likes orchids",
  "---\nname: Travel\ndescription: Trips, passes and bookings\n---\n\n- [stated 2025/09/01] Bought a rail pass for Japan\n- [stated 2025/09/03] Flight LH 716 leaves at 11:05\n",
  "Project memfiles: the recall index lives under .memfiles/",
  "Runs PostgreSQL 16 on Fly.io in region fra",
];

describe("mayHoldSecret", () => {
  it("masking behind the screen shows every corpus text as checking every text does", async () => {
    const checked = await maskEachChecked(corpusTexts);
    expect(checked.filter((each) => each.kinds.length > 0).length).toBeGreaterThan(
      SECRET_CORPUS.length * 3,
    );
    expect(await maskSecretsOfEach(corpusTexts)).toEqual(checked);
    // And again, when the screen has seen every text once (it remembers the ones it cleared).
    expect(await maskSecretsOfEach(corpusTexts)).toEqual(checked);
    // Each text the check finds something in passes the screen.
    expect(
      corpusTexts.filter(
        (text, at) => (checked[at]?.kinds.length ?? 0) > 0 && !mayHoldSecret(text),
      ),
    ).toEqual([]);
  });

  it("shows clean memory as it is and clears nearly all of it without the check", async () => {
    const texts = [...(await everyday()), ...MEMORY_TEXTS];
    expect(await maskSecretsOfEach(texts)).toEqual(await maskEachChecked(texts));
    expect(MEMORY_TEXTS.filter(mayHoldSecret)).toEqual([]);
    // Screened together, each flag as screened alone.
    const mixed = [...MEMORY_TEXTS, ...ONE_FINDER_TEXTS, ...MEMORY_TEXTS.map((text) => `${text}.`)];
    expect(mayHoldSecretOfEach(mixed)).toEqual(mixed.map(mayHoldSecret));
    expect(mayHoldSecretOfEach(MEMORY_TEXTS)).toEqual(MEMORY_TEXTS.map(() => false));
    // The sentences hold near misses on purpose (order numbers, "password" in prose).
    const passed = texts.filter(mayHoldSecret).length;
    expect(passed / texts.length).toBeLessThan(0.1);
  });

  it.each([
    ["word boundaries and anchors", String.raw`^\bsk-\B[a-z]+$`, "sk-[a-z]+"],
    ["negative lookarounds", String.raw`(?<![\d.-])\d{4}(?!\d|\.\d)`, String.raw`\d{4}`],
    ["a named group", "(?<value>[a-z]{4,})", "(?:[a-z]{4,})"],
    [
      "positive lookarounds and escapes",
      String.raw`(?<=a)(?=b)\\b\^`,
      String.raw`(?<=a)(?=b)\\b\^`,
    ],
    ["a class holding ^, $ and \\b", String.raw`[^\b$]`, String.raw`[^\b$]`],
    ["a lookahead holding a class and a group", "a(?![)(]x(y))b$", "ab"],
    ["a class holding escaped brackets", String.raw`[\]\[^(?!]\bc`, String.raw`[\]\[^(?!]c`],
  ])("loosens a pattern: %s", (_name, source, expected) => {
    expect(loosened(source)).toBe(expected);
  });
});

describe("the screen and secretlint's preset", () => {
  it("was written for every rule the installed preset runs", async () => {
    const { creator } = await import("@secretlint/secretlint-rule-preset-recommend");
    const installed = creator.rules.map((rule) => rule.meta.id);
    // A rule added by an upgrade needs its fixed part in SECRETLINT_SCREEN, then a row here.
    expect([...installed].sort()).toEqual([...SECRETLINT_SCREENED_RULES].sort());
  });
});
