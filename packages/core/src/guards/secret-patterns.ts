import {
  CREDENTIAL_LABELS,
  isNotAPasswordValue,
  isPointerWord,
  PASSWORD_WORDS_OTHER_LANGUAGES,
  USER_WORDS,
} from "./password-words.js";

/** A credential format found by a regular expression, named by its gitleaks rule id. */
export type SecretPattern = {
  /** snake_case kind reported in findings, e.g. `stripe_access_token`. */
  kind: string;
  /** Global regex; a `value` group, when present, is the part redacted. */
  pattern: RegExp;
  /** Keeps a match only when its value passes (to skip prose such as `author: Dana`). */
  accept?: (value: string) => boolean;
  /**
   * A regex (no `g` flag) that matches inside every match of `pattern`: a text it does not match
   * holds no match, and is not searched with `pattern` (a literal is found far faster than a
   * pattern that starts with a character class is tried at every position).
   */
  needle?: RegExp;
  /**
   * Set on a pattern without a needle ({@link SECRET_PATTERNS}): the alternation of it and the
   * other such patterns of its case flag, tried once a text; a text it does not match holds no
   * match of any of them.
   */
  screen?: RegExp;
};

/**
 * Every match of a global regex, as `text.matchAll(pattern)` gives them, without the copy of
 * the regex `matchAll` makes on each call (it costs more than the search on a short text).
 * `pattern.lastIndex` is 0 again afterwards.
 */
export function allMatches(pattern: RegExp, text: string): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    matches.push(match);
    // An empty match moves on by one character, by code point with the `u` flag (as matchAll does).
    if (match[0] === "") {
      const at = pattern.lastIndex;
      const wide = pattern.unicode && (text.codePointAt(at) ?? 0) > 0xffff;
      pattern.lastIndex = at + (wide ? 2 : 1);
    }
  }
  return matches;
}

// Provider formats secretlint's recommended preset does not know, after gitleaks' default rule set
// (config/gitleaks.toml, MIT: the rule ids below are its ids): each is a fixed prefix and a body
// of the documented alphabet and length, so plain prose does not match.
const PROVIDERS: Array<[kind: string, pattern: RegExp, needle?: RegExp]> = [
  ["openai_api_key", /\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}/g],
  // The legacy 48-char key (`sk-` + 48, with or without the `T3BlbkFJ` marker) and the many
  // OpenAI-compatible providers that copied the `sk-` + 32-or-more shape.
  ["openai_api_key", /\bsk-[A-Za-z0-9_-]{32,}/g],
  ["sendgrid_api_token", /\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}/g],
  ["slack_token", /\bxox[a-z](?:\.xox[a-z])?-[A-Za-z0-9-]{10,}/g],
  ["slack_app_token", /\bxapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+/gi],
  ["mapbox_api_token", /\b[ps]k\.eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}/g],
  ["perplexity_api_key", /\bpplx-[A-Za-z0-9]{40,}/g],
  ["sendinblue_api_token", /\bxkeysib-[0-9a-f]{64}-[A-Za-z0-9]{16}\b/g],
  ["planetscale_token", /\bpscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.=-]{32,}/g],
  ["sourcegraph_access_token", /\bsgp_(?:[0-9a-fA-F]{16}_)?[0-9a-fA-F]{40}\b/g],
  ["openshift_user_token", /\bsha256~[A-Za-z0-9_-]{43}/g],
  ["typeform_api_token", /\btfp_[A-Za-z0-9_.=-]{40,}/g],
  ["readme_api_token", /\brdme_[a-z0-9]{70}\b/g],
  ["rubygems_api_token", /\brubygems_[0-9a-f]{48}\b/g],
  ["prefect_api_token", /\bpnu_[A-Za-z0-9]{36}\b/g],
  ["infracost_api_token", /\bico-[A-Za-z0-9]{32}\b/g],
  ["grafana_cloud_api_token", /\bglc_[A-Za-z0-9+/]{32,}={0,2}/g],
  ["grafana_api_key", /\beyJrIjoi[A-Za-z0-9]{40,}={0,2}/g],
  ["new_relic_browser_api_token", /\bNRJS-[a-f0-9]{19}\b/g],
  ["new_relic_insert_key", /\bNRII-[A-Za-z0-9_-]{32}/g],
  ["octopus_deploy_api_key", /\bAPI-[A-Z0-9]{26}\b/g],
  ["yandex_api_key", /\bAQVN[A-Za-z0-9_-]{35,38}/g],
  ["cloudflare_origin_ca_key", /\bv1\.0-[a-f0-9]{24}-[a-f0-9]{146}\b/g],
  ["shippo_api_token", /\bshippo_(?:live|test)_[a-fA-F0-9]{40}\b/g],
  ["flutterwave_secret_key", /\bFLW(?:SECK|PUBK)(?:_TEST)?-[a-fA-F0-9]{32}-X\b/g],
  ["linear_client_secret", /\blin_(?:oauth|api)_[A-Za-z0-9]{32,}/g],
  ["huggingface_organization_api_token", /\bapi_org_[A-Za-z0-9]{34}\b/g],
  ["netlify_access_token", /\bnf[pcu]_[A-Za-z0-9]{36,}/g],
  ["flyio_access_token", /\bfm[12][ar]?_[A-Za-z0-9+/=_-]{40,}/g],
  ["shopify_token", /\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b/g],
  // A private key's base64 body pasted without its `-----BEGIN` line: the DER or OpenSSH start is
  // fixed (`b3BlbnNzaC1rZXktdjE` is "openssh-key-v1"; `MII..IBAAK` / `MII..IBADAN` a PKCS#1 or
  // PKCS#8 sequence; `MHcCAQEE` an EC key; `MC4CAQAwBQYDK2Vw` an Ed25519 key; `LS0tLS1CRUdJTi` a
  // whole PEM file base64-encoded again, as in a kubeconfig's `client-key-data`).
  [
    "private_key",
    /(?:b3BlbnNzaC1rZXktdjE|MII[A-Za-z0-9+/]{3}IBA(?:AK|DAN)|MHcCAQEE|MC4CAQAwBQYDK2Vw|LS0tLS1CRUdJTi)[A-Za-z0-9+/=\r\n]{16,}/g,
  ],
  // A PuTTY key is its header line and the lines of its file after it: the PPK format's own
  // header lines (PuTTY manual, appendix C "PPK file format") and base64 lines, up to its
  // `Private-MAC:` (v2/v3) or `Private-Hash:` (v1) line; without that line it ends with its body,
  // not at the end of the text: a finding to the end would hide every secret after it.
  [
    "private_key",
    /PuTTY-User-Key-File-\d+:[^\r\n]*(?:\r?\n[ \t]*(?:(?:Encryption|Comment|Public-Lines|Private-Lines|Key-Derivation|Argon2-[A-Za-z]+):[^\r\n]*|[A-Za-z0-9+/]+=*)[ \t]*(?![^\r\n]))*(?:\r?\n[ \t]*Private-(?:MAC|Hash):[ \t]*\S+)?/g,
  ],
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
  ["mailchimp_api_key", /\b[0-9a-f]{32}-us\d{1,2}\b/g, /-us\d/],
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
  ["hashicorp_tf_api_token", /\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,}/g, /\.atlasv1\./],
  ["vault_service_token", /\bhv[sbr]\.[A-Za-z0-9_-]{24,}/g],
  ["square_access_token", /\b(?:EAAA|sq0atp-)[A-Za-z0-9_-]{22,}/g],
  ["square_secret", /\bsq0csp-[A-Za-z0-9_-]{40,}/g],
  ["discord_bot_token", /\b[MNO][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}\b/g],
  [
    "discord_webhook",
    /https:\/\/(?:\w+\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]{60,}/g,
  ],
  ["telegram_bot_api_token", /\b\d{8,10}:AA[A-Za-z0-9_-]{32,}/g, /:AA/],
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
  // A token's payload and signature without its header (a cookie value cut at the first dot).
  ["jwt", /\beyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}/g],
  ["age_secret_key", /\bAGE-SECRET-KEY-1[A-Z0-9]{58}\b/gi],
  ["sentry_access_token", /\bsntry[su]_[A-Za-z0-9_=+/-]{40,}/g],
  ["grafana_service_account_token", /\bglsa_[A-Za-z0-9]{32}_[0-9a-f]{8}\b/g],
  ["new_relic_user_api_key", /\bNRAK-[A-Z0-9]{27}\b/g],
  ["authorization_header", /\b(?:Bearer|Basic|Token)\s+(?<value>[A-Za-z0-9+/=._~-]{16,})/g],
  [
    "connection_string_password",
    /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@]*:(?<value>[^\s@/]{3,})@[^\s]+/gi,
    /:\/\//,
  ],
  // The same URL cut before its host ("redis://:pw", "amqp://guest:pw"), when the part after the
  // colon is no port number.
  [
    "connection_string_password",
    /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@]*:(?<value>(?!\d+(?:\s|$))[^\s@/]{3,})(?=\s|$)/gi,
    /:\/\//,
  ],
];

// A `.env`, YAML, JSON or connection-string assignment whose name says it holds a credential:
// `DB_PASSWORD=x`, `export OPENAI_API_KEY=x`, `"apiKey": "x"`, `Password=x;`; a value in
// backticks is read inside them ("Password: `see the vault`" is a place; decision 0096). The
// value is on the name's line (decision 0106): a value typed on the next line is the split check's.
const CREDENTIAL_NAME =
  "[A-Za-z0-9_.-]*(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?token|authorization)s?[A-Za-z0-9_.-]*";
const ASSIGNMENT = new RegExp(
  `(?:^|[\\s;{,])(?:export\\s+)?["']?${CREDENTIAL_NAME}["']?\\s*(?:=|:)[^\\S\\r\\n]*\`?(?<value>"[^"\\s]{4,}"|'[^'\\s]{4,}'|[^\\s"'\`,;}]{4,})`,
  "gi",
);

// Credentials said in words: "password for my gmail: x", "my login for the bank is dana / x",
// "wifi pw: x", "the answer to my security question is x", "2FA recovery code is x".
// The value is on the label's line ("login:" ending a heading takes nothing of the next line;
// decision 0106), and so are the words on what it is for ("my seed phrase is safe now" above
// "name: accounts"; decision 0117).
const IN_WORDS =
  /\b(?:login|log-in|credentials?|pw|pwd|security (?:question|answer)|recovery (?:code|key|phrase)|backup codes?|seed phrase|one-time code|otp)\b(?:[^\S\r\n]+(?:for|to|on|of|at|is|was)[^\S\r\n]+(?:[^\s:=]+(?:[^\S\r\n]+|(?=\s*(?:[:=]|\b(?:is|was)\b)))){0,5}?)?\s*(?:\bis\b|\bwas\b|:|=)[^\S\r\n]*(?<value>[^\s"'`]+(?:[^\S\r\n]*\/[^\S\r\n]*[^\s"'`]+)?)/gi;

// A key, token or secret said in words: "my aws secret key is x", "twilio auth token: x", "the
// secret for the build bot = x". Only a token-shaped value counts (8 or more chars with a letter
// and a digit), so "the key is under the mat" and "the secret is patience" stay facts.
const KEY_IN_WORDS =
  /\b(?:secret(?:\s+access)?\s+key|access\s+key|api\s+key|auth(?:entication)?\s+token|(?:access|bearer|api|bot|session)\s+token|token|secret|key)s?\b(?:\s+(?:for|to|on|of|at)\s+(?:(?!\b(?:is|was)\b)[^\s:=]+\s+){0,4}?)?\s*(?:\bis\b|\bwas\b|:|=)\s*(?<value>[^\s"'`,;]{8,})/gi;
// The same without "is" or a colon ("aws secret key khHigh85...", "aws AKIA... with secret x"): the
// value must look random, 16 or more chars mixing letters and digits.
const KEY_BARE =
  /\b(?:secret(?:\s+access)?\s+key|access\s+key|api\s+key|auth\s+token|secret|token)s?\s+(?<value>[A-Za-z0-9+/=_-]{16,})/gi;
// A home-relative or dot-relative path ("the SSH key is ~/.ssh/id_ed25519") says where a key is.
const tokenShaped = (value: string) =>
  !isNotAPasswordValue(value) &&
  !/^(?:~|\.{1,2})\//.test(value) &&
  /[A-Za-z]/.test(value) &&
  /\d/.test(value);
const randomLooking = (value: string) =>
  tokenShaped(value) && /[A-Z]/.test(value) && /[a-z]/.test(value) && wordCoverage(value) < 0.5;

// "login is admin, pass Bk9xLq2Tz", "pass: Xk9!mq4z": "pass" alone is a common word ("pass the
// exam"), so only a password-shaped value counts: 6 or more chars with a letter, a digit, and
// mixed case or a symbol.
const PASS_IN_WORDS = /\bpass\b\s*(?:\bis\b|:|=)?\s*(?<value>[^\s"'`,;]{6,})/gi;
// "passphrase: correct horse battery staple": a passphrase is words (a diceware phrase, 3 to 8 of
// them to the end of the line), so after its colon plain words are the secret unless they say
// where or what it is ("passphrase: see the vault", "passphrase: stored in the keychain",
// "required for the ssh key"; `PLAIN_PHRASE_STOPS`) (decision 0092).
const PASSPHRASE_WORDS =
  /\b(?:passphrase|pass\s+phrase)s?\s*[:=]\s*(?<value>\p{L}+(?:[^\S\r\n]+\p{L}+){2,7})[^\S\r\n]*[.!]?[^\S\r\n]*(?=\r?\n|$)/giu;
const PLAIN_PHRASE_STOPS = new Set([
  ...["for", "to", "of", "and", "or", "is", "are", "was", "be", "my", "our", "your", "its"],
  ...["their", "if", "when", "every", "each", "this", "that", "it", "see", "ask", "check"],
  ...["look", "use", "uses", "used", "keep", "kept", "same", "as", "than", "then", "there"],
]);
// The first word may be one a passphrase starts with ("correct horse battery staple", XKCD 936)
// unless it sends the reader elsewhere ("see", "ask").
const plainPhrase = (value: string) => {
  const [first = "", ...rest] = value.toLowerCase().split(/\s+/);
  const plain = (word: string) => !isNotAPasswordValue(word) && !PLAIN_PHRASE_STOPS.has(word);
  return !isPointerWord(first) && !PLAIN_PHRASE_STOPS.has(first) && rest.every(plain);
};
// "jdoe:BlueHorse77@nas.local": a URL's user and password (RFC 3986 userinfo) typed without its
// scheme, before a host name with a dot or `localhost`; the password must be password-shaped.
const USERINFO_WITHOUT_SCHEME =
  /(?<![\w/.:@%+-])[a-z][\w.-]{0,31}:(?<value>[^\s:@/"'`]{6,})@(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)+)\b/gi;
// "the alarm code is 4821", "the door code: 4821", "my locker combination is 12-34-56": a code
// that opens a door, an alarm, a safe or a lock said in words is a PIN: 4 to 12 digits (ISO
// 9564-1), a combination in groups (decision 0092).
// The lock may also come after the code ("the code for the alarm is 4821") and "'s" may stand
// for "is" ("the alarm code's 4821") (decision 0096). With no "is" or colon the code follows
// right after ("door code 4821", "ma carte bleue code 4821"), 4 to 12 digits that are no year
// ("building code 2019" is a regulation) (0096, amended).
const LOCKS =
  "(?:alarm|door|gate|garage|safe|lock|locker|keypad|entry|building|padlock|lockbox|key\\s*(?:box|safe)|opener|bike\\s+lock|unlock|carte\\s+bleue|carte\\s+bancaire)";
// A code that opens a door, a gate or an alarm named in another language, as one word or words
// ("digicode", "Türcode", "deurcode", "code d'accès de la porte", "el código de la puerta", "il
// codice della porta", "o código da porta", "код от двери", "код домофона"; a new user's trial,
// decision 0108; each language's Wiktionary entries for "door code", "entry code", "intercom
// code"). A code that names no lock ("le code de la route", "el código fuente", "le code
// postal") is none of them. French may leave out "de la" ("code porte"); Spanish says "clave"
// too ("la clave de la alarma"); Polish, Swedish, Finnish, Greek, Hebrew, Arabic and Hindi say
// "door code", "gate code", "alarm code", "intercom code" with their own words (a new user's
// trial; decision 0117; Wiktionary's translations of "door code" and "code", "door", "gate",
// "alarm", "intercom", "safe" in each language). A padlock's or a safe's combination is its code
// in every language ("combinación del candado", "combinaison du cadenas", "combinazione del
// lucchetto", "Kombination des Zahlenschlosses", "kombinationen till hänglåset"), and so is a
// bank card's code named beside the card ("mon code de carte bleue", "código de mi tarjeta",
// "codice del bancomat", "kod do karty"; a new user's trial, decision 0124; Wiktionary
// "combination lock", "padlock", "bank card").
const FRENCH_LOCKS =
  "de\\s+la\\s+(?:porte|résidence)|de\\s+l['’](?:immeuble|entrée|alarme)|du\\s+(?:portail|garage|cadenas|coffre(?:-fort)?|bâtiment)";
const LOCK_CODES_OTHER_LANGUAGES = [
  "digicode",
  `code\\s+(?:d['’]acc[eè]s|d['’]entrée)(?:\\s+(?:${FRENCH_LOCKS}))?`,
  `(?:code|combinaison)\\s+(?:${FRENCH_LOCKS})`,
  "(?:code|combinaison)\\s+(?:porte|portail|immeuble|entrée|alarme|garage|cadenas|coffre(?:-fort)?)",
  "code\\s+(?:de\\s+(?:ma\\s+|la\\s+)?)?(?:carte(?:\\s+(?:bleue|bancaire|de\\s+crédit|sim))?|cb)",
  "(?:c[óo]digo|clave|combinaci[óo]n)\\s+(?:de\\s+(?:la\\s+(?:puerta|entrada|alarma|verja|cerradura|caja\\s+fuerte)|acceso|entrada)|del\\s+(?:portal|garaje|candado|port[óo]n))",
  "(?:c[óo]digo|clave)\\s+(?:de\\s+(?:mi\\s+|la\\s+)?)?tarjeta(?:\\s+(?:de\\s+(?:crédito|débito)|bancaria|sim))?",
  "(?:c[óo]digo|combina[çc][ãa]o)\\s+(?:da\\s+(?:porta|entrada|fechadura)|do\\s+(?:port[ãa]o|alarme|cofre|cadeado|prédio)|de\\s+acesso)",
  "c[óo]digo\\s+(?:d[oe]\\s+(?:meu\\s+)?)?cart[ãa]o(?:\\s+(?:de\\s+(?:crédito|débito)|multibanco))?",
  "(?:codice|combinazione)\\s+(?:della\\s+(?:porta|cassaforte)|del\\s+(?:portone|cancello|citofono|lucchetto|garage|box)|dell['’](?:allarme|ingresso)|d['’]accesso|di\\s+accesso)",
  "codice\\s+(?:della\\s+(?:mia\\s+)?carta(?:\\s+(?:di\\s+credito|bancomat))?|del\\s+(?:mio\\s+)?bancomat)",
  "(?:deur|toegangs|poort|kluis|slot|hangslot|fietsslot)code",
  "(?:code|combinatie)\\s+van\\s+(?:het|de|mijn)\\s+(?:(?:hang|fiets|cijfer)?slot|kluis|(?:bank)?pas)",
  "(?:haust[üu]r|t[üu]r|tor|zugangs|eingangs|alarm|tresor|garagen|schloss|zahlenschloss)-?code",
  "(?:code|(?:zahlen)?kombination)\\s+(?:der|des|vom|f[üu]r\\s+(?:die|das|den)|meiner|meines)\\s+(?:haust[üu]r|t[üu]r|tor(?:es)?|alarmanlage|garage|tresors?|eingangs?|(?:zahlen|fahrrad|vorhänge)?schloss(?:es)?|(?:bank|ec-|kredit)?karte)",
  "код\\s+(?:от\\s+)?(?:двери|домофона|подъезда|замка|сейфа|калитки|ворот|сигнализации)",
  // Polish "to" and Finnish "on" are "is" (Wiktionary), English words as well ("the door code on
  // 2024-05-01"): they are each row's own.
  "(?:kod|szyfr|kombinacja)(?:\\s+(?:do|od))?\\s+(?:drzwi|bramy|furtki|domofonu|klatki|alarmu|sejfu|kłódki|garażu|karty)(?:\\s+to)?",
  "(?:port|dörr|ytterdörr|grind|larm|kassaskåps|garage|lås|hänglås|cykellås)kod(?:en)?",
  // Swedish, Danish and Norwegian: "kombinationen till hänglåset", "kombinasjonen til
  // hengelåsen", "dørkoden", "portkoden" (their "is", "är" and "er", are links).
  "kombina(?:tion|sjon)(?:en)?\\s+(?:till?|på|för|for)\\s+(?:(?:häng|henge|hænge|cykel|sykkel|kod|kode)?låse[nt]|kassaskåpet|safen)",
  "(?:dør|hoveddør|port|alarm|garasje|garage|lås|hengelås|hængelås)kode(?:n)?",
  "(?:ovi|ulko-ovi|portti|porttikongin|hälytys|summeri|kassakaapin|autotallin)koodi(?:mme|ni|si|nne)?(?:\\s+on)?",
  "κωδικός\\s+(?:(?:της|του)\\s+)?(?:πόρτας|εισόδου|συναγερμού|χρηματοκιβωτίου|γκαράζ|θυροτηλεφώνου)",
  "קוד\\s+(?:של\\s+)?(?:ה|ל|לה)?(?:דלת|כניסה|אזעקה|שער|כספת|בניין)",
  "(?:رمز|كود|رقم)\\s+(?:سر\\s+)?(?:الباب|البوابة|الدخول|الإنذار|الانذار|الخزنة|العمارة|المبنى)",
  "(?:दरवाज़?े|गेट|अलार्म|तिजोरी|लॉकर)\\s+का\\s+(?:कोड|पिन)",
];
// Each language's "is" after a lock code (Wiktionary), as whole words.
const LOCK_CODE_LINKS = "is|was|est|était|es|era|è|é|ist|lautet|war|это|jest|är|er|είναι|הוא|هو";
const LOCK_CODE_IN_WORDS = new RegExp(
  `(?:\\b(?:${LOCKS}\\s+(?:code|combination|combo|pin)s?\\b|(?:code|combination|combo|pin)s?\\s+(?:for|to|of|on)\\s+(?:(?:the|my|our|your|his|her|their)\\s+)?(?:front\\s+|back\\s+|main\\s+|house\\s+|car\\s+)?${LOCKS}\\b)|(?<![\\p{L}\\p{N}])(?:${LOCK_CODES_OTHER_LANGUAGES.join("|")})(?![\\p{L}\\p{N}]))\\s*(?:(?:(?<!\\p{L})(?:${LOCK_CODE_LINKS})(?!\\p{L})|['’]s\\b|:|=)\\s*|(?=(?!(?:19|20)\\d\\d(?!\\d))\\d{4,12}\\p{Lu}?(?![\\d\\p{L}])))(?<value>\\d{1,12}(?:[-\\s]\\d{1,4}){0,3}\\p{Lu}?)(?![\\d\\p{L}])`,
  "giu",
);
const lockCode = (value: string) => (value.match(/\d/g)?.length ?? 0) >= 4;
// "ATM PIN 4921", "bank card PIN 4921", "SIM PUK 12345678", "PUK: 12345678": a PIN word (or a
// SIM's PUK, its unblocking key) right before 4 to 12 digits (ISO 9564-1) that are no year is a
// PIN, as "PIN-Code 4921" is in German; with "is" or a colon English PINs are
// `PASSWORD_IN_WORDS`' (a new user's trial saved these; decision 0116). A unit after the digits
// says what it measures ("a hat pin 1500 mm long").
// Or a card's, a phone's or a SIM's PIN named in another language before its digits ("PIN de la
// tarjeta 4921", "пин-код карты 4921"; a new user's trial, decision 0117; Wiktionary "PIN",
// "card", "bank card", "SIM card").
// The PIN word's compounds are the stated PIN's ("PIN-koden 4921", "pinkode 4921"; decision 0124).
const PIN_WORDS_OTHER_LANGUAGES = [
  "pin\\s+(?:de|del|della|da|do|der|von)\\s+(?:(?:la|le|ma|mi|mia|minha|meiner|meine|meinen)\\s+)?(?:tarjeta|carte(?:\\s+(?:bancaire|bleue|sim))?|carta|cartão|karte|bankkarte|sim)",
  "(?<![\\p{L}\\p{N}])пин-?код(?:\\s+(?:от\\s+)?(?:банковской\\s+)?(?:карты|карточки|телефона|сим-?карты))?",
];
// A Latin word starts after `\b`, not a lookbehind tried at every position.
const PIN_BARE = new RegExp(
  `(?:\\b(?:pin|puk)(?:[- ]?(?:code|number|nummer|kod(?:en)?|kode(?:n)?|koodi))?s?|${PIN_WORDS_OTHER_LANGUAGES.map((words) => (words.startsWith("pin") ? `\\b${words}` : words)).join("|")})(?![\\p{L}\\p{N}])[^\\S\\r\\n]*` +
    String.raw`(?:[:=#][^\S\r\n]*|\b(?:is|was)\b[^\S\r\n]*)?(?<value>(?!(?:19|20)\d\d(?!\d))\d{4,12})(?![\d\p{L}])(?![^\S\r\n]*(?:mm|cm|m|km|in|inch(?:es)?|ft|g|kg|lbs?)\b)`,
  "giu",
);
// "cvv 123", "the CVV is 123", "my card's security code is 123": a payment card's verification
// code (CVV2/CVC2, 3 or 4 digits printed on the card; ISO/IEC 7813) said after its name, or after
// its name, up to four words on whose card it is and "is" or a colon ("the CVV on my card is
// 372", "der CVV-Code meiner Karte ist 372"). Its names in other languages are Wiktionary's and
// the card schemes' own ("cryptogramme visuel", "Kartenprüfnummer", "código de seguridad",
// "codice di sicurezza", "CVV码"); a new user's trial saved each of them (decision 0123).
const CARD_CODE_NAMES = [
  "(?:(?:c[óo]digo|code|codice|num[ée]ro|n[úu]mero)\\s+)?(?:cvv2?|cvc2?)(?:-?(?:code|nummer|c[óo]digo|codice)|码|碼)?",
  "(?:card(?:['’]s)?\\s+)?(?:security|verification)\\s+(?:code|number|value)",
  "c[óo]digo\\s+de\\s+(?:seguridad|seguran[çc]a|verificaci[óo]n|verifica[çc][ãa]o)",
  "codice\\s+di\\s+(?:sicurezza|verifica)",
  "cryptogramme\\s+visuel",
  "karten(?:prüf|pruef)nummer",
];
const CARD_CODE_LINKS = "is|was|es|era|est|était|ist|war|è|é|是|为|為";
const CARD_CODE_LINK = `[^\\S\\r\\n]*(?:[:=#：]|(?<!\\p{Script=Latin})(?:${CARD_CODE_LINKS})(?!\\p{Script=Latin}))`;
const CARD_CODE_IN_WORDS = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${CARD_CODE_NAMES.join("|")})s?(?!\\p{Script=Latin})(?:${CARD_CODE_LINK}|(?:[^\\S\\r\\n]+[\\p{L}'’-]+){1,4}?${CARD_CODE_LINK})?[^\\S\\r\\n]*(?<value>\\d{3,4})(?![\\d\\p{L}])`,
  "giu",
);
// "wifi: hunter2horse", "WLAN-Schlüssel: Sonnenblume42", "clé wifi : Tournesol42", "la clave del
// wifi es Girasol42": a wireless network's key named in another language (Wiktionary "key":
// Schlüssel, clé, clave, chiave, sleutel, ключ) before a colon or the language's "is", or the
// word "wifi" or "WLAN" alone as a label before a colon (a new user's trial; decision 0108).
// English "the wifi key is …" is `KEY_IN_WORDS`'.
const WIFI_KEYS_OTHER_LANGUAGES = [
  "(?:wlan|wi-?fi)[-\\s]?(?:schlüssel|schluessel|sleutel|code)",
  "(?:clé|cle|code)\\s+(?:du\\s+|de\\s+la\\s+)?(?:wi-?fi|wlan)",
  "(?:clave|chave|c[óo]digo)\\s+(?:del?\\s+|d[oa]\\s+)?(?:wi-?fi|wlan)",
  "(?:chiave|codice)\\s+(?:del(?:la)?\\s+)?(?:wi-?fi|wlan)",
  "ключ\\s+(?:от\\s+)?(?:wi-?fi|вай-?фая?)",
];
// A word after the value that says it is the network's name ("Wi-Fi: Casa42 network, password on
// the fridge"; a new user's trial, decision 0117): "network", "SSID" and the word for network in
// the languages above (Wiktionary).
const NETWORK_WORDS = "network|ssid|netz|netzwerk|réseau|reseau|red|rede|rete|netwerk|сеть";
const WIFI_KEY_IN_WORDS = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(?:${WIFI_KEYS_OTHER_LANGUAGES.join("|")})(?![\\p{L}\\p{N}])[*_]{0,3}[^\\S\\r\\n]*(?:[:=：]|(?<!\\p{L})(?:${LOCK_CODE_LINKS})(?!\\p{L}))|(?:wi-?fi|wlan)[*_]{0,3}[^\\S\\r\\n]*[:=：])[*_]{0,3}[^\\S\\r\\n]*(?<value>[^\\s"'\`,;]{6,})(?![^\\s"'\`,;])(?![^\\S\\r\\n]+(?:${NETWORK_WORDS})(?![\\p{L}\\p{N}]))`,
  "giu",
);
// A network key starts with a letter and holds a digit (`tokenShaped`); a standard or a band
// ("WPA2-Personal", "802.11ac", "2.4GHz") and a network's name ending in its band ("Telekom-5G")
// are none.
const wifiKey = (value: string) =>
  tokenShaped(value) &&
  /^\p{L}/u.test(value) &&
  !/^(?:wpa|wep|wps)\d?(?![\p{L}])/iu.test(value) &&
  !/[-_ ]?(?:2[.,]4|5|6)\s*G(?:hz)?[.,;!?)]*$/i.test(value);
// "router admin/Vq7#mLp2", "root:Xk9!mq4z": a user name and a password joined by a slash or colon.
const USER_AND_PASSWORD =
  /(?<![\w/.:-])(?:admin|administrator|root|user|username|login)[/:](?<value>[^\s"'`,;/]{6,})/gi;
// "Zugangsdaten: user admin / Sommer2024!", "identifiants : utilisateur admin, mot de passe
// Xk9!mq4z": a credential label, a user word and a name, then a slash, comma or bar and the
// password (trial 10). With no user word, a random-looking password near the label is found by
// the credential-near-token rule; a word-like one is not ("Zugangsdaten: Microsoft / Office365").
const LABELLED_USER_AND_PASSWORD = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${CREDENTIAL_LABELS.join("|")})(?![\\p{L}\\p{N}])[^\\r\\n]{0,40}?` +
    `(?<![\\p{L}\\p{N}])(?:${USER_WORDS.join("|")})(?![\\p{L}\\p{N}])\\s*[:=：]?\\s*[^\\s/,|]{1,64}\\s*[/,|]\\s*` +
    `(?:(?:pass(?:word)?|pwd?|${PASSWORD_WORDS_OTHER_LANGUAGES.join("|")})\\s*[:=：]?\\s*)?` +
    "(?<value>[^\\s\"'`,;]{6,})",
  "giu",
);
// "NAS: admin / Sommer2024!", "Router: admin / Rv8kP2xQ!", "ルーター: admin / …": a user name and
// a password after whatever label says what they are for, with no credential word (decision
// 0078). The user name is one word starting with a small letter or digit (admin, pi,
// dana@example.com), a user word may stand before it, and the password must be password-shaped
// and hold a symbol or look random (`pairedPassword`): "TCP/IP", "and/or", "24/7", "1/2 cup",
// dates, paths and "Stack: react / Next.js14" are none.
const LABEL_USER_AND_PASSWORD = new RegExp(
  `[:：]\\s*(?:(?:${USER_WORDS.join("|")})\\s*[:=]?\\s*)?[\\p{Ll}\\d][\\p{Ll}\\d._@+-]{1,63}\\s*[/|]\\s*(?<value>[^\\s"'\`,;/|]{6,})`,
  "giu",
);
// "NAS: admin / Sommer2024": after a device's default account name (admin, root, pi, ubnt, sa,
// ...: the names routers, NAS boxes, a Raspberry Pi, Ubiquiti and SQL Server ship with) a
// password needs no symbol and need not look random: a word of letters in both cases and digits
// is one (decision 0088). "Stack: react / Next14" names no account.
const DEFAULT_ACCOUNT_AND_PASSWORD = new RegExp(
  `[:：]\\s*(?:(?:${USER_WORDS.join("|")})\\s*[:=]?\\s*)?(?:admin|administrator|root|pi|ubnt|guest|sa|postgres|supervisor)\\s*[/|]\\s*(?<value>[^\\s"'\`,;/|]{6,})`,
  "giu",
);
// "admin / sommer2024": a device's default account name with no label before it (decision
// 0096), a slash or bar, and a password of small letters and 2 or more digits ("admin / editor
// roles" is none) that ends its clause or comes before "for", "on", "at", "in" or "to" ("admin /
// sommer2024 for the NAS"): "the admin / editor2024 role" names roles. A value that is a default
// account name with a number ("sa / postgres12": SQL Server's and PostgreSQL's superusers, 12 a
// server version) is another account (decision 0106). "try admin then letmein", "log in as root with opensesame": after "try",
// "use" or "log in as", the account name, "then", "with" or "and", and one word of 4 or more
// small letters or digits ending the line, as after a fallback word ("else letmein"; 0078).
const DEFAULT_ACCOUNTS = "(?:admin|administrator|root|pi|ubnt|guest|sa|postgres|supervisor)";
const DEFAULT_ACCOUNT_UNLABELLED = new RegExp(
  `(?<![\\p{L}\\p{N}_./@-])${DEFAULT_ACCOUNTS}\\s*[/|]\\s*` +
    "(?<value>(?=[\\p{Ll}\\d]*\\p{Ll})(?=(?:[\\p{Ll}\\d]*?\\d){2})[\\p{Ll}\\d]{6,64})" +
    "(?=[.,;!?)]|[^\\S\\r\\n]*(?:$|[\\r\\n])|[^\\S\\r\\n]+(?:for|on|at|in|to)(?![\\p{L}]))",
  "giu",
);
const DEFAULT_ACCOUNT_THEN = new RegExp(
  `\\b(?:try|use|using|log[^\\S\\r\\n]*in[^\\S\\r\\n]+(?:as|with)|login[^\\S\\r\\n]+(?:as|with)|sign[^\\S\\r\\n]+in[^\\S\\r\\n]+as)[^\\S\\r\\n]+${DEFAULT_ACCOUNTS},?[^\\S\\r\\n]+(?:then|with|and(?:[^\\S\\r\\n]+then)?)[^\\S\\r\\n]+` +
    "(?<value>[\\p{Ll}\\d]{4,64})[.!]?[^\\S\\r\\n]*(?=\\r?\\n|$)",
  "giu",
);
// "router login admin/admin", "default credentials: pi / raspberry": after a credential label
// (`CREDENTIAL_LABELS`) or "default", a device's default account and the password it ships with
// (the admin, root, guest and ubnt accounts of routers and NAS boxes, Raspberry Pi OS's pi /
// raspberry, Kali's root / toor, PostgreSQL's and SQL Server's superusers; each vendor's manual)
// are the device's live login while nobody changed them (a new user's trial; decision 0117). The
// pair ends its clause or comes before "for", "on", "at", "in", "to" or "and", as an unlabelled
// one does: "the admin/admin role" and "default admin/admin accounts are disabled" name roles
// and kinds.
const DEFAULT_PASSWORDS =
  "(?:admin|administrator|password|passw0rd|root|toor|guest|raspberry|ubnt|changeme|default|pass|1234|12345|123456|12345678|admin123|postgres|supervisor|sa)";
const DEFAULT_ACCOUNT_PAIR = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${CREDENTIAL_LABELS.join("|")}|default)(?![\\p{L}\\p{N}])[^\\S\\r\\n]*(?:(?:is|are|was|were)[^\\S\\r\\n]+|[:=：][^\\S\\r\\n]*)?` +
    `${DEFAULT_ACCOUNTS}[^\\S\\r\\n]*[/|:][^\\S\\r\\n]*(?<value>${DEFAULT_PASSWORDS})` +
    "(?=[.,;!?)]|[^\\S\\r\\n]*(?:$|[\\r\\n])|[^\\S\\r\\n]+(?:for|on|at|in|to|and)(?![\\p{L}]))",
  "giu",
);
const unlabelledPassword = (value: string) =>
  !isNotAPasswordValue(value) &&
  !new RegExp(`^${DEFAULT_ACCOUNTS}\\d*$|^(?:${USER_WORDS.join("|")})$`, "iu").test(value) &&
  !NO_PASSWORD_AFTER_ACCOUNT.has(value.toLowerCase());
// Words after "then" or "with" that name what is done, how or where, not a password.
const NO_PASSWORD_AFTER_ACCOUNT = new Set([
  ...["care", "caution", "this", "that", "them", "it", "rights", "mode", "user", "users"],
  ...["here", "there", "online", "offline", "later", "today", "tomorrow", "again", "instead"],
  ...["sudo", "ssh", "password", "passwords", "access", "rights", "privileges", "permissions"],
  ...["login", "logout", "reboot", "restart", "retry", "help", "support", "none", "nothing"],
  // What is done next ("try admin then escalate", "use admin and wait"; decision 0106). "The
  // admin" is a person ("ask the admin then …"), so no "the" comes before the account.
  ...["wait", "escalate", "ask", "call", "deploy", "proceed", "continue", "update", "upgrade"],
  ...["exit", "quit", "install", "run", "check", "confirm", "approve", "review", "reload"],
]);
const pairedPassword = (value: string) =>
  passwordShaped(value) && (/[!@#$%^&*]/.test(value) || randomLooking(value));
const passwordShaped = (value: string) =>
  !isNotAPasswordValue(value) &&
  /[A-Za-z]/.test(value) &&
  /\d/.test(value) &&
  ((/[A-Z]/.test(value) && /[a-z]/.test(value)) || /[^A-Za-z0-9]/.test(value));

// US Social Security numbers: area 001-899 except 666, group not 00, serial not 0000 (SSA rules),
// grouped by dashes, spaces or dots.
const US_SSN = /(?<![\d.-])(?!000|666|9\d\d)\d{3}([-. ])(?!00)\d{2}\1(?!0000)\d{4}(?![\d-]|\.\d)/g;
// Nine digits in one run are an SSN only when the words say so ("my SSN is 219099999").
const US_SSN_IN_WORDS =
  /\b(?:ssn|social\s+security(?:\s+(?:number|no\.?|#))?)[^\d\n]{0,20}?(?<value>(?!000|666|9\d\d)\d{3}[ .-]?(?!00)\d{2}[ .-]?(?!0000)\d{4})(?!\d)/gi;

const WORD_RUN = /[A-Z]?[a-z]{2,}/g;

/**
 * The share (0 to 1) of a string's characters in word-like runs: 0.6 to 0.8 for identifiers
 * (`MacBookPro16`), about 0.3 for a 24- to 40-char random base64 run.
 */
export function wordCoverage(text: string): number {
  if (text === "") return 0;
  let covered = 0;
  for (const match of allMatches(WORD_RUN, text)) covered += match[0].length;
  return covered / text.length;
}

// A run of token characters that is no word, path or identifier: 24 or more chars with capitals,
// small letters and two digits, of which less than half sit in word-like runs. It catches a key
// of a provider no rule names and the pieces of a key pasted loose (gitleaks' generic-api-key
// rule, which also goes by entropy).
const TOKEN_RUN = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{24,}={0,2}(?![A-Za-z0-9+/=_-])/g;

/**
 * Matches wherever {@link findRandomTokens} can find a token: at the start of a run of
 * `TOKEN_RUN`'s characters, 24 long, with a capital, a small letter and two digits ahead in it.
 */
export const RANDOM_TOKEN_SCREEN =
  /(?=[A-Za-z0-9+/_-]*[A-Z])(?=[A-Za-z0-9+/_-]*[a-z])(?=(?:[A-Za-z0-9+/_-]*?\d){2})[A-Za-z0-9+/_-]{24}/;

// The first bytes of the files a page embeds as base64 (`data:image/png;base64,…`), `undefined`
// for any byte: PNG (ISO/IEC 15948 §5.2), JPEG (the SOI marker and the next marker's first
// byte, ITU T.81), GIF87a/GIF89a, WebP (a RIFF container of form WEBP), PDF (ISO 32000-1
// §7.5.2), WOFF and WOFF2 (W3C). And where their base64 starts: the first chars that do not
// depend on the bytes after the signature.
const FILE_SIGNATURES: ReadonlyArray<ReadonlyArray<number | undefined>> = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0xff, 0xd8, 0xff],
  [..."GIF87a"].map((char) => char.charCodeAt(0)),
  [..."GIF89a"].map((char) => char.charCodeAt(0)),
  [..."RIFF????WEBP"].map((char) => (char === "?" ? undefined : char.charCodeAt(0))),
  [..."%PDF-"].map((char) => char.charCodeAt(0)),
  [..."wOFF"].map((char) => char.charCodeAt(0)),
  [..."wOF2"].map((char) => char.charCodeAt(0)),
];
const FILE_SIGNATURE_START = /iVBORw0KGgo|\/9j\/|R0lGOD[dl]h|UklGR|JVBERi0|d09GR|d09GM/g;

/**
 * Whether a run of base64 holds the start of an image, font or PDF file (`FILE_SIGNATURES`): its
 * bytes are a file's, not a key's. The signature may stand after other token characters (a line
 * joined to the one before it).
 *
 * @param run - A run of base64 (standard or URL-safe) characters.
 * @example embedsFile("iVBORw0KGgoAAAANSUhEUgAA") // true: a PNG's first 18 bytes
 */
export function embedsFile(run: string): boolean {
  for (const match of allMatches(FILE_SIGNATURE_START, run)) {
    const bytes = Buffer.from(run.slice(match.index, match.index + 16), "base64");
    const signed = (signature: ReadonlyArray<number | undefined>) =>
      signature.every((byte, at) => byte === undefined || bytes[at] === byte);
    if (FILE_SIGNATURES.some(signed)) return true;
  }
  return false;
}

/**
 * Random-looking tokens in a text ({@link wordCoverage}), as `[start, end]` code-unit ranges; base64
 * of an image, font or PDF file ({@link embedsFile}) is none.
 */
export function findRandomTokens(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (const match of allMatches(TOKEN_RUN, text)) {
    const token = match[0];
    const digits = token.match(/\d/g)?.length ?? 0;
    if (digits < 2 || !/[A-Z]/.test(token) || !/[a-z]/.test(token)) continue;
    if (wordCoverage(token) >= 0.5 || embedsFile(token)) continue;
    found.push([match.index, match.index + token.length]);
  }
  return found;
}

/** The patterns memfiles adds to secretlint's, in the order they are tried. */
export const SECRET_PATTERNS: readonly SecretPattern[] = withScreens(
  (
    [
      ...PROVIDERS.map(([kind, pattern, needle]) =>
        needle === undefined ? { kind, pattern } : { kind, pattern, needle },
      ),
      // A plain word, a number, a date or a placeholder after the name is prose or a setting
      // (`token: none`, `max_tokens=4096`, `password_changed: 2026-01-31`, `API_TOKEN=...`,
      // `KEY=<your key>`, `KEY=${KEY}`); a date also where a header line of a file named
      // "passwords" is read after its name (`updated: 2026/12/07`).
      {
        kind: "credential_assignment",
        pattern: ASSIGNMENT,
        needle: /[=:]/,
        accept: (value) =>
          !isNotAPasswordValue(value) &&
          !/^["']?(?:\d+|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:[T ][\d:.]+(?:Z|[+-]\d\d:?\d\d)?)?[^A-Za-z0-9]*|[A-Za-z]{1,11}|[^A-Za-z0-9]*|<[^>]*>|\$\{?\w+\}?)["']?$/.test(
            value,
          ),
      },
      // "the login is on the wiki", "credentials are in 1Password": where, not what.
      {
        kind: "credential_in_words",
        pattern: IN_WORDS,
        needle:
          /login|log-in|credential|pw|security |recovery |backup code|seed phrase|one-time code|otp/i,
        accept: (value) => !isNotAPasswordValue(value),
      },
      // Each of the names says key, token or secret.
      {
        kind: "credential_in_words",
        pattern: KEY_IN_WORDS,
        accept: tokenShaped,
        needle: /key|token|secret/i,
      },
      {
        kind: "credential_in_words",
        pattern: KEY_BARE,
        accept: randomLooking,
        needle: /key|token|secret/i,
      },
      { kind: "password", pattern: PASS_IN_WORDS, accept: passwordShaped },
      {
        kind: "password",
        pattern: PASSPHRASE_WORDS,
        accept: plainPhrase,
        needle: /pass\s*phrase/i,
      },
      {
        kind: "connection_string_password",
        pattern: USERINFO_WITHOUT_SCHEME,
        accept: passwordShaped,
        needle: /:[^\s]*@/,
      },
      {
        kind: "password",
        pattern: LOCK_CODE_IN_WORDS,
        accept: lockCode,
        needle:
          /cod|códi|clave|kod|kood|combin|combo|kombin|szyfr|pin|код|κωδικ|קוד|رمز|كود|رقم|कोड|पिन/iu,
      },
      { kind: "password", pattern: PIN_BARE, needle: /pin|puk|пин/iu },
      {
        kind: "card_security_code",
        pattern: CARD_CODE_IN_WORDS,
        needle: /cv[vc]|security|verification|c[óo]digo|codice|cryptogramme|karten(?:prüf|pruef)/iu,
      },
      {
        kind: "password",
        pattern: WIFI_KEY_IN_WORDS,
        accept: wifiKey,
        needle: /wi-?fi|wlan|вай/iu,
      },
      {
        kind: "password",
        pattern: USER_AND_PASSWORD,
        accept: passwordShaped,
        needle: /admin|root|user|login/i,
      },
      {
        kind: "password",
        pattern: LABELLED_USER_AND_PASSWORD,
        accept: passwordShaped,
        needle: new RegExp(CREDENTIAL_LABELS.join("|"), "iu"),
      },
      {
        kind: "password",
        pattern: LABEL_USER_AND_PASSWORD,
        accept: pairedPassword,
        needle: /[/|]/,
      },
      {
        kind: "password",
        pattern: DEFAULT_ACCOUNT_AND_PASSWORD,
        accept: passwordShaped,
        needle: /(?:admin|root|pi|ubnt|guest|sa|postgres|supervisor)\s*[/|]/i,
      },
      {
        kind: "password",
        pattern: DEFAULT_ACCOUNT_UNLABELLED,
        accept: unlabelledPassword,
        needle: /(?:admin|root|pi|ubnt|guest|sa|postgres|supervisor)\s*[/|]/i,
      },
      {
        kind: "password",
        pattern: DEFAULT_ACCOUNT_THEN,
        accept: unlabelledPassword,
        needle: /(?:admin|root|pi|ubnt|guest|sa|postgres|supervisor),?\s+(?:then|with|and)\s/i,
      },
      {
        kind: "password",
        pattern: DEFAULT_ACCOUNT_PAIR,
        needle: /(?:admin|root|pi|ubnt|guest|sa|postgres|supervisor)\s*[/|:]/i,
      },
      { kind: "us_ssn", pattern: US_SSN },
      { kind: "us_ssn", pattern: US_SSN_IN_WORDS, needle: /ssn|social/i },
    ] satisfies SecretPattern[]
  ).map((entry): SecretPattern => ({ ...entry, pattern: withIndices(entry.pattern) })),
);

// Patterns without a needle, tried one by one on each of the tens of thousands of short texts a
// folder check scans (lines, and the joins of neighbouring lines), cost more than the scan's
// other parts. An alternation of them matches a text exactly when one of them does (each
// alternative is tried at every position, with the same flags), so one test a text tells whether
// any needs running. Named groups become plain ones (a name may not repeat in one regex); a
// pattern that refers to a group by number keeps no screen, as its numbers would move.
function withScreens(patterns: readonly SecretPattern[]): SecretPattern[] {
  const screened = (entry: SecretPattern) =>
    entry.needle === undefined && !/\\[1-9]|\\k<|\\\(\?</.test(entry.pattern.source);
  const screens = new Map<string, RegExp>();
  for (const flags of ["", "i"]) {
    const sources = patterns
      .filter((entry) => screened(entry) && entry.pattern.ignoreCase === (flags === "i"))
      .map(
        (entry) => `(?:${entry.pattern.source.replace(/\(\?<(?![=!])[A-Za-z_$][\w$]*>/g, "(?:")})`,
      );
    if (sources.length > 0) screens.set(flags, new RegExp(sources.join("|"), flags));
  }
  return patterns.map((entry) => {
    const screen = screened(entry) ? screens.get(entry.pattern.ignoreCase ? "i" : "") : undefined;
    return screen === undefined ? entry : { ...entry, screen };
  });
}

// Every pattern is run with the `d` flag, so a `value` group's own span is what gets redacted.
function withIndices(pattern: RegExp): RegExp {
  return pattern.flags.includes("d") ? pattern : new RegExp(pattern.source, `${pattern.flags}d`);
}

/** `[start, end]` of a match's `value` group (regex with the `d` flag), else of the whole match. */
export function valueSpan(match: RegExpMatchArray | RegExpExecArray): [number, number] {
  const span = match.indices?.groups?.value;
  if (span !== undefined) return [span[0], span[1]];
  const start = match.index ?? 0;
  return [start, start + match[0].length];
}

// In one run, or in the printed form of ISO 13616 (groups of four split by a space or dash, the
// last group shorter), in either case. A separator never stands between single characters: with
// one allowed before every character, "zq27 is for the concert" was a candidate of 15 and more
// characters, and one of its many prefixes passed the mod-97 checksum about once in 97.
/** Where {@link findIbans} looks for an IBAN: a candidate before its checksum. */
export const IBAN_CANDIDATE =
  /\b[A-Z]{2}\d{2}(?:[A-Z0-9]{11,30}|(?:[ -][A-Z0-9]{4}){2,7}(?:[ -][A-Z0-9]{1,3})?)\b/gi;

/** Whether a string is a valid IBAN (ISO 13616): 15 to 34 characters, mod-97 checksum 1. */
export function isIbanValid(candidate: string): boolean {
  const iban = candidate.replace(/[ -]/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

const compact = (candidate: string) => candidate.replace(/[ -]/g, "");

/** IBANs with a valid checksum in a text, as `[start, end]` code-unit ranges. */
export function findIbans(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (const match of allMatches(IBAN_CANDIDATE, text)) {
    // The longest run of whole groups that checks out: a four-letter word after an IBAN reads as
    // one more group.
    let candidate = match[0];
    while (compact(candidate).length >= 15 && !isIbanValid(candidate)) {
      const cut = candidate.search(/[ -][A-Z0-9]*$/i);
      if (cut <= 0) break;
      candidate = candidate.slice(0, cut);
    }
    if (compact(candidate).length >= 15 && isIbanValid(candidate)) {
      found.push([match.index, match.index + candidate.length]);
    }
  }
  return found;
}
