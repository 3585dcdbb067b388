import type Anthropic from "@anthropic-ai/sdk";
import { costOf } from "@memfiles/core";
import {
  ASSUMED_OUTPUT_TOKENS,
  requestCostBound,
  roundUsd,
  toModelUsage,
} from "@memfiles/core/internal";
import type { JsonValue } from "./normalize.js";

/**
 * Output tokens assumed for a call whose request sets no `max_tokens`, and for a scenario run
 * planned without a recording: core's figure, about what a write pass or a chat answer of the seed
 * scenarios gives.
 */
export { ASSUMED_OUTPUT_TOKENS };

/**
 * How the budget check estimates a call's output, in words, for the record preview: the request's
 * `max_tokens`, the most the API may bill, so a run never passes its cap.
 */
export const BUDGET_OUTPUT_BASIS =
  "each call is checked before it is sent at an upper bound (its input by characters, its max_tokens as output), so the cap is never passed";

/**
 * The spending cap of one record run (`pnpm eval --record --max-usd <n>`), shared by every
 * scenario run: each call is checked before it is sent (what was spent plus the call's estimate
 * must stay within the cap) and charged at its real usage after.
 */
export class RecordBudget {
  /** The cap, USD. */
  readonly maxUsd: number;
  /** USD spent so far, at the real usage of every answered call. */
  spentUsd = 0;
  /** Calls answered so far. */
  calls = 0;

  /**
   * @param maxUsd - The cap in USD (> 0).
   */
  constructor(maxUsd: number) {
    this.maxUsd = maxUsd;
  }

  /**
   * The estimate of one call before it is sent: its request's input tokens by characters
   * (`estimateTokens`, the model's tokenizer ratio) and its `max_tokens` as output (the most the
   * call can bill; `ASSUMED_OUTPUT_TOKENS` when the body sets none), priced at the request's model.
   *
   * @param body - The request body (`model` and `max_tokens` read from it).
   * @param fallbackModel - The model when the body names none.
   * @returns USD.
   * @example budget.estimate({ model: "claude-haiku-5-5", messages: [] }, "claude-haiku-5-5")
   */
  estimate(body: JsonValue, fallbackModel: string): number {
    return requestCostBound(body, fallbackModel);
  }

  /**
   * Whether a call may be sent: undefined when spent + its estimate stays within the cap, else the
   * sentence saying why not.
   *
   * @param body - The request body.
   * @param fallbackModel - The model when the body names none.
   * @returns `undefined`, or why the call is refused.
   * @example budget.refusal(body, model) // "this call (~$0.011) would take the spend to $0.052, past --max-usd 0.05"
   */
  refusal(body: JsonValue, fallbackModel: string): string | undefined {
    const estimate = this.estimate(body, fallbackModel);
    const projected = this.spentUsd + estimate;
    if (projected <= this.maxUsd) return undefined;
    return (
      `this call (~$${estimate.toFixed(4)}) would take the spend from $${this.spentUsd.toFixed(4)} ` +
      `to ~$${projected.toFixed(4)}, past --max-usd ${this.maxUsd}`
    );
  }

  /**
   * Charges an answered call at its real usage.
   *
   * @param response - The response body (`usage`, `model` read from it).
   * @param fallbackModel - The model when the response names none.
   * @returns USD charged.
   * @example budget.charge(message, "claude-haiku-5-5")
   */
  charge(response: JsonValue, fallbackModel: string): number {
    const usage = (response as { usage?: Anthropic.Usage } | null)?.usage;
    if (usage === undefined) return 0;
    const usd = costOf(toModelUsage(usage), modelOf(response) ?? fallbackModel).usd;
    this.spentUsd = roundUsd(this.spentUsd + usd);
    this.calls += 1;
    return usd;
  }
}

function modelOf(body: JsonValue): string | undefined {
  const model = (body as { model?: unknown } | null)?.model;
  return typeof model === "string" ? model : undefined;
}
