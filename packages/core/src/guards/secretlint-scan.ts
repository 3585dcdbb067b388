import type { lintSource } from "@secretlint/core";

type Secretlint = {
  lintSource: typeof lintSource;
  config: Parameters<typeof lintSource>[0]["options"]["config"];
};
let secretlint: Promise<Secretlint> | undefined;

/**
 * secretlint and its preset, imported by the first scan: their import is ~30 ms of CPU that a
 * process which never scans (a recall) does not pay; every scan still runs them. secretlint's
 * profiler too (with `node:perf_hooks`, ~2 ms): turned off before the first scan, since secretlint
 * 11 keeps and searches every mark it makes, so each scan got slower.
 */
function loadSecretlint(): Promise<Secretlint> {
  secretlint ??= Promise.all([
    import("@secretlint/core"),
    import("@secretlint/secretlint-rule-preset-recommend"),
    import("./secretlint-profiler.js").then(({ setSecretlintProfiling }) =>
      setSecretlintProfiling(false),
    ),
  ]).then(([{ lintSource }, { creator: recommendedPreset }]) => ({
    lintSource,
    // Every rule of the preset, with the ones off by default turned on: AWS access key ids
    // (`AKIA...`) are off in the preset because a key id alone is not a credential, but it still
    // does not belong in a memory file.
    config: {
      rules: [
        {
          id: recommendedPreset.meta.id,
          rule: recommendedPreset,
          rules: [{ id: "@secretlint/secretlint-rule-aws", options: { enableIDScanRule: true } }],
        },
      ],
    },
  }));
  return secretlint;
}

/**
 * What a text must hold for a rule of secretlint's recommended preset (11.7) to report in it: each
 * rule's fixed part (AWS key id prefixes and the names of its secret key and account id, PEM
 * headers, URL credentials, database URLs, and the GitHub, npm, Slack, OpenAI, Anthropic, Linear,
 * SendGrid, Shopify, 1Password and GCP formats). The secret screen (`secret-screen.ts`) reads
 * them; the secret corpus test holds every rule to them.
 */
export const SECRETLINT_SCREEN: readonly RegExp[] = [
  /(?:A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA)[A-Z0-9]{16}/,
  /secret_?access_?key|account_?(?:id)?["']?\s*(?::|=>|=)/i,
  /-----BEGIN|private_key|x-oauth-basic@|_authToken=|T3BlbkFJ/,
  /(?:https?|ftps?):\/\/[-a-zA-Z0-9_]{1,256}:[-a-zA-Z0-9_]{1,256}@/i,
  /mongodb(?:\+srv)?:\/\/|mysqlx?:\/\/|postgres(?:ql)?:\/\/|hooks\.slack\.com/i,
  /gh[pousr]_|github_pat_|npm_|xox[bpaor]-|xapp-|sk-ant-api0|lin_api_|SG\.|shp(?:pa|ca|at|ss)_|ops_ey/,
];

/**
 * The rules of secretlint's recommended preset that `SECRETLINT_SCREEN` was written for. A test
 * compares this list with the installed preset's: a rule added by an upgrade fails it until its
 * fixed part is in the screen (else the screen would clear a text that rule reports).
 */
export const SECRETLINT_SCREENED_RULES: readonly string[] = [
  "@secretlint/secretlint-rule-aws",
  "@secretlint/secretlint-rule-gcp",
  "@secretlint/secretlint-rule-privatekey",
  "@secretlint/secretlint-rule-npm",
  "@secretlint/secretlint-rule-basicauth",
  "@secretlint/secretlint-rule-slack",
  "@secretlint/secretlint-rule-sendgrid",
  "@secretlint/secretlint-rule-shopify",
  "@secretlint/secretlint-rule-github",
  "@secretlint/secretlint-rule-openai",
  "@secretlint/secretlint-rule-anthropic",
  "@secretlint/secretlint-rule-linear",
  "@secretlint/secretlint-rule-1password",
  "@secretlint/secretlint-rule-database-connection-string",
  // Reports nothing: it reads `secretlint-disable` comments.
  "@secretlint/secretlint-rule-filter-comments",
];

/** One message of secretlint's recommended preset; the range is in UTF-16 code units of the text. */
export type SecretlintMessage = { messageId: string; start: number; end: number };

/**
 * What stands between two texts scanned in one `lintSource` call (each call builds every rule of
 * the preset anew, most of a short text's cost). In secretlint 11.7's preset no match holds a
 * barrier character, no pattern starts with a line break or U+0000 or ends with white space, the
 * three that cross a line break need a `:`, `=`, quote, key character or `-----END` after it, and
 * no rule uses `^`, `$` or a positive lookaround on the text: so each text gets exactly what a call
 * of its own would give. A `secretlint-disable` comment (silences the rest) and a leading BOM
 * (stripped only at the start) reach past a match: such texts get a call of their own.
 */
const BARRIER = "\n\u0000\n";
// Texts of one call, at most (a 1,000-line file is one call; its ~30 KB rule-building cost is
// a thousandth of scanning it, and secretlint's duplicate filter is quadratic in messages).
const CALL_CHARS = 200_000;

/** Whether a text needs a `lintSource` call of its own (a secretlint comment or a leading BOM). */
function needsOwnCall(text: string): boolean {
  return text.startsWith("\uFEFF") || text.includes("secretlint-");
}

async function lint(content: string): Promise<SecretlintMessage[]> {
  const { lintSource, config } = await loadSecretlint();
  const result = await lintSource({
    source: { content, filePath: "/memfiles-proposal.txt", ext: ".txt", contentType: "text" },
    options: { config, maskSecrets: true, noPhysicFilePath: true },
  });
  // secretlint strips a leading byte-order mark and counts from after it; ranges here are in the
  // text as given, as every other finding's.
  const shift = content.startsWith("\uFEFF") ? 1 : 0;
  return result.messages.map((message) => ({
    messageId: message.messageId,
    start: message.range[0] + shift,
    end: message.range[1] + shift,
  }));
}

/**
 * secretlint's recommended preset (every rule on) on each text, in as few `lintSource` calls as the
 * texts allow: per text, the messages one call of its own would give, sorted by range, the
 * ranges in UTF-16 code units of the text as given (a leading byte-order mark counted).
 *
 * @example await secretlintMessagesOfEach(["AKIA2E4KQ7XY5ZB3MN6P", "hello"]) // [[{ messageId: "AWSAccessKeyID", start: 0, end: 20 }], []]
 */
export async function secretlintMessagesOfEach(
  texts: readonly string[],
): Promise<SecretlintMessage[][]> {
  const each: SecretlintMessage[][] = texts.map(() => []);
  const alone: number[] = [];
  let batch: number[] = [];
  let chars = 0;
  const calls: Promise<void>[] = [];
  const flush = () => {
    if (batch.length > 0) calls.push(lintTogether(texts, batch, each, alone));
    batch = [];
    chars = 0;
  };
  for (const [index, text] of texts.entries()) {
    if (needsOwnCall(text)) {
      alone.push(index);
      continue;
    }
    if (chars > 0 && chars + text.length > CALL_CHARS) flush();
    batch.push(index);
    chars += text.length + BARRIER.length;
  }
  flush();
  await Promise.all(calls);
  await Promise.all(
    alone.map(async (index) => {
      each[index] = await lint(texts[index] as string);
    }),
  );
  return each;
}

// One call for the given texts; a message that is not inside one of them (none is, see BARRIER)
// sends every one of them to a call of its own rather than guessing.
async function lintTogether(
  texts: readonly string[],
  batch: readonly number[],
  each: SecretlintMessage[][],
  alone: number[],
): Promise<void> {
  if (batch.length === 1) {
    const [only] = batch as [number];
    each[only] = await lint(texts[only] as string);
    return;
  }
  const starts: number[] = [];
  let offset = 0;
  for (const index of batch) {
    starts.push(offset);
    offset += (texts[index] as string).length + BARRIER.length;
  }
  const messages = await lint(batch.map((index) => texts[index]).join(BARRIER));
  const found: SecretlintMessage[][] = batch.map(() => []);
  for (const message of messages) {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= message.start) low = middle;
      else high = middle - 1;
    }
    const start = starts[low] as number;
    if (message.end > start + (texts[batch[low] as number] as string).length) {
      alone.push(...batch);
      return;
    }
    found[low]?.push({ ...message, start: message.start - start, end: message.end - start });
  }
  for (const [at, index] of batch.entries()) each[index] = found[at] ?? [];
}
