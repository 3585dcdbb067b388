import { isNotAPasswordValue } from "./password-words.js";

/** A credential format found by a regular expression, named by its gitleaks rule id. */
export type SecretPattern = {
  /** snake_case kind reported in findings, e.g. `stripe_access_token`. */
  kind: string;
  /** Global regex; a `value` group, when present, is the part redacted. */
  pattern: RegExp;
  /** Keeps a match only when its value passes (to skip prose such as `author: Dana`). */
  accept?: (value: string) => boolean;
};

// Provider formats secretlint's recommended preset does not know, after gitleaks' default rule set
// (config/gitleaks.toml, MIT: the rule ids below are its ids): each is a fixed prefix and a body
// of the documented alphabet and length, so plain prose does not match.
const PROVIDERS: Array<[kind: string, pattern: RegExp]> = [
  ["openai_api_key", /\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}/g],
  ["stripe_access_token", /\b(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,99}\b/g],
  ["stripe_webhook_secret", /\bwhsec_[A-Za-z0-9]{24,}\b/g],
  ["gcp_api_key", /\bAIza[A-Za-z0-9_-]{35}\b/g],
  ["gcp_oauth_client_secret", /\bGOCSPX-[A-Za-z0-9_-]{20,}/g],
  ["gcp_oauth_access_token", /\bya29\.[A-Za-z0-9_-]{30,}/g],
  ["gitlab_token", /\bgl(?:pat|rt|dt|ptt|ft|cbt|imt|soat|agent)-[A-Za-z0-9_-]{20,}/g],
  ["pypi_upload_token", /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}/g],
  ["onepassword_service_account_token", /\bops_eyJ[A-Za-z0-9+/=_-]{40,}/g],
  ["twilio_api_key", /\bSK[0-9a-fA-F]{32}\b/g],
  ["mailgun_private_api_token", /\bkey-[0-9a-f]{32}\b/g],
  ["mailchimp_api_key", /\b[0-9a-f]{32}-us\d{1,2}\b/g],
  ["digitalocean_token", /\bdo[opr]_v1_[0-9a-f]{64}\b/g],
  ["huggingface_access_token", /\bhf_[A-Za-z0-9]{30,}\b/g],
  ["groq_api_key", /\bgsk_[A-Za-z0-9]{48,}\b/g],
  ["replicate_api_token", /\br8_[A-Za-z0-9]{30,}\b/g],
  ["databricks_api_token", /\bdapi[0-9a-f]{32}\b/g],
  ["doppler_api_token", /\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,}/g],
  ["postman_api_token", /\bPMAK-[0-9a-f]{24}-[0-9a-f]{34}\b/gi],
  ["atlassian_api_token", /\bATATT3[A-Za-z0-9_=-]{40,}/g],
  ["heroku_api_key", /\bHRKU-[A-Za-z0-9_-]{40,}/g],
  ["pulumi_api_token", /\bpul-[0-9a-f]{40}\b/g],
  ["hashicorp_tf_api_token", /\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,}/g],
  ["vault_service_token", /\bhv[sbr]\.[A-Za-z0-9_-]{24,}/g],
  ["square_access_token", /\b(?:EAAA|sq0atp-)[A-Za-z0-9_-]{22,}/g],
  ["square_secret", /\bsq0csp-[A-Za-z0-9_-]{40,}/g],
  ["discord_bot_token", /\b[MNO][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}\b/g],
  [
    "discord_webhook",
    /https:\/\/(?:\w+\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]{60,}/g,
  ],
  ["telegram_bot_api_token", /\b\d{8,10}:AA[A-Za-z0-9_-]{32,}/g],
  ["facebook_access_token", /\bEAA[A-Za-z0-9]{90,}|EAACEdEose0cBA[A-Za-z0-9]{20,}/g],
  ["dropbox_api_token", /\bsl\.[A-Za-z0-9_-]{120,}/g],
  ["notion_api_token", /\b(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,})\b/g],
  ["airtable_personal_access_token", /\bpat[A-Za-z0-9]{14}\.[0-9a-f]{64}\b/g],
  ["azure_storage_account_key", /AccountKey=(?<value>[A-Za-z0-9+/]{80,}={0,2})/g],
  [
    "azure_ad_client_secret",
    /(?:^|[^A-Za-z0-9])(?<value>[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34})/g,
  ],
  ["gcp_service_account", /"private_key(?:_id)?"\s*:\s*"(?<value>[^"]{16,})"/g],
  ["jwt", /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g],
  ["age_secret_key", /\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}\b/g],
  ["sentry_access_token", /\bsntry[su]_[A-Za-z0-9_=+/-]{40,}/g],
  ["grafana_service_account_token", /\bglsa_[A-Za-z0-9]{32}_[0-9a-f]{8}\b/g],
  ["new_relic_user_api_key", /\bNRAK-[A-Z0-9]{27}\b/g],
  ["authorization_header", /\b(?:Bearer|Basic|Token)\s+(?<value>[A-Za-z0-9+/=._~-]{16,})/g],
  [
    "connection_string_password",
    /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@]*:(?<value>[^\s@/]{3,})@[^\s]+/gi,
  ],
];

// A `.env`, YAML, JSON or connection-string assignment whose name says it holds a credential:
// `DB_PASSWORD=x`, `export OPENAI_API_KEY=x`, `"apiKey": "x"`, `Password=x;`.
const CREDENTIAL_NAME =
  "[A-Za-z0-9_.-]*(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?token|authorization)s?[A-Za-z0-9_.-]*";
const ASSIGNMENT = new RegExp(
  `(?:^|[\\s;{,])(?:export\\s+)?["']?${CREDENTIAL_NAME}["']?\\s*(?:=|:)\\s*(?<value>"[^"\\s]{4,}"|'[^'\\s]{4,}'|[^\\s"',;}]{4,})`,
  "gi",
);

// Credentials said in words: "password for my gmail: x", "my login for the bank is dana / x",
// "wifi pw: x", "the answer to my security question is x", "2FA recovery code is x".
const IN_WORDS =
  /\b(?:login|log-in|credentials?|pw|pwd|security (?:question|answer)|recovery (?:code|key|phrase)|backup codes?|seed phrase|one-time code|otp)\b(?:\s+(?:for|to|on|of|at|is|was)\s+(?:[^\s:=]+(?:\s+|(?=[:=]))){0,5}?)?\s*(?:\bis\b|\bwas\b|:|=)\s*(?<value>[^\s"'`]+(?:\s*\/\s*[^\s"'`]+)?)/gi;

// US Social Security numbers: area 001-899 except 666, group not 00, serial not 0000 (SSA rules).
const US_SSN = /(?<![\d-])(?!000|666|9\d\d)\d{3}([- ])(?!00)\d{2}\1(?!0000)\d{4}(?![\d-])/g;

/** The patterns memfiles adds to secretlint's, in the order they are tried. */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  ...PROVIDERS.map(([kind, pattern]) => ({ kind, pattern })),
  // A plain word, a number or a placeholder after the name is prose or a setting (`token: none`,
  // `max_tokens=4096`, `API_TOKEN=...`, `KEY=<your key>`, `KEY=${KEY}`).
  {
    kind: "credential_assignment",
    pattern: ASSIGNMENT,
    accept: (value) =>
      !/^["']?(?:\d+|[A-Za-z]{1,11}|[^A-Za-z0-9]*|<[^>]*>|\$\{?\w+\}?)["']?$/.test(value),
  },
  // "the login is on the wiki", "credentials are in 1Password": where, not what.
  {
    kind: "credential_in_words",
    pattern: IN_WORDS,
    accept: (value) => !isNotAPasswordValue(value),
  },
  { kind: "us_ssn", pattern: US_SSN },
];

const IBAN_CANDIDATE = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g;

/**
 * Whether a string is a valid IBAN (ISO 13616): 15 to 34 characters, country code, two check
 * digits, and the mod-97 checksum equal to 1.
 *
 * @param candidate - Letters and digits, spaces allowed, e.g. `DE89 3704 0044 0532 0130 00`.
 * @returns `true` when the checksum holds.
 * @example isIbanValid("GB82WEST12345698765432") // true
 */
export function isIbanValid(candidate: string): boolean {
  const iban = candidate.replace(/ /g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/**
 * IBANs with a valid checksum in a text, as ranges.
 *
 * @param text - Any text.
 * @returns `[start, end]` ranges in UTF-16 code units.
 * @example findIbans("to GB82WEST12345698765432") // [[3, 25]]
 */
export function findIbans(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (const match of text.matchAll(IBAN_CANDIDATE)) {
    // The longest prefix that checks out: a trailing word may be glued on by the spacing rule.
    let candidate = match[0];
    while (candidate.length >= 15 && !isIbanValid(candidate)) {
      candidate = candidate.slice(0, -1).trimEnd();
    }
    if (candidate.length >= 15) found.push([match.index, match.index + candidate.length]);
  }
  return found;
}
