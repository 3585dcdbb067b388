import { costOf, type ModelUsage, UnknownModelError } from "@memfiles/core";
import {
  costOfRecord,
  type PriceTable,
  roundUsd,
  sumUsage,
  type UsageRecord,
  ZERO_USAGE,
} from "@memfiles/core/internal";

/** Session key used for usage records written without a `sessionId`. */
export const NO_SESSION_ID = "(no session id)";

/**
 * How the report prices the alternative it compares against, printed with every report. The
 * comparison is the seed design's: memory (write pass once per session, a cached memory block on
 * every request) against putting past chat history back into the prompt, uncached.
 */
export const ALTERNATIVE_METHOD = [
  "Saving = what re-sending the whole transcript every request would cost, minus what memory cost.",
  "Memory cost = write pass + consolidation + recall + chat, priced from the usage log.",
  "The alternative has no write pass, consolidation or memory block. Each chat request sends, uncached",
  "at its model's input price, every earlier session's transcript plus its own uncached input (the",
  "conversation so far), and pays the same output tokens.",
  "A session's transcript length is estimated from the log (it holds counts, not text): the uncached",
  "input plus output tokens of its last chat request (the conversation through the final reply; the",
  "cached prefix holds the prompt and memory block); a session without chat requests uses its write",
  "pass's input tokens (cached or not), which also count the extraction prompt and file index.",
  "Sessions are ordered by their first record's date.",
].join("\n");

/** Cost of one session in the usage log, priced apart by stage. All money in USD. */
export type LoggedSessionCost = {
  sessionId: string;
  /** ISO date of the session's first and last record. */
  firstDate: string;
  lastDate: string;
  /** Models seen in the session, in first-use order. */
  models: string[];
  /** Number of model calls, and of chat requests among them. */
  calls: number;
  chatRequests: number;
  usage: ModelUsage;
  /** The write pass (stage `write`), all tokens, as it ran (batch or not). */
  write: number;
  /**
   * The same write-pass tokens priced both ways, side by side: `sync` at the Messages API rate,
   * `batch` at the Message Batches rate (input and output at 50%, `PRICE_MODIFIERS.batch`), and
   * `ranAs` how the calls ran (`usage.service_tier` of their records; `none` without a write pass).
   */
  writeAt: { sync: number; batch: number; ranAs: "sync" | "batch" | "both" | "none" };
  consolidate: number;
  /** Chat requests' cache write + cache read tokens: the cached memory block. */
  recall: number;
  /** Chat requests' uncached input + output tokens. */
  chat: number;
  total: number;
  /** Estimated transcript length of this session (tokens), as `ALTERNATIVE_METHOD` states. */
  transcriptTokens: number;
  /** Tokens of earlier sessions' transcripts the alternative re-sends with each chat request. */
  historyTokens: number;
  /** What this session's chat requests would cost re-sending the whole transcript, USD. */
  alternative: number;
  /** `alternative - total`: negative for a session that pays a write pass and re-uses no history. */
  saving: number;
};

/** Costs of one model over the whole log. All money in USD. */
export type ModelCost = {
  model: string;
  calls: number;
  usage: ModelUsage;
  write: number;
  consolidate: number;
  recall: number;
  chat: number;
  total: number;
  /** The alternative priced at this model for the chat requests it served. */
  alternative: number;
};

/** Records of one model the price table does not know: left out of every figure, listed apart. */
export type UnpricedModel = {
  model: string;
  /** How many records (model calls) name it. */
  calls: number;
  /** Their tokens, summed. */
  usage: ModelUsage;
};

/** Options of `computeCostReport`. */
export type CostReportOptions = {
  /** Records in log order (as `readUsageLog` returns them). */
  records: UsageRecord[];
  /** Extra or replacement prices in USD per MTok, passed on to `costOf`. */
  prices?: PriceTable;
};

/** Result of `computeCostReport`. */
export type CostReportResult = {
  sessions: LoggedSessionCost[];
  /**
   * Models with no price (neither core's `PRICES` nor `prices`), in first-seen order. Their records
   * are left out of sessions, models and totals; empty when every record was priced.
   */
  unpriced: UnpricedModel[];
  models: ModelCost[];
  total: {
    /** Priced model calls (records of `unpriced` models are not counted). */
    calls: number;
    chatRequests: number;
    usage: ModelUsage;
    write: number;
    consolidate: number;
    recall: number;
    chat: number;
    total: number;
    alternative: number;
    saving: number;
    /** `saving / alternative`, 0..1 (negative when memory cost more); 0 with no alternative. */
    savingShare: number;
  };
  method: string;
  /**
   * Records whose response `usage` contradicted itself (an incomplete cache breakdown, priced from
   * the totals), with the warning; empty when none.
   */
  usageWarnings: { sessionId: string; date: string; model: string; message: string }[];
};

type Parts = { write: number; consolidate: number; recall: number; chat: number };

function partsOf(record: UsageRecord, prices: PriceTable | undefined): Parts {
  const cost = costOfRecord(record, prices);
  const parts: Parts = { write: 0, consolidate: 0, recall: 0, chat: 0 };
  if (record.stage === "chat") {
    parts.recall = cost.cacheWrite + cost.cacheRead;
    parts.chat = cost.input + cost.output;
  } else {
    parts[record.stage] = cost.usd;
  }
  return parts;
}

function hasPrice(model: string, prices: PriceTable | undefined): boolean {
  try {
    costOf(ZERO_USAGE, model, prices);
    return true;
  } catch (error) {
    if (error instanceof UnknownModelError) return false;
    throw error;
  }
}

function splitByPrice(
  records: UsageRecord[],
  prices: PriceTable | undefined,
): { priced: UsageRecord[]; unpriced: UnpricedModel[] } {
  const known = new Map<string, boolean>();
  const priced: UsageRecord[] = [];
  const unpriced = new Map<string, UnpricedModel>();
  for (const record of records) {
    let ok = known.get(record.model);
    if (ok === undefined) {
      ok = hasPrice(record.model, prices);
      known.set(record.model, ok);
    }
    if (ok) {
      priced.push(record);
      continue;
    }
    const entry = unpriced.get(record.model) ?? {
      model: record.model,
      calls: 0,
      usage: ZERO_USAGE,
    };
    entry.calls += 1;
    entry.usage = sumUsage(entry.usage, record.usage);
    unpriced.set(record.model, entry);
  }
  return { priced, unpriced: [...unpriced.values()] };
}

/** A session's write pass priced at the synchronous and at the batch rate (see `writeAt`). */
function writeAt(
  records: UsageRecord[],
  prices: PriceTable | undefined,
): LoggedSessionCost["writeAt"] {
  const writes = records.filter((record) => record.stage === "write");
  const price = (record: UsageRecord, serviceTier: "standard" | "batch") =>
    costOf(record.usage, record.model, prices, {
      date: record.date,
      modifiers: { ...record.modifiers, serviceTier },
    }).usd;
  const batched = writes.filter((record) => record.modifiers?.serviceTier === "batch").length;
  return {
    sync: roundUsd(writes.reduce((sum, record) => sum + price(record, "standard"), 0)),
    batch: roundUsd(writes.reduce((sum, record) => sum + price(record, "batch"), 0)),
    ranAs:
      writes.length === 0
        ? "none"
        : batched === 0
          ? "sync"
          : batched === writes.length
            ? "batch"
            : "both",
  };
}

function promptTokens(usage: ModelUsage): number {
  return usage.input + usage.cacheWrite5m + usage.cacheWrite1h + usage.cacheRead;
}

function transcriptTokensOf(records: UsageRecord[]): number {
  const chats = records.filter((record) => record.stage === "chat");
  const lastChat = chats.at(-1);
  if (lastChat) return lastChat.usage.input + lastChat.usage.output;
  const writes = records.filter((record) => record.stage === "write");
  return writes.reduce((sum, record) => sum + promptTokens(record.usage), 0);
}

/**
 * Prices a usage log per session and per model, write pass, consolidation, recall and chat apart,
 * and estimates the saving against re-sending the whole transcript every request (the seed
 * design's comparison; method in `ALTERNATIVE_METHOD`).
 *
 * @param options - `{ records, prices? }`: usage records in log order; prices in USD per MTok.
 * A record whose model has no price is not an error: it is left out of every figure and listed
 * in `unpriced` (model, calls, tokens), so one odd record does not hide the rest of the log.
 *
 * @returns Sessions ordered by first date, models by total cost (highest first), the totals (all
 *   money in USD rounded to 1e-9), and the unpriced models.
 * @example
 * const { records } = await readUsageLog("memory");
 * const report = computeCostReport({ records });
 * report.total.saving; // USD
 */
export function computeCostReport(options: CostReportOptions): CostReportResult {
  const { priced, unpriced } = splitByPrice(options.records, options.prices);
  const bySession = new Map<string, UsageRecord[]>();
  for (const record of priced) {
    const key = record.sessionId ?? NO_SESSION_ID;
    const list = bySession.get(key) ?? [];
    list.push(record);
    bySession.set(key, list);
  }
  const ordered = [...bySession.entries()]
    .map(([sessionId, records]) => {
      const dates = records.map((record) => record.date).sort();
      return { sessionId, records, firstDate: dates[0] ?? "", lastDate: dates.at(-1) ?? "" };
    })
    .sort((a, b) => (a.firstDate < b.firstDate ? -1 : a.firstDate > b.firstDate ? 1 : 0));

  const models = new Map<string, ModelCost>();
  const sessions: LoggedSessionCost[] = [];
  let historyTokens = 0;
  for (const { sessionId, records, firstDate, lastDate } of ordered) {
    const session: LoggedSessionCost = {
      sessionId,
      firstDate,
      lastDate,
      models: [...new Set(records.map((record) => record.model))],
      calls: records.length,
      chatRequests: 0,
      usage: sumUsage(...records.map((record) => record.usage)),
      write: 0,
      writeAt: writeAt(records, options.prices),
      consolidate: 0,
      recall: 0,
      chat: 0,
      total: 0,
      transcriptTokens: transcriptTokensOf(records),
      historyTokens,
      alternative: 0,
      saving: 0,
    };
    for (const record of records) {
      const parts = partsOf(record, options.prices);
      const model = models.get(record.model) ?? {
        model: record.model,
        calls: 0,
        usage: ZERO_USAGE,
        write: 0,
        consolidate: 0,
        recall: 0,
        chat: 0,
        total: 0,
        alternative: 0,
      };
      model.calls += 1;
      model.usage = sumUsage(model.usage, record.usage);
      for (const key of ["write", "consolidate", "recall", "chat"] as const) {
        session[key] += parts[key];
        model[key] += parts[key];
      }
      if (record.stage === "chat") {
        session.chatRequests += 1;
        const alternative = costOf(
          { ...ZERO_USAGE, input: historyTokens + record.usage.input, output: record.usage.output },
          record.model,
          options.prices,
        ).usd;
        session.alternative += alternative;
        model.alternative += alternative;
      }
      models.set(record.model, model);
    }
    session.total = session.write + session.consolidate + session.recall + session.chat;
    session.saving = session.alternative - session.total;
    for (const key of [
      "write",
      "consolidate",
      "recall",
      "chat",
      "total",
      "alternative",
      "saving",
    ] as const) {
      session[key] = roundUsd(session[key]);
    }
    sessions.push(session);
    historyTokens += session.transcriptTokens;
  }

  const modelRows = [...models.values()]
    .map((model) => {
      for (const key of ["write", "consolidate", "recall", "chat", "alternative"] as const) {
        model[key] = roundUsd(model[key]);
      }
      model.total = roundUsd(model.write + model.consolidate + model.recall + model.chat);
      return model;
    })
    .sort((a, b) => b.total - a.total || a.model.localeCompare(b.model));

  const sum = (pick: (session: LoggedSessionCost) => number) =>
    roundUsd(sessions.reduce((total, session) => total + pick(session), 0));
  const total = {
    calls: priced.length,
    chatRequests: sessions.reduce((count, session) => count + session.chatRequests, 0),
    usage: sumUsage(...priced.map((record) => record.usage)),
    write: sum((session) => session.write),
    consolidate: sum((session) => session.consolidate),
    recall: sum((session) => session.recall),
    chat: sum((session) => session.chat),
    total: sum((session) => session.total),
    alternative: sum((session) => session.alternative),
    saving: sum((session) => session.saving),
    savingShare: 0,
  };
  total.savingShare = total.alternative > 0 ? total.saving / total.alternative : 0;
  const usageWarnings = options.records.flatMap((record) =>
    (record.warnings ?? []).map((warning) => ({
      sessionId: record.sessionId ?? "(no session id)",
      date: record.date,
      model: record.model,
      message: warning.message,
    })),
  );
  return {
    sessions,
    unpriced,
    models: modelRows,
    total,
    method: ALTERNATIVE_METHOD,
    usageWarnings,
  };
}
