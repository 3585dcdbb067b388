import type Anthropic from "@anthropic-ai/sdk";
import { sumUsage } from "../../cost/index.js";
import { FACT_ITEMS } from "../../format/file-items.js";
import { type ForgetOptions, matchesForgetQuery, rememberThrough } from "../../write/index.js";
import type { ConsolidateAllOptions, ConsolidateAllResult, Layout } from "../layout.js";
import { consolidateFacts } from "./consolidate-facts.js";
import { factCount, factMemoryTool } from "./fact-items.js";
import { factPropose } from "./fact-propose.js";
import { type FactWriteStore, factWrite } from "./fact-write-pass.js";
import {
  type ForgetFactStore,
  forgetFactFiles,
  previewForgetFactFiles,
} from "./forget-fact-files.js";
import { factRememberSteps } from "./remember-fact-file.js";

/**
 * The fact layout (one fact per file with front matter, `MEMORY.md` of links; the second and third
 * write-ups, Claude Code's `.memory/`): `propose_facts` with `fact-extraction@1`, proposals decided
 * by `applyFactProposals`, `remember` adding to the fact file a path names, consolidation by merging
 * files once the folder holds 10 (`consolidateFacts`), forget deleting the fact files a query is
 * about (`forgetFactFiles`).
 */
export const factLayout: Layout = {
  name: "fact",
  write: factWrite,
  propose: factPropose,
  remember(options) {
    return rememberThrough(
      options,
      { path: options.path, fact: options.fact, replaces: options.replaces ?? null },
      factRememberSteps({
        store: options.store as FactWriteStore,
        now: options.now ?? new Date(),
        timeZone: options.timeZone,
      }),
    );
  },
  async consolidateAll(options) {
    return mergeFacts(options);
  },
  forget(options: ForgetOptions & { left?: Map<string, string | undefined> }) {
    return forgetFactFiles({
      store: options.store as ForgetFactStore,
      query: options.query,
      now: options.now,
      timeZone: options.timeZone,
      matches: matchesForgetQuery,
      ...(options.only === undefined ? {} : { only: options.only }),
      ...(options.left === undefined ? {} : { left: options.left }),
    });
  },
  previewForget(options) {
    return previewForgetFactFiles({ ...options, matches: matchesForgetQuery });
  },
  items: { noun: "fact", count: factCount, walk: FACT_ITEMS },
  memoryTool: factMemoryTool,
};

// The fact layout's consolidation as `consolidateAll` reports it: no file is rewritten (`results`
// is empty), merges are in `merges`.
async function mergeFacts(options: ConsolidateAllOptions): Promise<ConsolidateAllResult> {
  const { store, client, model } = options;
  const prompt =
    options.prompt !== undefined &&
    "id" in options.prompt &&
    options.prompt.id === "fact-consolidation"
      ? { prompt: options.prompt }
      : {};
  const merges = await consolidateFacts({
    store: store as unknown as Parameters<typeof consolidateFacts>[0]["store"],
    client: client as Anthropic,
    model,
    ...prompt,
    ...(options.mergeThreshold === undefined ? {} : { threshold: options.mergeThreshold }),
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
    ...(options.effort === undefined ? {} : { effort: options.effort }),
    ...(options.onUsage === undefined ? {} : { onUsage: options.onUsage }),
    ...(options.onStep === undefined ? {} : { onStep: options.onStep }),
    ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
  });
  return { results: [], usage: merges.ran ? merges.usage : sumUsage(), merges };
}
