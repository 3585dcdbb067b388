import { performance } from "node:perf_hooks";
import type Anthropic from "@anthropic-ai/sdk";
import type { StoreLayout } from "@memfiles/core";
import {
  editDescription,
  type MemoryStore,
  type Proposal,
  type WritePassResult,
  writePass,
} from "@memfiles/core";
import { contentWords, type FactProposal } from "@memfiles/core/internal";
import type { ProvenanceKind } from "../report/describe-provenance.js";
import { parseDiaIds, type SpeakerConversation, type SpeakerSession } from "./import-sample.js";
import type { LocomoSample, LocomoTurn } from "./load-locomo.js";
import { chooseSubjectFile } from "./subject-rule.js";

/** Provenance of every proposal the oracle writes: the dataset's annotations, not a model. */
export const ORACLE_PROVENANCE = "dataset" satisfies ProvenanceKind;

/** The model id the write pass is told (no call is made; it selects the tokenizer ratio only). */
export const ORACLE_MODEL = "claude-haiku-5-5";

/**
 * How the oracle describes a subject file: `path`, the write pass's own description made from the
 * path (`describeNewFile`, the proposal's `description` left null); `facts`, after each session a
 * one-line description listing the file's most frequent fact words, set with `editDescription`.
 */
export type DescriptionMode = "path" | "facts";

/**
 * The memory layout the oracle writes in: `subject` (`propose_memories`, a file per subject chosen
 * by {@link chooseSubjectFile}) or `fact` (`propose_facts`, one file per fact).
 */
export type OracleLayout = StoreLayout;

/** One annotated fact sent to the write pass, positive (own turn) or negative (other's turn). */
export type OracleProposal = {
  kind: "positive" | "negative";
  session: number;
  /** The fact's dialogue ids, as annotated. */
  diaIds: string[];
  /**
   * The proposal in the subject layout's shape. In the fact layout, the same fact seen that way
   * (`file` the fact's name, `fact` its body), for the refusal samples.
   */
  proposal: Proposal;
  /** In the fact layout: the `propose_facts` proposal sent ({@link oracleFactProposal}). */
  factProposal?: FactProposal;
};

/** What the write pass decided for one {@link OracleProposal}. */
export type OracleOutcome = OracleProposal & {
  /**
   * `applied` or the rejection code; in the fact layout `applied` is a new fact file and `updated`
   * a save the write pass applied to an existing file of the same name or slug (its body replaced).
   */
  code: string;
  /** The refusal message, or the path written. */
  detail: string;
  /** Path written, when applied. */
  path?: string;
};

/** Store figures after one session's write pass. */
export type SessionFigures = {
  session: number;
  date: string;
  /** Memory files, `MEMORY.md` not counted. */
  files: number;
  /** Chars of every memory file together. */
  totalChars: number;
  /** Chars of the largest file. */
  largestChars: number;
  /** Proposals refused with `too_long` in this session (writes that would pass the cap). */
  capHits: number;
  /** Wall time of the write pass (the real code, fake client), in ms. */
  writeMs: number;
};

/** Annotated facts not sent, and why. */
export type SkippedFacts = {
  /** The fact's dialogue id is in no turn of its session. */
  unknownDiaId: number;
  /** The fact's dialogue ids are all turns of the other speaker. */
  notOwnTurn: number;
};

/** Result of {@link runOracle} for one speaker. */
export type OracleResult = {
  sampleId: string;
  speaker: string;
  outcomes: OracleOutcome[];
  sessions: SessionFigures[];
  skipped: SkippedFacts;
  /** `dia_id` -> paths holding an applied fact annotated with it. */
  filesByDiaId: Map<string, Set<string>>;
};

function nearestOtherTurn(
  session: SpeakerSession,
  own: LocomoTurn,
  speaker: string,
): LocomoTurn | undefined {
  const turns = [...session.turns.values()];
  const at = turns.indexOf(own);
  for (let distance = 1; distance < turns.length; distance += 1) {
    for (const index of [at - distance, at + distance]) {
      const turn = turns[index];
      if (turn !== undefined && turn.speaker !== speaker) return turn;
    }
  }
  return undefined;
}

/** Longest fact name the write pass accepts, in chars (`MAX_FACT_NAME_CHARS` of core). */
const FACT_NAME_CHARS = 100;
/** Longest fact description the write pass keeps, in chars (`MAX_DESCRIPTION_CHARS` of core). */
const FACT_DESCRIPTION_CHARS = 200;

/** `text` on one line, cut at the last space that keeps it within `max` chars (a word never split). */
function wordsWithin(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  return (space > 0 ? cut.slice(0, space) : flat.slice(0, max)).trim();
}

/**
 * The oracle's `propose_facts` proposal for one annotated fact (the fact layout; the rule that
 * stands in for the model, the same for every fact, written without looking at any question):
 * - `name`: the fact's own words, its final period dropped, cut at a word to 100 chars (core's
 *   name limit), so two facts share a file name (or the 60-char slug core names files by) only
 *   when they begin alike;
 * - `description`: the fact's own words, cut at a word to 200 chars (core's description limit);
 * - `body`: the fact as annotated; `type`: `user` (every LoCoMo fact is about the speaker);
 * - `evidence`: the turn given; `action` `save`, `replaces` null (the oracle never updates or
 *   forgets on purpose; the write pass may still update a file of the same name or slug).
 *
 * @param fact - The annotated fact, e.g. `"Ana adopted a beagle puppy named Pixel."`.
 * @param evidence - The text of the turn quoted as evidence.
 * @returns The proposal.
 * @example oracleFactProposal("Ana adopted a puppy.", "I adopted a puppy!").name // "Ana adopted a puppy"
 */
export function oracleFactProposal(fact: string, evidence: string): FactProposal {
  return {
    action: "save",
    name: wordsWithin(fact.trim().replace(/\.+$/, ""), FACT_NAME_CHARS),
    type: "user",
    description: wordsWithin(fact, FACT_DESCRIPTION_CHARS),
    body: fact,
    evidence,
    replaces: null,
  };
}

/**
 * The proposals the oracle makes for one session: each annotated fact of the speaker (LoCoMo
 * `session_N_observation`), its evidence the text of the first of its dialogue ids that is the
 * speaker's own turn, its file chosen by {@link chooseSubjectFile} (subject layout) or made by
 * {@link oracleFactProposal} (fact layout); and each fact once more as a negative, its evidence
 * the other speaker's turn nearest to that one (before it first).
 *
 * @param sample - The LoCoMo sample.
 * @param conversation - The speaker's side of it ({@link importSpeaker}).
 * @param session - One of `conversation.sessions`.
 * @param layout - `subject` (default) or `fact`.
 * @returns `{ proposals, skipped }`.
 * @example oracleProposals(sample, conversation, conversation.sessions[0]).proposals.length
 */
export function oracleProposals(
  sample: LocomoSample,
  conversation: SpeakerConversation,
  session: SpeakerSession,
  layout: OracleLayout = "subject",
): { proposals: OracleProposal[]; skipped: SkippedFacts } {
  const { speaker } = conversation;
  const facts = sample.observation[`session_${session.index}_observation`]?.[speaker] ?? [];
  const positives: OracleProposal[] = [];
  const negatives: OracleProposal[] = [];
  const skipped: SkippedFacts = { unknownDiaId: 0, notOwnTurn: 0 };
  for (const [fact, ids] of facts) {
    const diaIds = parseDiaIds(ids);
    const turns = diaIds.flatMap((id) => session.turns.get(id) ?? []);
    if (turns.length === 0) {
      skipped.unknownDiaId += 1;
      continue;
    }
    const own = turns.find((turn) => turn.speaker === speaker);
    if (own === undefined) {
      skipped.notOwnTurn += 1;
      continue;
    }
    const base = { session: session.index, diaIds };
    const make = (kind: OracleProposal["kind"], evidence: string): OracleProposal => {
      if (layout === "subject") {
        const file = chooseSubjectFile(fact);
        return {
          ...base,
          kind,
          proposal: { file, fact, evidence, replaces: null, description: null },
        };
      }
      const factProposal = oracleFactProposal(fact, evidence);
      return {
        ...base,
        kind,
        proposal: {
          file: factProposal.name,
          fact,
          evidence,
          replaces: null,
          description: factProposal.description,
        },
        factProposal,
      };
    };
    positives.push(make("positive", own.text));
    const other = nearestOtherTurn(session, own, speaker);
    if (other !== undefined) negatives.push(make("negative", other.text));
  }
  return { proposals: [...positives, ...negatives], skipped };
}

/**
 * A stand-in for the Anthropic client that answers every write-pass request with one
 * `propose_memories` call (subject layout) or `propose_facts` call (fact layout) holding
 * `proposals` (no network, zero usage), so the real `writePass` builds its request and then checks
 * and applies each proposal.
 */
function datasetClient(
  proposals: Proposal[] | FactProposal[],
  tool: "propose_memories" | "propose_facts",
): Anthropic {
  const message = {
    id: "msg_locomo_dataset",
    type: "message",
    role: "assistant",
    model: ORACLE_MODEL,
    content: [
      {
        type: "tool_use",
        id: "toolu_locomo_dataset",
        name: tool,
        input: { memories: proposals },
      },
    ],
    stop_reason: "tool_use",
    stop_sequence: null,
    usage: {
      input_tokens: 0,
      output_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    },
  };
  return { messages: { create: async () => message } } as unknown as Anthropic;
}

function outcomeKey(proposal: Proposal): string {
  return `${proposal.file}\u0000${proposal.fact}\u0000${proposal.evidence}`;
}

/** How {@link matchOutcomes} pairs what was sent with the result, per layout. */
type OutcomeMatch = {
  /** What was sent, as a key (`undefined`: not sent in this layout). */
  sent: (item: OracleProposal) => string | undefined;
  /** A proposal of the result, as the same key. */
  result: (proposal: Proposal) => string;
  /** An applied proposal's outcome code. */
  applied: (item: WritePassResult["applied"][number]) => string;
};

const OUTCOME_MATCH: Record<OracleLayout, OutcomeMatch> = {
  // The subject layout's outcomes are matched by file, fact and evidence.
  subject: {
    sent: (item) => outcomeKey(item.proposal),
    result: outcomeKey,
    applied: () => "applied",
  },
  // The fact layout's by evidence (never rewritten on apply; the body's relative dates may be).
  // `updated`: a save applied to an existing file.
  fact: {
    sent: (item) => item.factProposal?.evidence,
    result: (proposal) => proposal.evidence,
    applied: (item) =>
      item.change === undefined || item.change === "created" ? "applied" : item.change,
  },
};

// The outcomes matched to what was sent. A refusal whose proposal the result shows changed (a
// redacted secret) takes the first proposal left unmatched, in the order they were sent.
function matchOutcomes(
  sent: OracleProposal[],
  result: WritePassResult,
  match: OutcomeMatch,
): OracleOutcome[] {
  const waiting = new Map<string, OracleProposal[]>();
  for (const item of sent) {
    const key = match.sent(item);
    if (key !== undefined) waiting.set(key, [...(waiting.get(key) ?? []), item]);
  }
  const take = (proposal: Proposal): OracleProposal | undefined =>
    waiting.get(match.result(proposal))?.shift();
  const outcomes: OracleOutcome[] = [];
  for (const item of result.applied) {
    const from = take(item.proposal);
    if (from) {
      outcomes.push({ ...from, code: match.applied(item), detail: item.path, path: item.path });
    }
  }
  const unmatched: WritePassResult["rejected"] = [];
  for (const item of result.rejected) {
    const from = take(item.proposal);
    if (from) outcomes.push({ ...from, code: item.code, detail: item.message });
    else unmatched.push(item);
  }
  const rest = [...waiting.values()].flat();
  for (const item of unmatched) {
    const from = rest.shift();
    if (from) outcomes.push({ ...from, code: item.code, detail: item.message });
  }
  return outcomes;
}

/** Whether an outcome code is an accepted write (`applied`, or a fact file `updated`). */
export function isAccepted(code: string): boolean {
  return code === "applied" || code === "updated";
}

function describeFromFacts(path: string, facts: string[], speaker: string): string {
  const name = (path.split("/").at(-1) ?? path).replace(/\.md$/, "").replace(/-/g, " ");
  const ignore = new Set(contentWords(speaker));
  const counts = new Map<string, number>();
  for (const fact of facts) {
    for (const word of new Set(fact.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])) {
      if (word.length < 3 || contentWords(word).length === 0) continue;
      if (contentWords(word).every((stem) => ignore.has(stem))) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const words = [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([word]) => word);
  // The speaker's name is left out: it is in most questions and would match every file alike.
  let description = `${name.charAt(0).toUpperCase()}${name.slice(1)}:`;
  for (const word of words) {
    const next = `${description} ${word}`;
    if (next.length > 190) break;
    description = next;
  }
  return description;
}

/** Options of {@link runOracle}. */
export type RunOracleOptions = {
  sample: LocomoSample;
  conversation: SpeakerConversation;
  /** An empty store for this speaker's memory. */
  store: MemoryStore;
  /** Subject layout only (the fact layout's descriptions are the facts' own words). */
  descriptions: DescriptionMode;
  /** Called after each session. */
  onSession?: (figures: SessionFigures) => void;
};

/**
 * Runs the oracle write pass (provenance `dataset`) over every session of one speaker, in order,
 * in the store's layout (`store.layout`): the session's {@link oracleProposals} go through the real
 * `writePass` (a client that returns them as the model's `propose_memories` call, or in the fact
 * layout its `propose_facts` call, which `writePass` hands to core's fact write pass and
 * `applyFactProposals` with every guard; no consolidation model, so a write past the cap is
 * refused `too_long` and counted as a cap hit), then, in the subject layout with
 * `descriptions: "facts"`, every file the session wrote gets its description from its facts
 * (`editDescription`).
 *
 * @param options - `{ sample, conversation, store, descriptions, onSession? }`.
 * @returns Every outcome, per-session store figures, skipped facts and where each fact landed.
 * @example const result = await runOracle({ sample, conversation, store, descriptions: "facts" });
 */
export async function runOracle(options: RunOracleOptions): Promise<OracleResult> {
  const { sample, conversation, store } = options;
  const layout: OracleLayout = store.layout === "fact" ? "fact" : "subject";
  const outcomes: OracleOutcome[] = [];
  const sessions: SessionFigures[] = [];
  const skipped: SkippedFacts = { unknownDiaId: 0, notOwnTurn: 0 };
  const diaIdsByPath = new Map<string, Set<string>>();
  const factsByPath = new Map<string, string[]>();
  for (const session of conversation.sessions) {
    const made = oracleProposals(sample, conversation, session, layout);
    skipped.unknownDiaId += made.skipped.unknownDiaId;
    skipped.notOwnTurn += made.skipped.notOwnTurn;
    const started = performance.now();
    const result = await writePass({
      store,
      transcript: session.transcript,
      client:
        layout === "subject"
          ? datasetClient(
              made.proposals.map((item) => item.proposal),
              "propose_memories",
            )
          : datasetClient(
              made.proposals.flatMap((item) => item.factProposal ?? []),
              "propose_facts",
            ),
      model: ORACLE_MODEL,
      now: new Date(`${session.date}T12:00:00Z`),
      onTooLong: false,
    });
    const writeMs = performance.now() - started;
    const matched = matchOutcomes(made.proposals, result, OUTCOME_MATCH[layout]);
    outcomes.push(...matched);
    const touched = new Set<string>();
    for (const outcome of matched) {
      if (outcome.path === undefined) continue;
      touched.add(outcome.path);
      factsByPath.set(outcome.path, [
        ...(factsByPath.get(outcome.path) ?? []),
        outcome.proposal.fact,
      ]);
      // A fact file updated now holds only the new fact: the old one's dialogue ids leave it.
      const ids =
        outcome.code === "updated"
          ? new Set<string>()
          : (diaIdsByPath.get(outcome.path) ?? new Set<string>());
      for (const id of outcome.diaIds) ids.add(id);
      diaIdsByPath.set(outcome.path, ids);
    }
    if (layout === "subject" && options.descriptions === "facts") {
      for (const path of touched) {
        const read = await store.read(path);
        if (!read.exists) continue;
        await editDescription({
          store,
          path,
          description: describeFromFacts(path, factsByPath.get(path) ?? [], conversation.speaker),
          ifVersion: read.version,
        });
      }
    }
    const rows = (await store.list()).filter((row) => row.path !== "MEMORY.md");
    const figures: SessionFigures = {
      session: session.index,
      date: session.date,
      files: rows.length,
      totalChars: rows.reduce((sum, row) => sum + row.chars, 0),
      largestChars: Math.max(0, ...rows.map((row) => row.chars)),
      capHits: matched.filter((outcome) => outcome.code === "too_long").length,
      writeMs,
    };
    sessions.push(figures);
    options.onSession?.(figures);
  }
  const filesByDiaId = new Map<string, Set<string>>();
  for (const [path, ids] of diaIdsByPath) {
    for (const id of ids) filesByDiaId.set(id, (filesByDiaId.get(id) ?? new Set()).add(path));
  }
  return {
    sampleId: sample.sample_id,
    speaker: conversation.speaker,
    outcomes,
    sessions,
    skipped,
    filesByDiaId,
  };
}
