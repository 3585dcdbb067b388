import type { ModelUsage } from "../cost/usage.js";
import type { OnUsage, Stage } from "./types.js";

/**
 * Hands one model call's usage to the caller's `onUsage` as a UsageRecord (awaited): the one place
 * the model-calling stages (write, consolidate, chat) build that record.
 */
export async function reportUsage(
  onUsage: OnUsage | undefined,
  call: {
    sessionId: string | undefined;
    stage: Stage;
    model: string;
    usage: ModelUsage;
    now: Date;
  },
): Promise<void> {
  await onUsage?.({
    ...(call.sessionId === undefined ? {} : { sessionId: call.sessionId }),
    stage: call.stage,
    model: call.model,
    usage: call.usage,
    date: call.now.toISOString(),
  });
}
