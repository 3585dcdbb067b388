import { parseDatedLine } from "../format/index.js";

/** What a memory may name that can go away: a file path, a function, a command-line flag, an endpoint. */
export type ClaimKind = "path" | "function" | "flag" | "endpoint";

/**
 * A thing a memory names that the world may have changed since: a hint to check, not ground truth
 * (the second write-up: "before acting on a memory that names a file, function, flag or endpoint,
 * check it still exists").
 */
export type StaleClaim = {
  kind: ClaimKind;
  /** The thing as written in the memory, e.g. `src/billing/invoice.ts`, `renderInvoice()`, `--dry-run`, `POST /v1/invoices`. */
  text: string;
  /** The memory file it is in, e.g. `projects/billing.md`. */
  path: string;
  /** 1-based line number in the file. */
  line: number;
  /** When the memory was stated: the line's `[stated YYYY/MM/DD]` tag, else the file's `updated:`; absent when neither. */
  date?: string;
};

/**
 * The optional hook that checks a claim against the workspace before the memory is shown ("does
 * this path exist?"): `true` when the thing still exists, `false` when it is gone.
 */
export type VerifyClaim = (claim: StaleClaim) => boolean | Promise<boolean>;

/** A claim after the verify hook: `verified` (still exists), `missing` (gone: possibly stale), `unchecked` (no hook), `error` (the hook threw or timed out). */
export type CheckedClaim = StaleClaim & {
  status: "verified" | "missing" | "unchecked" | "error";
  /** With `error`: what went wrong. */
  reason?: string;
};

// The patterns, in the order they are tried; the text a pattern matched is blanked so a later
// pattern does not match it again (`/v1/invoices` of an endpoint is not also a path).
//  endpoint: an HTTP method and a path (`POST /v1/invoices`), or an http(s) URL.
//  path:     a file path with at least one `/` and a file extension (`src/billing/invoice.ts`,
//            `./scripts/setup.sh`, `~/.config/fly.toml`, `src/請求/描画.ts`: any script's letters),
//            a path under the home folder even without an extension (`~/.billingrc`), a Windows
//            path with a drive letter (`C:\Users\me\billing\config.yaml`, whole), or a bare
//            file name with a known source extension (`package.json`, `invoice.ts`).
//  function: an identifier, possibly dotted, right before `()` (`renderInvoice()`, `store.list()`).
//  flag:     a long option after a space or backtick (`--dry-run`, `--no-verify`).
const CLAIM_PATTERNS: ReadonlyArray<{ kind: ClaimKind; pattern: RegExp }> = [
  {
    kind: "endpoint",
    pattern:
      /\b(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+\/[\w\-./{}:]*|\bhttps?:\/\/[^\s`'")<>]+/g,
  },
  {
    kind: "path",
    pattern:
      /(?<![\p{L}\p{N}])[A-Za-z]:\\(?:[\p{L}\p{N}_. -]+\\)*[\p{L}\p{N}_.-]+\.[A-Za-z0-9]{1,8}(?![\p{L}\p{N}])|~\/(?:[\p{L}\p{N}_.-]+\/)*[\p{L}\p{N}_.-]*[\p{L}\p{N}_-]|(?:~|\.{1,2})?\/?(?:[\p{L}\p{N}_.-]+\/)+[\p{L}\p{N}_.-]*\.[A-Za-z0-9]{1,8}(?![\p{L}\p{N}])|(?<![\p{L}\p{N}_.-])[\p{L}\p{N}_-]+\.(?:ts|tsx|js|jsx|mjs|cjs|json|ya?ml|toml|py|rs|go|rb|java|kt|sh|sql|css|html|lock)(?![\p{L}\p{N}_])/gu,
  },
  { kind: "function", pattern: /\b[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\(\)/g },
  { kind: "flag", pattern: /(?<=^|[\s`'"(])--[a-z][\w-]*/g },
];

/**
 * Finds the things one memory text names that may have gone since (file paths, functions, flags,
 * endpoints), line by line, with the date each line was stated. Detection is by the simple
 * patterns above (documented next to them), so it errs both ways: `1.5.md` reads as a file name,
 * a function named without `()` is missed. Header lines (`name:`, `description:`...) are skipped.
 *
 * @param path - The memory path, e.g. `projects/billing.md`.
 * @param content - The file text.
 * @param updated - The file's `updated:` (`YYYY/MM/DD`), the date of lines without a date tag.
 * @returns The claims, in file order; `[]` when the memory names nothing checkable.
 * @example findClaims("projects/billing.md", "[stated 2026/08/01] invoices are built in src/billing/invoice.ts\n")
 * // [{ kind: "path", text: "src/billing/invoice.ts", path: "projects/billing.md", line: 1, date: "2026/08/01" }]
 */
export function findClaims(path: string, content: string, updated?: string): StaleClaim[] {
  const claims: StaleClaim[] = [];
  const lines = content.split(/\r?\n/);
  let inFrontMatter = lines[0]?.replace(/^\uFEFF/, "") === "---";
  lines.forEach((raw, index) => {
    if (index === 0 && inFrontMatter) return;
    if (inFrontMatter) {
      if (raw === "---") inFrontMatter = false;
      return;
    }
    if (/^(name|description|updated|type|scope|links)[ \t]*:/i.test(raw)) return;
    const fact = parseDatedLine(raw);
    const date = fact?.stated ?? updated;
    let rest = fact?.text ?? raw;
    for (const { kind, pattern } of CLAIM_PATTERNS) {
      for (const match of rest.matchAll(pattern)) {
        const text = match[0].replace(/[.,;:]+$/, "");
        if (text === "" || claims.some((c) => c.line === index + 1 && c.text === text)) continue;
        claims.push({ kind, text, path, line: index + 1, ...(date === undefined ? {} : { date }) });
      }
      rest = rest.replace(pattern, (matched) => " ".repeat(matched.length));
    }
  });
  return claims;
}

/** Default time the verify hook may take for all the claims of one recall, in ms, before the claims still unanswered are reported `error`. */
export const DEFAULT_VERIFY_TIMEOUT_MS = 2_000;

/** Options of {@link verifyClaims}. */
export type VerifyClaimsOptions = {
  /** Epoch ms after which no claim waits any more: one deadline shared by every file of a recall. */
  deadline?: number;
};

/**
 * Runs the verify hook on every claim at once (in parallel); a hook that throws gives
 * `status: "error"` with the reason, and every claim still unanswered after `timeoutMs` (or at the
 * `deadline`, when sooner) gives `error` too (recall goes on: the memory is shown, marked
 * unverified). So a hook that never answers costs at most `timeoutMs` per call, not per claim
 * (new-user trial: 5 claims x 500 ms took 2.5 s). Without a hook every claim is `unchecked`.
 *
 * @param claims - From {@link findClaims}.
 * @param verify - The hook, or `undefined`.
 * @param timeoutMs - Most ms for all the claims together (default 2,000).
 * @param options - `{ deadline? }` (epoch ms), shared by the files of one recall.
 * @returns One checked claim per claim, in order.
 * @example await verifyClaims(claims, async (claim) => existsSync(claim.text))
 */
export async function verifyClaims(
  claims: readonly StaleClaim[],
  verify: VerifyClaim | undefined,
  timeoutMs: number = DEFAULT_VERIFY_TIMEOUT_MS,
  options: VerifyClaimsOptions = {},
): Promise<CheckedClaim[]> {
  if (verify === undefined) return claims.map((claim) => ({ ...claim, status: "unchecked" }));
  if (claims.length === 0) return [];
  const untilDeadline = (options.deadline ?? Number.POSITIVE_INFINITY) - Date.now();
  const budget = Math.max(0, Math.min(timeoutMs, untilDeadline));
  const reason =
    budget === timeoutMs
      ? `the verify hook took longer than ${timeoutMs} ms`
      : "the verify hook did not answer before the recall's deadline";
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timed_out">((resolveTimeout) => {
    timer = setTimeout(() => resolveTimeout("timed_out"), budget);
  });
  try {
    return await Promise.all(
      claims.map(async (claim): Promise<CheckedClaim> => {
        try {
          const exists = await Promise.race([
            Promise.resolve().then(() => verify(claim)),
            timedOut,
          ]);
          if (exists === "timed_out") return { ...claim, status: "error", reason };
          return { ...claim, status: exists ? "verified" : "missing" };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          return { ...claim, status: "error", reason: message };
        }
      }),
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The note shown after a memory file that names checkable things: each `missing` claim as
 * "possibly stale" with the date the memory was stated, each unchecked or failed one as a hint to
 * check before acting on it. The memory itself is shown in full either way (never dropped).
 *
 * @param claims - From {@link verifyClaims}.
 * @returns The note (lines starting `- `), or `""` when there are no claims.
 * @example formatStalenessNote(checked) // "<staleness>\n- possibly stale: line 5 (stated 2026/08/01) names the path src/old.ts, which was not found when checked\n</staleness>"
 */
export function formatStalenessNote(claims: readonly CheckedClaim[]): string {
  const lines = claims.flatMap((claim) => {
    const where = `line ${claim.line}${claim.date === undefined ? "" : ` (stated ${claim.date})`} names the ${claim.kind} ${claim.text}`;
    switch (claim.status) {
      case "verified":
        return [];
      case "missing":
        return [`- possibly stale: ${where}, which was not found when checked; do not rely on it`];
      case "error":
        return [
          `- unverified: ${where}; the check failed (${claim.reason}); check it before acting on it`,
        ];
      case "unchecked":
        return [`- a hint, not checked: ${where}; check it still exists before acting on it`];
    }
    return [];
  });
  return lines.length === 0 ? "" : `<staleness>\n${lines.join("\n")}\n</staleness>`;
}
