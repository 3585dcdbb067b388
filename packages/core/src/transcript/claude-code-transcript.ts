import { withSessionDate } from "./session-date.js";
import type { Transcript, TranscriptTurn } from "./transcript.js";

/**
 * Where a reader of a Claude Code transcript stopped: the byte just after the last whole line it
 * read, and the `uuid` of the last record on or before it. Give it back as `after` to read only
 * the records appended since.
 */
export type TranscriptCheckpoint = {
  /** Bytes from the start of the file (UTF-8), always at the start of a line. */
  offset: number;
  /** The `uuid` of the last record read that had one; absent when none had. */
  uuid?: string;
};

/** Options of {@link parseClaudeCodeTranscript}. */
export type ParseClaudeCodeTranscriptOptions = {
  /** The user's IANA time zone: the session is dated by its last record's day there (default UTC). */
  timeZone?: string;
  /**
   * Records whose `uuid` is in this set are skipped (already read from another file: Claude Code
   * copies a session's records into the new file of a resumed session).
   */
  seen?: ReadonlySet<string>;
};

/** How many records of each kind a read left out of the transcript, by reason. */
export type SkippedRecords = Partial<Record<SkipReason, number>>;

/**
 * Why a record is not a turn: only what the person typed is a user turn, and only the model's
 * text an assistant turn.
 */
export type SkipReason =
  | "tool_result"
  | "tool_call"
  | "sidechain"
  | "meta"
  | "compact_summary"
  | "command"
  | "system_reminder"
  | "interrupted"
  | "attachment"
  | "image"
  | "synthetic"
  | "seen"
  | "other_type"
  | "unreadable_line";

/** Result of {@link parseClaudeCodeTranscript}. */
export type ParseClaudeCodeTranscriptResult = {
  /**
   * The session as the write pass reads it: `sessionId` from the records, `date` the day of the
   * last record's `timestamp` in `timeZone` (`""` when no record had one: the write dates it today).
   */
  transcript: Transcript;
  /** Where the next read starts. */
  checkpoint: TranscriptCheckpoint;
  /** Whole lines read (a half-written last line is not one). */
  records: number;
  /** Records and parts of records left out, by reason. */
  skipped: SkippedRecords;
};

// Blocks Claude Code puts into `type: "user"` records that the person did not type: reminders it
// adds, slash-command echoes and their output, `!` shell input and output.
const NOT_TYPED_TAGS = [
  "system-reminder",
  "command-name",
  "command-message",
  "command-args",
  "command-contents",
  "local-command-stdout",
  "local-command-stderr",
  "local-command-caveat",
  "bash-input",
  "bash-stdout",
  "bash-stderr",
];
const NOT_TYPED_BLOCK = new RegExp(`<(${NOT_TYPED_TAGS.join("|")})>[\\s\\S]*?(?:</\\1>|$)`, "g");
// What Claude Code writes as a user turn when the person stops the model: a marker, not words.
const INTERRUPTED = /^\[Request interrupted by user[^\]]*\]$/;

type ContentBlock = { type?: unknown; text?: unknown };
type ClaudeCodeRecord = {
  type?: unknown;
  uuid?: unknown;
  sessionId?: unknown;
  timestamp?: unknown;
  isSidechain?: unknown;
  isMeta?: unknown;
  isCompactSummary?: unknown;
  isVisibleInTranscriptOnly?: unknown;
  toolUseResult?: unknown;
  message?: { role?: unknown; model?: unknown; content?: unknown };
};

type Turn = { role: TranscriptTurn["role"]; content: string; skip?: SkipReason };

function userWords(text: string): Turn | undefined {
  const tagged = text.match(NOT_TYPED_BLOCK);
  const words = text.replace(NOT_TYPED_BLOCK, "").trim();
  if (words === "") {
    const reason = tagged?.[0]?.startsWith("<system-reminder>") ? "system_reminder" : "command";
    return { role: "user", content: "", skip: reason };
  }
  if (INTERRUPTED.test(words)) return { role: "user", content: "", skip: "interrupted" };
  return { role: "user", content: words };
}

function userTurn(record: ClaudeCodeRecord, skip: (reason: SkipReason) => void): Turn | undefined {
  if (record.isCompactSummary === true)
    return { role: "user", content: "", skip: "compact_summary" };
  if (record.isMeta === true || record.isVisibleInTranscriptOnly === true)
    return { role: "user", content: "", skip: "meta" };
  if (record.toolUseResult !== undefined) return { role: "user", content: "", skip: "tool_result" };
  const content = record.message?.content;
  if (typeof content === "string") return userWords(content);
  if (!Array.isArray(content)) return { role: "user", content: "", skip: "other_type" };
  const blocks = content as ContentBlock[];
  // A tool result is stored as a user record; text beside it (a hook's note, an interruption) is
  // Claude Code's, never the person's.
  if (blocks.some((block) => block?.type === "tool_result"))
    return { role: "user", content: "", skip: "tool_result" };
  const parts: string[] = [];
  for (const block of blocks) {
    if (block?.type === "text" && typeof block.text === "string") {
      const turn = userWords(block.text);
      if (turn?.skip !== undefined) skip(turn.skip);
      else if (turn !== undefined) parts.push(turn.content);
    } else skip(block?.type === "image" ? "image" : "attachment");
  }
  return parts.length === 0 ? undefined : { role: "user", content: parts.join("\n\n") };
}

function assistantTurn(
  record: ClaudeCodeRecord,
  skip: (reason: SkipReason) => void,
): Turn | undefined {
  if (record.message?.model === "<synthetic>")
    return { role: "assistant", content: "", skip: "synthetic" };
  const content = record.message?.content;
  if (typeof content === "string") return { role: "assistant", content: content.trim() };
  if (!Array.isArray(content)) return { role: "assistant", content: "", skip: "other_type" };
  const parts: string[] = [];
  for (const block of content as ContentBlock[]) {
    if (block?.type === "text" && typeof block.text === "string") {
      if (block.text.trim() !== "") parts.push(block.text.trim());
    } else if (block?.type === "tool_use") skip("tool_call");
  }
  return parts.length === 0 ? undefined : { role: "assistant", content: parts.join("\n\n") };
}

function turnOf(record: ClaudeCodeRecord, skip: (reason: SkipReason) => void): Turn | undefined {
  if (record.isSidechain === true) return { role: "user", content: "", skip: "sidechain" };
  if (record.type === "user") return userTurn(record, skip);
  if (record.type === "assistant") return assistantTurn(record, skip);
  if (record.type === "attachment") return { role: "user", content: "", skip: "attachment" };
  return { role: "user", content: "", skip: "other_type" };
}

/**
 * Reads a Claude Code session transcript (the JSONL at `~/.claude/projects/<project>/<session
 * id>.jsonl`) into the write pass's {@link Transcript}. Only what the person typed is a user turn,
 * so nothing else can serve as evidence: tool results, slash-command echoes and output,
 * `<system-reminder>` blocks, compaction summaries, meta and subagent records, attachments and
 * images are left out. The model's text is kept (one assistant turn a run of records), its tool
 * calls and thinking are not. Other record types and lines that are not JSON are skipped; a last
 * line without its line break is left for the next read.
 *
 * @param text - The file's bytes (or text) from `after.offset` on.
 * @param options - `{ timeZone?, seen? }`; see {@link ParseClaudeCodeTranscriptOptions}.
 * @param after - The checkpoint `text` starts at (default the start of the file).
 * @returns `{ transcript, checkpoint, records, skipped }`.
 * @throws {InvalidArgumentError} when `timeZone` is no known time zone.
 * @example
 * const { transcript, checkpoint } = parseClaudeCodeTranscript(readFileSync(path), { timeZone: "Europe/Lisbon" });
 */
export function parseClaudeCodeTranscript(
  text: Buffer | string,
  options: ParseClaudeCodeTranscriptOptions = {},
  after: TranscriptCheckpoint = { offset: 0 },
): ParseClaudeCodeTranscriptResult {
  const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  const end = bytes.lastIndexOf(0x0a) + 1;
  const skipped: SkippedRecords = {};
  const skip = (reason: SkipReason) => {
    skipped[reason] = (skipped[reason] ?? 0) + 1;
  };
  const turns: TranscriptTurn[] = [];
  let sessionId: string | undefined;
  let latest: Date | undefined;
  let uuid = after.uuid;
  let records = 0;
  for (const line of bytes.subarray(0, end).toString("utf8").split("\n")) {
    if (line.trim() === "") continue;
    records += 1;
    let record: ClaudeCodeRecord;
    try {
      const parsed: unknown = JSON.parse(line);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
        skip("unreadable_line");
        continue;
      }
      record = parsed as ClaudeCodeRecord;
    } catch {
      skip("unreadable_line");
      continue;
    }
    const id = typeof record.uuid === "string" ? record.uuid : undefined;
    if (id !== undefined) uuid = id;
    if (id !== undefined && options.seen?.has(id) === true) {
      skip("seen");
      continue;
    }
    if (typeof record.sessionId === "string" && record.isSidechain !== true)
      sessionId ??= record.sessionId;
    const turn = turnOf(record, skip);
    if (turn === undefined) continue;
    if (turn.skip !== undefined) {
      skip(turn.skip);
      continue;
    }
    if (typeof record.timestamp === "string") {
      const at = new Date(record.timestamp);
      if (!Number.isNaN(at.getTime()) && (latest === undefined || at > latest)) latest = at;
    }
    const last = turns.at(-1);
    if (last !== undefined && last.role === turn.role && turn.role === "assistant") {
      last.content = `${last.content}\n\n${turn.content}`;
    } else turns.push({ role: turn.role, content: turn.content });
  }
  const undated: Transcript = {
    ...(sessionId === undefined ? {} : { sessionId }),
    date: "",
    turns,
  };
  const transcript =
    latest === undefined ? undated : withSessionDate(undated, latest, options.timeZone);
  return {
    transcript,
    checkpoint: { offset: after.offset + end, ...(uuid === undefined ? {} : { uuid }) },
    records,
    skipped,
  };
}
