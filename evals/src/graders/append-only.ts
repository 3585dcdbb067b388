import { isDeepStrictEqual } from "node:util";
import { defineGrader } from "./define-grader.js";
import type { GradeResult } from "./types.js";

/** A request body as sent to the Messages API (only the fields this grader reads). */
type RequestBody = { system?: unknown; tools?: unknown; messages?: unknown };

function asBody(value: unknown): RequestBody {
  return typeof value === "object" && value !== null ? (value as RequestBody) : {};
}

/**
 * Grades one conversation's requests as append-only: every request after the first sends the same
 * `system` and `tools` as the first, and starts with every message of the request before it,
 * unchanged. On the 5.5 models and Fable 5.1 / 5.2 a replayed thinking block is bound to everything
 * before it; a request that changed `system`, `tools` or an earlier message gets a 400 ("The block
 * is bound to a different conversation",
 * https://platform.claude.com/docs/en/build-with-claude/preserved-thinking/fix-bound-to-a-different-conversation).
 *
 * It grades requests, not files: the runner hands it the bodies the recording session saw for the
 * session's `chat` step (`GradeContext.requests`), and `gradeSessionFiles` prefixes the name with
 * `session N: `.
 *
 * @param requests - The request bodies of one conversation, in the order they were sent.
 * @returns `{ name: "append_only", pass, score, reason }`; the reason names the first request and
 *   part that differ.
 * @example gradeAppendOnly([first, second]).pass
 */
export function gradeAppendOnly(requests: readonly unknown[]): GradeResult {
  const name = "append_only";
  if (requests.length < 2) {
    return {
      name,
      pass: false,
      score: 0,
      reason: `only ${requests.length} request(s): nothing to compare`,
    };
  }
  const first = asBody(requests[0]);
  for (let index = 1; index < requests.length; index++) {
    const body = asBody(requests[index]);
    const previous = asBody(requests[index - 1]);
    const problems: string[] = [];
    if (!isDeepStrictEqual(body.system, first.system))
      problems.push("system differs from the first request's");
    if (!isDeepStrictEqual(body.tools, first.tools))
      problems.push("tools differ from the first request's");
    const earlier = Array.isArray(previous.messages) ? previous.messages : [];
    const now = Array.isArray(body.messages) ? body.messages : [];
    const changed = earlier.findIndex((message, at) => !isDeepStrictEqual(message, now[at]));
    if (changed !== -1) problems.push(`messages[${changed}] differs from the request before`);
    if (problems.length > 0) {
      return {
        name,
        pass: false,
        score: (index - 1) / (requests.length - 1),
        reason: `request ${index + 1} of ${requests.length}: ${problems.join("; ")}`,
      };
    }
  }
  return {
    name,
    pass: true,
    score: 1,
    reason: `${requests.length} requests: same system and tools, every earlier message unchanged`,
  };
}

/** The `appendOnly` field of a session's `expect` (a live session), graded by {@link gradeAppendOnly}. */
export const appendOnlyGrader = defineGrader("session", "appendOnly", (_asked, { requests }) => [
  gradeAppendOnly(requests ?? []),
]);
