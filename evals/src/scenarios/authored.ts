import { readFile } from "node:fs/promises";
import * as path from "node:path";
import { LAYOUT_NAMES } from "@memfiles/core/internal";
import { z } from "zod";
import { type ParseFixtureResult, parseYamlFixture } from "./load-scenario.js";
import { ScenarioFileError } from "./scenario-file-error.js";

/**
 * The authored-replies format (`evals/authored/<scenario-id>.yaml`): the model replies a person
 * wrote for one scenario, in call order, each tagged with the runner's step label. The author tool
 * turns them into API-exact recordings (provenance `authored`). See decision 0002.
 */

/**
 * A runner step label: `session N: write`, `session N: consolidate <path>`, `session N: chat` or
 * `question: chat`, `session N: consolidate` (the fact layout's one consolidation call), or
 * `session N: recall` / `question: recall` (the side query of side-query recall before a live turn
 * or the question; N is 1-based).
 */
export const StepLabelSchema = z
  .string()
  .regex(
    /^(session [1-9]\d*: (write|chat|recall|consolidate( [a-z0-9][a-z0-9._/-]*\.md)?)|question: (chat|recall|judge))$/,
    'expected "session N: write", "session N: chat", "session N: recall", "session N: consolidate [<path>]", "question: chat", "question: recall" or "question: judge"',
  );
export type StepLabel = z.infer<typeof StepLabelSchema>;

/** One content block of an authored reply, as the Messages API returns it. */
export const AuthoredBlockSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("text"), text: z.string().min(1) }),
  z.strictObject({
    type: z.literal("tool_use"),
    /** Optional; the author tool makes a stable `toolu_…` id when absent. */
    id: z.string().optional(),
    name: z.string().min(1),
    input: z.record(z.string(), z.unknown()),
  }),
  z.strictObject({
    type: z.literal("thinking"),
    thinking: z.string(),
    signature: z.string().optional(),
  }),
]);
export type AuthoredBlock = z.infer<typeof AuthoredBlockSchema>;

export const AuthoredReplySchema = z.strictObject({
  step: StepLabelSchema,
  content: z.array(AuthoredBlockSchema).min(1),
});
export type AuthoredReply = z.infer<typeof AuthoredReplySchema>;

export const AuthoredRepliesSchema = z.strictObject({
  // `<id>@<layout>` for the run of a scenario with `layouts` on another than its first layout.
  scenario: z
    .string()
    .regex(
      new RegExp(`^[a-z0-9-]+(@(${LAYOUT_NAMES.join("|")}))?$`),
      "scenario ids are kebab-case",
    ),
  replies: z.array(AuthoredReplySchema),
});
export type AuthoredReplies = z.infer<typeof AuthoredRepliesSchema>;

/**
 * Parses one authored-replies file from YAML text without throwing.
 *
 * @param text - YAML text.
 * @param file - File name for messages; when it ends in `<id>.yaml` the `scenario` field must match.
 * @returns `{ success: true, value }` or `{ success: false, error }` naming the file and field.
 * @example
 * const result = parseAuthoredReplies(text, "evals/authored/remember.yaml");
 */
export function parseAuthoredReplies(
  text: string,
  file: string,
): ParseFixtureResult<AuthoredReplies> {
  const parsed = parseYamlFixture(text, file, AuthoredRepliesSchema);
  if (!parsed.success) return parsed;
  const base = path.basename(file);
  if (base.endsWith(".yaml") && base !== `${parsed.value.scenario}.yaml`) {
    const issues = [
      {
        field: "scenario",
        message: `scenario "${parsed.value.scenario}" does not match the file name ${base}`,
      },
    ];
    return { success: false, error: new ScenarioFileError({ file, issues }) };
  }
  return parsed;
}

/**
 * Reads and validates `<dir>/<id>.yaml` of authored replies.
 *
 * @param dir - Folder holding authored replies (`evals/authored`).
 * @param id - Scenario id.
 * @returns The replies in call order.
 * @throws {ScenarioFileError} when the file is missing, not YAML, or a field is invalid.
 * @example
 * const { replies } = await loadAuthoredReplies("evals/authored", "forget");
 */
export async function loadAuthoredReplies(dir: string, id: string): Promise<AuthoredReplies> {
  const file = path.join(dir, `${id}.yaml`);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new ScenarioFileError({
      file,
      issues: [{ field: "(file)", message: "cannot read the file; every scenario needs one" }],
      cause: error,
    });
  }
  const result = parseAuthoredReplies(text, file);
  if (!result.success) throw result.error;
  return result.value;
}
