import { readdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { ProposeFactsInputSchema, ProposeMemoriesInputSchema } from "@memfiles/core/internal";
import { describe, expect, it } from "vitest";
import { type AuthoredReply, loadAuthoredReplies } from "./authored.js";
import { loadScenarios } from "./load-scenario.js";
import type { Scenario } from "./schema.js";

// The repo's own fixtures: every scenario loads, has authored replies, and the replies fit the
// steps the runner will take (labels, counts, tool names, propose_memories input shape).
const SCENARIOS_DIR = fileURLToPath(new URL("../../../scenarios", import.meta.url));
const AUTHORED_DIR = fileURLToPath(new URL("../../authored", import.meta.url));

const TOOLS_BY_STAGE: Record<string, readonly string[]> = {
  // A write over the size cap consolidates the file first, within the same step.
  write: ["propose_memories", "propose_facts", "save_consolidated_file"],
  chat: ["memory_read", "memory_write"],
  // The fact layout's consolidation proposes merges instead.
  consolidate: ["save_consolidated_file", "merge_facts"],
  // The side query of side-query recall.
  recall: ["select_memories"],
  // The judge of expect.answer.judge.
  judge: ["submit_verdict"],
};

function stageOf(step: string): string {
  return /: (write|chat|consolidate|recall|judge)/.exec(step)?.[1] ?? "unknown";
}

/** Problems with a scenario's authored replies, as readable sentences; empty when they fit. */
function replyProblems(scenario: Scenario, replies: readonly AuthoredReply[]): string[] {
  const problems: string[] = [];
  const count = (step: string) => replies.filter((reply) => reply.step === step).length;
  const expected = new Set<string>();
  scenario.sessions.forEach((session, index) => {
    const number = index + 1;
    if (session.live) {
      const step = `session ${number}: chat`;
      expected.add(step);
      // The side query before each live turn, in the side-query A/B arm.
      expected.add(`session ${number}: recall`);
      const userTurns = session.turns.filter((turn) => "user" in turn).length;
      if (count(step) < userTurns)
        problems.push(`${step}: ${count(step)} replies for ${userTurns} user turns`);
    }
    const writes = session.after.filter((stage) => stage === "write").length;
    if (writes > 0) {
      const step = `session ${number}: write`;
      expected.add(step);
      const proposing = replies.filter(
        (reply) =>
          reply.step === step &&
          !reply.content.some(
            (block) => block.type === "tool_use" && block.name === "save_consolidated_file",
          ),
      ).length;
      if (proposing !== writes)
        problems.push(`${step}: ${proposing} replies for ${writes} write stage(s)`);
      // A write over the size cap first consolidates the file, under its own consolidate step.
      expected.add(`session ${number}: consolidate`);
    }
    if (session.after.some((stage) => stage !== "write"))
      expected.add(`session ${number}: consolidate`);
  });
  if (scenario.question) {
    expected.add("question: chat");
    if (count("question: chat") === 0) problems.push("question: chat: no reply");
    // The side query, in a scenario whose recall is side-query or in its side-query A/B arm.
    expected.add("question: recall");
    if (scenario.recall?.strategy === "side-query" && count("question: recall") === 0)
      problems.push("question: recall: no reply for the side query");
    if (scenario.expect.answer?.judge !== undefined) {
      expected.add("question: judge");
      if (count("question: judge") === 0) problems.push("question: judge: no reply for the judge");
    }
  }
  for (const reply of replies) {
    const key =
      reply.step.startsWith("session") && stageOf(reply.step) === "consolidate"
        ? reply.step.replace(/ consolidate .*$/, " consolidate")
        : reply.step;
    if (!expected.has(key)) problems.push(`${reply.step}: the scenario has no such step`);
    for (const block of reply.content) {
      if (block.type !== "tool_use") continue;
      const stage = stageOf(reply.step);
      // A memory-tool scenario's chat offers Claude's memory tool instead.
      const allowed =
        stage === "chat" && scenario.tools === "memory-tool"
          ? ["memory"]
          : (TOOLS_BY_STAGE[stage] ?? []);
      if (!allowed.includes(block.name))
        problems.push(`${reply.step}: tool ${block.name} is not offered there`);
      if (
        block.name === "propose_memories" &&
        !ProposeMemoriesInputSchema.safeParse(block.input).success
      ) {
        problems.push(`${reply.step}: propose_memories input does not match the tool schema`);
      }
      if (
        block.name === "propose_facts" &&
        !ProposeFactsInputSchema.safeParse(block.input).success
      ) {
        problems.push(`${reply.step}: propose_facts input does not match the tool schema`);
      }
      // Each layout's write stage offers only its own tool.
      const tool = scenario.layout === "fact" ? "propose_memories" : "propose_facts";
      if (block.name === tool) problems.push(`${reply.step}: tool ${tool} is not offered there`);
    }
  }
  // A chat step's last reply must end the loop with text; a tool_use reply needs one after it.
  for (const step of new Set(replies.map((reply) => reply.step))) {
    if (stageOf(step) !== "chat") continue;
    const last = replies.filter((reply) => reply.step === step).at(-1);
    if (last?.content.some((block) => block.type === "tool_use")) {
      problems.push(
        `${step}: the last reply calls a tool, so the chat loop would ask for one more`,
      );
    }
  }
  return problems;
}

const scenarios = await loadScenarios(SCENARIOS_DIR);

describe("repo fixtures", () => {
  it("has the seed design's five tests and the fault reports", () => {
    expect(scenarios.map((scenario) => scenario.id)).toEqual([
      "consolidate-race",
      "consolidate-race@fact",
      "consolidate-refusals",
      "dont-overapply-dinner",
      "dont-overapply-dinner@fact",
      "dont-overapply-packaging",
      "dont-overapply-packaging@fact",
      "fact-consolidate-merge",
      "fact-consolidate-refused",
      "fact-contradiction",
      "fact-link-walked",
      "fact-recall-fallback",
      "fact-relative-date",
      "fact-side-query",
      "fence-escape",
      "fence-escape@fact",
      "forget",
      "forget@fact",
      "forgotten-address",
      "forgotten-address@fact",
      "ignore-noise",
      "ignore-noise@fact",
      "memory-tool-dont-overapply-dinner",
      "memory-tool-dont-overapply-packaging",
      "memory-tool-fact-remember",
      "memory-tool-forget",
      "memory-tool-hostile",
      "memory-tool-ignore-noise",
      "memory-tool-remember",
      "memory-tool-update",
      "pasted-api-key",
      "pasted-api-key@fact",
      "project-scope",
      "remember-mid-conversation",
      "remember",
      "remember@fact",
      "side-query-fallback",
      "size-cap",
      "size-cap@fact",
      "small-talk",
      "stale-path",
      "unconfirmed-suggestion",
      "update",
      "update@fact",
      "write-guards",
      "write-guards@fact",
    ]);
  });

  it("has one authored-replies file per scenario and no other", async () => {
    const files = (await readdir(AUTHORED_DIR)).filter((name) => name.endsWith(".yaml")).sort();
    expect(files).toEqual(scenarios.map((scenario) => `${scenario.id}.yaml`));
  });

  it.each(scenarios.map((scenario) => ({ id: scenario.id, scenario })))(
    "$id: authored replies fit the scenario's steps",
    async ({ id, scenario }) => {
      const { replies } = await loadAuthoredReplies(AUTHORED_DIR, id);
      expect(replyProblems(scenario, replies)).toEqual([]);
    },
  );

  it("reports replies that do not fit", () => {
    const [scenario] = scenarios.filter((candidate) => candidate.id === "remember");
    if (scenario === undefined) throw new Error("remember.yaml is missing");
    const replies: AuthoredReply[] = [
      { step: "session 1: write", content: [{ type: "tool_use", name: "memory_read", input: {} }] },
      { step: "session 2: write", content: [{ type: "text", text: "nothing" }] },
      {
        step: "question: chat",
        content: [{ type: "tool_use", name: "memory_read", input: { path: "topics/tools.md" } }],
      },
    ];
    expect(replyProblems(scenario, replies)).toEqual([
      // remember asks for a judge (expect.answer.judge), so the judge's reply is missing too.
      "question: judge: no reply for the judge",
      "session 1: write: tool memory_read is not offered there",
      "session 2: write: the scenario has no such step",
      "question: chat: the last reply calls a tool, so the chat loop would ask for one more",
    ]);
  });
});
