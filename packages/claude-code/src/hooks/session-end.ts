import type { HookContext, HookOutput } from "./hook-context.js";

/**
 * SessionEnd and PreCompact: start the write pass over the session's new transcript records in a
 * detached process and return at once, so Claude Code never waits for it. The write pass itself
 * (`runSessionWritePass`) reads from the session's checkpoint, serializes with every other write
 * pass on the folder, and logs its outcome under `.memfiles/`.
 */
export async function sessionEnd(context: HookContext): Promise<HookOutput | undefined> {
  const transcriptPath = context.input.transcript_path;
  if (transcriptPath === undefined || transcriptPath === "") {
    await context.log({
      event: context.input.hook_event_name ?? "session-end",
      sessionId: context.input.session_id,
      outcome: "skipped",
      message: "Claude Code sent no transcript_path; nothing to read.",
    });
    return undefined;
  }
  context.startWritePass({
    root: context.location.root,
    layout: context.layout,
    sessionId: context.input.session_id,
    transcriptPath,
    model: context.model,
    timeZone: context.timeZone,
  });
  return undefined;
}
