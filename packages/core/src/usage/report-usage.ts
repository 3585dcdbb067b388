import type { ReadUsageResult } from "../cost/usage.js";
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
    /** `readUsage(message.usage)`. */
    read: ReadUsageResult;
    now: Date;
  },
): Promise<void> {
  const { usage, modifiers, warnings } = call.read;
  await onUsage?.({
    ...(call.sessionId === undefined ? {} : { sessionId: call.sessionId }),
    stage: call.stage,
    model: call.model,
    usage,
    date: call.now.toISOString(),
    ...(Object.keys(modifiers).length === 0 ? {} : { modifiers }),
    ...(warnings.length === 0 ? {} : { warnings }),
  });
}
