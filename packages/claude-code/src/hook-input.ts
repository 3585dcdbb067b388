import { z } from "zod";

/**
 * What Claude Code sends a command hook on stdin (the fields memfiles reads; others are kept).
 * Source: https://code.claude.com/docs/en/hooks ("Hook input").
 */
export const HookInputSchema = z.looseObject({
  session_id: z.string().min(1),
  transcript_path: z.string().optional(),
  cwd: z.string().min(1),
  hook_event_name: z.string().optional(),
  /** UserPromptSubmit: what the person typed. */
  prompt: z.string().optional(),
  /** PreToolUse: the tool and its input (`file_path`, `content`, `old_string`, ...). */
  tool_name: z.string().optional(),
  tool_input: z.record(z.string(), z.unknown()).optional(),
});

/** A hook's input, parsed. */
export type HookInput = z.infer<typeof HookInputSchema>;
