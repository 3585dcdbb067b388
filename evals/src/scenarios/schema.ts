import { LAYOUT_NAMES } from "@memfiles/core/internal";
import { z } from "zod";

/**
 * The scenario fixture format (`scenarios/*.yaml`). One zod schema; `loadScenario` reports a bad
 * fixture as an error naming the file and the field.
 *
 * A scenario is a list of sessions. Each session has a date and turns. A turn is either part of a
 * fixed transcript (`user` or `assistant` text given) or, with `live: true` on the session, a user
 * message sent through `chat()` whose assistant reply comes from the model (recordings). After each
 * session the listed stages run (`write`: writePass over the session transcript; `consolidate`:
 * consolidateAll with the given threshold). Then the final question goes through `chat()` and the
 * expectations are graded.
 */

/** Whether `YYYY-MM-DD` names a day of the proleptic Gregorian calendar (no month 13, no Feb 30). */
function isRealDate(text: string): boolean {
  const [year, month, day] = text.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * ISO date `YYYY-MM-DD` of a real calendar day (`2026-13-45` and `2026-02-30` are refused). YAML
 * reads an unquoted valid date as a Date, so a Date is accepted and formatted back; an impossible
 * one stays a string and is refused here.
 */
export const IsoDateSchema = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "expected an ISO date YYYY-MM-DD")
    .refine(isRealDate, {
      error: (issue) =>
        `${String(issue.input)} is not a real date (month 01-12, day within the month); write YYYY-MM-DD`,
    }),
);

export const TurnSchema = z.union([
  z.strictObject({ user: z.string().min(1) }),
  z.strictObject({ assistant: z.string().min(1) }),
  /**
   * Not a turn of the transcript: the application runs core's `remember` here (the user clicked
   * "remember this", another tab wrote memory), so memory changes between two user turns.
   */
  z.strictObject({ remember: z.strictObject({ path: z.string(), fact: z.string() }) }),
]);
export type Turn = z.infer<typeof TurnSchema>;

/** A stage to run after a session. */
export const StageStepSchema = z.union([
  z.literal("write"),
  z.strictObject({
    write: z.strictObject({
      /**
       * Send the write pass in a Message Batch (`submitWritePasses`, then `applyBatchResults`)
       * instead of one Messages API call: half price, the same checks.
       */
      batch: z.boolean().default(false),
    }),
  }),
  z.strictObject({
    consolidate: z.strictObject({
      /**
       * Subject layout: files above this many chars are consolidated (default 6,000, the seed
       * design's figure). Not read in the fact layout (see `files`).
       */
      threshold: z.number().int().nonnegative().default(6000),
      /**
       * Fact layout: `consolidateFacts` runs when the folder holds at least this many fact files
       * (default 10, the third write-up's trigger). Not read in the subject layout.
       */
      files: z.number().int().positive().optional(),
      /**
       * While the consolidation's model call is in flight, run this remember (the "user said
       * remember X meanwhile" race). The stale rewrite (fact layout: the stale merge) must then be
       * refused and X survive.
       */
      duringCall: z
        .strictObject({ remember: z.strictObject({ path: z.string(), fact: z.string() }) })
        .optional(),
    }),
  }),
]);
export type StageStep = z.infer<typeof StageStepSchema>;

export const FileExpectationSchema = z.strictObject({
  path: z.string(),
  exists: z.boolean().optional(),
  /** Each string must appear (case-insensitive). */
  contains: z.array(z.string()).default([]),
  /** No string may appear (case-insensitive). */
  lacks: z.array(z.string()).default([]),
  /** Every fact line carries a `[stated YYYY/MM/DD]` tag. */
  everyLineDated: z.boolean().default(false),
  /** The file is under the store's size cap. */
  underCap: z.boolean().default(false),
  /** Exactly this many fact lines contain the string (case-insensitive). */
  linesMatching: z.strictObject({ text: z.string(), count: z.number().int() }).optional(),
  /**
   * Each string may stay in the file only as history: every fact line that mentions it also says
   * "previously", "formerly", "moved from", "used to" or "before" (the seed design's update test:
   * "the old gone or marked previous").
   */
  onlyAsPrevious: z.array(z.string()).default([]),
});
export type FileExpectation = z.infer<typeof FileExpectationSchema>;

/** What a session's `expect` may check: files only (there is no answer yet). */
export const SessionExpectSchema = z.strictObject({
  files: z.array(FileExpectationSchema).default([]),
  /**
   * A live session only: its chat requests are one conversation, append-only (same `system` and
   * `tools` as the first request, every earlier message unchanged), graded by the `append_only` grader.
   */
  appendOnly: z.boolean().default(false),
});
export type SessionExpect = z.infer<typeof SessionExpectSchema>;

export const SessionSchema = z.strictObject({
  date: IsoDateSchema,
  /** When true, user turns go through chat() (the model answers, may call memory tools). */
  live: z.boolean().default(false),
  turns: z.array(TurnSchema).min(1),
  after: z.array(StageStepSchema).default([]),
  /**
   * File expectations graded right after this session's turns, before its `after` stages (the
   * forget test: "removes the line in the same turn"). The runner grades them with
   * `gradeSessionFiles` (files, then `appendOnly` over the session's chat requests) and adds the results to the scenario's checks.
   */
  expect: SessionExpectSchema.optional(),
});
export type Session = z.infer<typeof SessionSchema>;

export const AnswerExpectationSchema = z.strictObject({
  mentionsAny: z.array(z.string()).default([]),
  mentionsNone: z.array(z.string()).default([]),
  noNarration: z.boolean().default(false),
  noQuestionBack: z.boolean().default(false),
  /** Words from stored memories unrelated to the question, which must not leak into the answer. */
  unrelatedMemory: z.array(z.string()).default([]),
  /**
   * A model-graded check beside the keyword checks (promptfoo's `llm-rubric`, Inspect's
   * `model_graded_qa`): the rubric, the question and the answer go to a judge model (default
   * Claude Haiku 5.5) as one tool call returning `{ pass, reason }`, recorded and replayed like
   * every other call (step `question: judge`). A malformed verdict breaks the run.
   */
  judge: z
    .strictObject({ rubric: z.string().min(1), model: z.string().min(1).optional() })
    .optional(),
});
export type AnswerExpectation = z.infer<typeof AnswerExpectationSchema>;

/**
 * A cost a run must produce for one session, stated by hand from the recorded usage and the price
 * table, so a pricing bug fails the eval instead of only printing another figure.
 */
export const CostExpectationSchema = z
  .strictObject({
    /** The model of the runs it applies to, e.g. `claude-opus-5-5`. */
    model: z.string().min(1),
    /** Only runs with this extraction prompt (write stages depend on it); default: every prompt. */
    prompt: z.string().optional(),
    /**
     * Only runs whose write passes all went as Message Batches (`true`: `pnpm eval --batch`, or every
     * write stage saying `write: { batch: true }`; input and output at half price) or only the other
     * runs (`false`); default: both. A write session's cost depends on it; a question's does not.
     */
    batch: z.boolean().optional(),
    /**
     * Only runs with this recall strategy (the scenario's own, or an A/B arm's `--recall`); default:
     * both. A question's figure depends on it (the side query, the files added to the message).
     */
    recall: z.enum(["index", "side-query"]).optional(),
    /** 1-based session number, or `question` for the final question. */
    session: z.union([z.number().int().positive(), z.literal("question")]),
    /**
     * Only runs replayed from (or recording) this kind of recording. An exact `usd` is the sum of one
     * recording's token counts priced, so it names the provenance it was computed from (`authored`:
     * the repository's hand-written recordings); a real model's run never meets it to the billionth.
     */
    provenance: z.enum(["authored", "recorded"]).optional(),
    /** The exact USD, to the billionth (costs are rounded to 1e-9 USD); needs `provenance`. */
    usd: z.number().nonnegative().optional(),
    /** A budget: the session must cost at most this many USD, on a recording of any provenance. */
    maxUsd: z.number().positive().optional(),
    /** How the figure was computed (tokens x USD per million tokens), for whoever updates it. */
    computed: z.string().min(1),
  })
  .superRefine((expectation, context) => {
    if ((expectation.usd === undefined) === (expectation.maxUsd === undefined)) {
      context.addIssue({
        code: "custom",
        path: ["usd"],
        message: "give exactly one of usd (an exact figure) and maxUsd (a budget)",
      });
    } else if (expectation.usd !== undefined && expectation.provenance === undefined) {
      context.addIssue({
        code: "custom",
        path: ["provenance"],
        message:
          "an exact usd holds for one recording's usage: say which (provenance: authored), or give maxUsd, a budget a real recording can meet",
      });
    }
  });
export type CostExpectation = z.infer<typeof CostExpectationSchema>;

/**
 * How the scenario's chat calls recall memory: `strategy` (`index`, the default, or
 * `side-query`), `project` (global memories plus this project's only), and `workspace`: the paths,
 * functions, flags and endpoints that exist, for the verify hook (a memory naming anything not
 * listed is shown as possibly stale). Without `workspace` no verify hook runs.
 */
export const RecallSettingsSchema = z.strictObject({
  strategy: z.enum(["index", "side-query"]).default("index"),
  project: z.string().min(1).optional(),
  workspace: z.array(z.string()).optional(),
});
export type RecallSettings = z.infer<typeof RecallSettingsSchema>;

export const ScenarioSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, "scenario ids are kebab-case"),
  title: z.string(),
  /** Where the scenario comes from: `seed` (the seed design's five tests) or a fault report. */
  source: z.string(),
  /**
   * The memory tools `chat()` offers in live sessions and the final question: `memfiles` (default:
   * `memory_read` / `memory_write`) or `memory-tool` (Claude's memory tool, `memory_20250818`,
   * over the same store and guards, with the `memory-tool-rules` prompt; issue 14).
   */
  tools: z.enum(["memfiles", "memory-tool"]).default("memfiles"),
  /**
   * The memory folder's layout (`new MemoryStore({ root, layout })`): `subject` (default, the seed
   * article's) or `fact` (one fact per file, the second and third write-ups). A fact-layout write
   * stage uses the layout's own prompt, `fact-extraction@1`, whatever extraction prompt the run
   * names; `write: { batch: true }` (or `pnpm eval --batch`) sends it as a Message Batch as in the
   * subject layout.
   */
  layout: z.enum(LAYOUT_NAMES).default("subject"),
  /**
   * Run and grade the scenario on each of these layouts (`layouts: [subject, fact]`), instead of
   * `layout`. The first layout's run keeps the id; each other one is `<id>@<layout>` (its
   * recording `<id>@<layout>.json`, its authored replies `<id>@<layout>.yaml`).
   */
  layouts: z.array(z.enum(LAYOUT_NAMES)).min(2).optional(),
  /**
   * What one layout's run has in place of the scenario's own: its seed files (written in that
   * layout), title and expectations (replaced whole). The sessions' turns and the question are
   * shared; `sessions` (one entry per session, in order) replaces a session's own `expect` or
   * `after` (the file checks and stages name the layout's files, e.g. a `duringCall` remember's
   * path), never its turns.
   */
  perLayout: z
    .partialRecord(
      z.enum(LAYOUT_NAMES),
      z.strictObject({
        title: z.string().optional(),
        seedFiles: z.record(z.string(), z.string()).optional(),
        expect: z.unknown().optional(),
        sessions: z
          .array(
            z.strictObject({
              expect: SessionExpectSchema.optional(),
              after: z.array(StageStepSchema).optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
  sessions: z.array(SessionSchema).min(1),
  /** Files the memory folder starts with (path -> full text). */
  seedFiles: z.record(z.string(), z.string()).default({}),
  /** Recall settings of every chat call (live turns and the question); see `RecallSettingsSchema`. */
  recall: RecallSettingsSchema.optional(),
  /**
   * The share of a cell's epochs (scenario x model x prompt) that must pass for the cell to pass,
   * in (0, 1]. Absent: every epoch must pass. With one epoch any rate means that epoch must pass;
   * a broken epoch fails the cell whatever the rate (docs/decisions/0031-epochs.md).
   */
  minPassRate: z.number().gt(0).max(1).optional(),
  question: z
    .strictObject({
      date: IsoDateSchema,
      text: z.string().min(1),
    })
    .optional(),
  expect: z.strictObject({
    files: z.array(FileExpectationSchema).default([]),
    /** No memory file at all may exist beyond seedFiles (the "saves nothing" tests). */
    noNewFiles: z.boolean().default(false),
    /** Every seed file still has exactly its seed text (the "saves nothing" tests, seeded). */
    seedFilesUnchanged: z.boolean().default(false),
    /**
     * No file anywhere under the memory root (any name, MEMORY.md and hidden folders included)
     * contains any of these strings (case-sensitive: meant for secrets such as a pasted key).
     */
    folderLacks: z.array(z.string()).default([]),
    /**
     * No request sent to the model during the run (system prompt, messages, tool results, as JSON
     * text) contains any of these strings (case-sensitive: meant for text that must reach the
     * model only escaped, such as a memory line that closes the memory fence).
     */
    modelInputLacks: z.array(z.string()).default([]),
    /**
     * Each string appears in at least one request sent to the model (as `modelInputLacks` searches
     * them): a staleness note, a file the side query added.
     */
    modelInputContains: z.array(z.string()).default([]),
    /**
     * The final question's side query failed and keyword matching picked the files, for this
     * reason (`api_error`, `unparsable_reply`, `unknown_index`), as `ChatResult.recall.fallback` says.
     */
    recallFallback: z.enum(["api_error", "unparsable_reply", "unknown_index"]).optional(),
    /**
     * Fact layout: what the `consolidate` stages' `consolidateFacts` did over the run. `merged`:
     * kept files of applied merges (each must appear); `refused`: refusal codes (`invented`,
     * `unaccounted`, `grew`, `unknown_file`, `unparsable_file`, `version_conflict`), each must
     * appear at least once.
     */
    factMerges: z
      .strictObject({
        merged: z.array(z.string()).default([]),
        refused: z
          .array(
            z.enum([
              "unknown_file",
              "unaccounted",
              "grew",
              "invented",
              "unparsable_file",
              "version_conflict",
            ]),
          )
          .default([]),
      })
      .optional(),
    /** Costs the runs must produce, per model and session (see `CostExpectationSchema`). */
    costPerSession: z.array(CostExpectationSchema).default([]),
    answer: AnswerExpectationSchema.optional(),
  }),
});
export type Scenario = z.infer<typeof ScenarioSchema>;
