import { describe, expect, it } from "vitest";
import { findSplitSecrets } from "./find-split-secrets.js";
import { findSecrets, isLuhnValid, REDACTED, redactRanges } from "./secret-guard.js";
import { isIbanValid } from "./secret-patterns.js";

// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const fakeAnthropicShort = ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1Op"].join("-");
const fakeAnthropicFull = `${["sk", "ant", "api03"].join("-")}-${"Ab3dE6gH9jK2mN5pQ8sT1vW4yZ7".repeat(4).slice(0, 93)}AA`;
const fakeGithub = `${"ghp"}_${"a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"}`;
const fakeSlack = ["xoxb", "123456789012", "1234567890123", "abcdefghijABCDEFGHIJklmn"].join("-");
// "AB1" as "ＡＢ１": the full-width forms of ASCII letters and digits sit 0xFEE0 above them.
const fullWidth = (text: string) =>
  text.replace(/[0-9A-Za-z]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));
const pemBody = "MIIEowIBAAKCAQEAx".concat(
  "Qk3n9fL2pR7sT1vW4yZ6bC8dE0gH2jK5mN7pQ9rS1tU3vX5zA7cE9fG1h".repeat(5),
);
const fakePem = `-----BEGIN RSA PRIVATE KEY-----\n${pemBody.match(/.{1,64}/g)?.join("\n")}\n-----END RSA PRIVATE KEY-----`;

describe("findSecrets", () => {
  it.each([
    ["a short sk-ant key (our pattern)", `my key is ${fakeAnthropicShort}`, ["anthropic_api_key"]],
    // The preset and our pattern both match: one finding per secret, the preset's.
    ["a full sk-ant key (preset + our pattern)", fakeAnthropicFull, ["anthropic_api_key"]],
    ["a GitHub token (preset)", `token ${fakeGithub}`, ["github_token"]],
    ["a Slack token (preset)", fakeSlack, ["slack_token"]],
    ["a PEM private key", fakePem, ["private_key"]],
    ["only a PEM header", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn", ["private_key"]],
    ["a Luhn-valid card number with spaces", "card 4111 1111 1111 1111 exp 12/29", ["card_number"]],
    ["a Luhn-valid card number with dashes", "5555-5555-5555-4444", ["card_number"]],
    ["a password stated in words", "my password is hunter2", ["password"]],
    ["a password for a service", "The password for the office wifi is Tr0ub4dor&3", ["password"]],
    ["a password after a colon", "Password: 'correct horse'", ["password"]],
    ["a PIN", "my bank PIN is 4821", ["password"]],
    // New-user trial: a password right after the word, with no "is" or colon.
    ["a password right after the word", "password hunter2xyz", ["password"]],
    ["a password after passwd", "router passwd Xk9!mq4z", ["password"]],
    ["a password after pw", "gmail pw s3cretpass", ["password"]],
    ["a lower-case AWS key id", "aws key akiaiosfodnn7example", ["aws_access_key_id"]],
    ["a spaced AWS key id", "AKIA IOSF ODNN 7EXA MPLE", ["aws_access_key_id"]],
    // secretlint allows AWS's documentation key id; pasted into memory it is refused all the same.
    ["AWS's documentation key id", "the deploy key id AKIAIOSFODNN7EXAMPLE", ["aws_access_key_id"]],
    [
      "AWS's documentation secret key",
      "aws wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      ["aws_secret_access_key"],
    ],
    [
      "a key with a zero-width space inside",
      `my key is ${fakeAnthropicShort.replace("-", "\u200b-")}`,
      ["anthropic_api_key"],
    ],
    [
      "a token with a soft hyphen inside",
      `token ${fakeGithub.replace("_", "\u00ad_")}`,
      ["github_token"],
    ],
    [
      "a full-width AWS key id",
      `key ${fullWidth(["AKIA", "2OGYBAH6STMMNXNN"].join(""))}`,
      ["aws_access_key_id"],
    ],
  ])("finds %s", async (_, text, kinds) => {
    const { findings, redacted } = await findSecrets(text);
    expect(findings.map((finding) => finding.kind).sort()).toEqual([...kinds].sort());
    expect(redacted).toContain(REDACTED);
  });

  it.each([
    ["a plain fact", "deploys on Fly.io"],
    ["a password habit", "uses a password manager and prefers long passwords"],
    ["a password word before plain words", "password reset emails go to the old address"],
    ["a short code after password", "password 2fa is on for every account"],
    ["a region name", "runs servers in Asia Pacific Region Office buildings"],
    ["a date", "[stated 2026/09/12] moved to Lisbon on 2026/09/01"],
    ["a phone number", "office phone is +1 415 555 0132"],
    ["a digit run that fails Luhn", "order number 4111 1111 1111 1112"],
    ["a git sha", "pinned to commit 9fceb02d0ae598e95dc970b74767f19372d61af8"],
    ["an empty text", ""],
    ["an author field", "author: Dana Pereira"],
    ["a placeholder in a command", "run `fly secrets set API_TOKEN=...` to rotate"],
    ["a numeric setting", "sets max_tokens=4096 for long answers"],
    ["a plain word after token", "token: none"],
    ["an IBAN-shaped string with a bad checksum", "ref DE89 3704 0044 0532 0130 01"],
    ["a number that is no SSN", "room 666-12-3456 in building 9"],
    [
      "an emoji joined by a zero-width joiner",
      "senior data engineer \u{1F9D1}\u200d\u{1F4BB} at ACME",
    ],
    ["full-width digits in a date", "moved on \uff12\uff10\uff12\uff16/09/01"],
  ])("leaves %s alone", async (_, text) => {
    expect(await findSecrets(text)).toEqual({ findings: [], redacted: text });
  });

  it("redacts the secret and keeps the rest of the text", async () => {
    const { redacted } = await findSecrets(`uses the key ${fakeAnthropicShort} for the eval bot`);
    expect(redacted).toBe("uses the key [redacted] for the eval bot");
    const password = await findSecrets("my password is hunter2, do not share");
    expect(password.redacted).toBe("my password is [redacted] do not share");
  });

  it("redacts a key hidden by a zero-width space over the characters it spans", async () => {
    const hidden = fakeAnthropicShort.replace("-", "\u200b-");
    const { redacted } = await findSecrets(`uses ${hidden} daily`);
    expect(redacted).toBe("uses [redacted] daily");
  });
});

describe("findSecrets: findings", () => {
  it("lists findings in text order with their source and range, whatever found them first", async () => {
    // Our key pattern runs before the password pattern; the password comes first in the text.
    const text = `password is hunter2 and key ${fakeAnthropicShort}`;
    const keyStart = text.indexOf("sk-");
    expect(await findSecrets(text)).toEqual({
      findings: [
        { kind: "password", source: "memfiles", start: 12, end: 19 },
        {
          kind: "anthropic_api_key",
          source: "memfiles",
          start: keyStart,
          end: keyStart + fakeAnthropicShort.length,
        },
      ],
      redacted: `password is ${REDACTED} and key ${REDACTED}`,
    });
  });
});

// A private key without its end line (PEM's END, PuTTY's Private-MAC): the key is the header and
// its body, so the secrets after it are found too (a finding to the end of the text hid them).
describe("findSecrets of a private key without its end line", () => {
  const pem = "-----BEGIN RSA PRIVATE KEY-----";
  // A line from inside the body: its first line alone is also found by the headless-body pattern.
  const body = pemBody.slice(64, 128);
  const putty = [
    "PuTTY-User-Key-File-3: ssh-ed25519",
    "Encryption: none",
    "Comment: ed25519-key-20261201",
    "Public-Lines: 1",
    pemBody.slice(128, 192),
    "Private-Lines: 1",
    pemBody.slice(192, 236),
  ].join("\n");
  const mac = `${putty}\nPrivate-MAC: ${"0123456789abcdef".repeat(4)}`;
  it.each([
    ["PEM: a body line, then a blank line", `${pem}\n${body}`, "\n\nmy password is hunter2\n"],
    [
      "PEM: a body line, then a dated line",
      `${pem}\n${body}`,
      "\n[stated 2026/09/12] my password is hunter2",
    ],
    ["PEM: the body on the header's line", `${pem} ${body}`, "\nmy password is hunter2"],
    ["PuTTY: no Private-MAC, then a blank line", putty, "\n\nmy password is hunter2\n"],
    [
      "PuTTY: no Private-MAC, then a dated line",
      putty,
      "\n[stated 2026/09/12] my password is hunter2",
    ],
    ["PuTTY: the header line alone", "PuTTY-User-Key-File-2: ssh-rsa", "\nmy password is hunter2"],
    // With its MAC the key ends there, even before a line that reads as base64.
    ["PuTTY: its Private-MAC, then a word", mac, "\nthanks\nmy password is hunter2"],
  ])("%s: the key ends with its body, the later secret is found", async (_name, key, after) => {
    const { findings } = await findSecrets(`notes\n${key}${after}`);
    const start = "notes\n".length;
    expect(findings.map(({ kind, start, end }) => [kind, start, end])).toEqual([
      ["private_key", start, start + key.length],
      ["password", expect.any(Number), expect.any(Number)],
    ]);
  });
});

// secretlint counts from after a leading byte-order mark (a file saved as UTF-16 starts with
// one), memfiles' own patterns from the text's start: one secret must stay one finding.
describe("findSecrets of a text that starts with a byte-order mark", () => {
  it.each([
    ["a key both find", fakeAnthropicFull],
    ["a key secretlint finds", `token ${fakeGithub}`],
    ["a key starting a line after a header", `---\nname: x\n---\n${fakeAnthropicFull}\n`],
  ])("%s: the findings of the text without it, one code unit later", async (_name, text) => {
    const { findings } = await findSecrets(text);
    expect(findings.length).toBeGreaterThan(0);
    expect((await findSecrets(`\uFEFF${text}`)).findings).toEqual(
      findings.map((finding) => ({ ...finding, start: finding.start + 1, end: finding.end + 1 })),
    );
  });
});

describe("isIbanValid", () => {
  it.each([
    ["DE89 3704 0044 0532 0130 00", true],
    ["GB82WEST12345698765432", true],
    ["GB82WEST12345698765433", false],
    ["DE89", false],
  ])("%s -> %s", (iban, valid) => {
    expect(isIbanValid(iban)).toBe(valid);
  });
});

describe("findSplitSecrets", () => {
  const key = ["AKI", "A", "Q2E4KQ7XY5ZB3MN6"].join("");
  it("finds a key split across two facts and redacts each part", async () => {
    const found = await findSplitSecrets([`aws key ${key.slice(0, 9)}`, key.slice(9), "likes tea"]);
    expect([...found.keys()]).toEqual([0, 1]);
    expect(found.get(0)?.redacted).toBe(`aws key ${REDACTED}`);
    expect(found.get(1)?.redacted).toBe(REDACTED);
  });

  it("finds nothing in facts that are clean together", async () => {
    expect(await findSplitSecrets(["deploys on Fly.io", "uses Neovim"])).toEqual(new Map());
  });
});

describe("isLuhnValid", () => {
  it.each([
    ["4111111111111111", true],
    ["4111111111111112", false],
    ["79927398713", true],
    ["", false],
  ])("%s -> %s", (digits, valid) => {
    expect(isLuhnValid(digits)).toBe(valid);
  });
});

describe("redactRanges", () => {
  it("merges overlapping ranges", () => {
    const findings = [
      { kind: "a", source: "memfiles" as const, start: 2, end: 6 },
      { kind: "b", source: "secretlint" as const, start: 4, end: 8 },
    ];
    expect(redactRanges("0123456789", findings)).toBe(`01${REDACTED}89`);
  });

  it("redacts ranges given out of order", () => {
    const findings = [
      { kind: "a", source: "memfiles" as const, start: 7, end: 9 },
      { kind: "b", source: "memfiles" as const, start: 0, end: 2 },
    ];
    expect(redactRanges("0123456789", findings)).toBe(`${REDACTED}23456${REDACTED}9`);
  });

  it("keeps a range nested inside an earlier one hidden", () => {
    const findings = [
      { kind: "a", source: "memfiles" as const, start: 0, end: 8 },
      { kind: "b", source: "secretlint" as const, start: 2, end: 4 },
    ];
    expect(redactRanges("0123456789", findings)).toBe(`${REDACTED}89`);
  });
});

describe("findSplitSecrets next to a secret held whole", () => {
  it.each([
    { layout: "subject", next: "keeps API keys in 1Password" },
    // A fact file's body is a sentence: its first word is capitalised.
    { layout: "fact", next: "Keeps all API keys in 1Password and pastes them when needed." },
  ])(
    "does not blame the next $layout fact for a key the first one holds alone",
    async ({ next }) => {
      const key = ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1Op"].join("-");
      const found = await findSplitSecrets([`my key is ${key}`, next]);
      expect(found.has(1)).toBe(false);
    },
  );
});

describe("findSecrets of a text scanned before", () => {
  it("answers as the first scan did, whatever the caller did with that answer", async () => {
    const text = "my bank PIN is 4821, the door code is elsewhere";
    const first = await findSecrets(text);
    const expected = structuredClone(first);
    const [finding] = first.findings;
    if (finding !== undefined) finding.kind = "changed";
    first.findings.push({ kind: "added", source: "memfiles", start: 0, end: 2 });
    expect(await findSecrets(text)).toEqual(expected);
    expect(expected.findings).toHaveLength(1);
  });
});
