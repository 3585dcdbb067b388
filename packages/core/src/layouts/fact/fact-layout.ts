import type Anthropic from "@anthropic-ai/sdk";
import { sumUsage } from "../../cost/index.js";
import { dateTag } from "../../format/index.js";
import { MEMORY_INDEX_FILE, safeParseMemoryPath } from "../../store/index.js";
import { factSlug, foldText, headOfText } from "../../text/index.js";
import {
  type AppliedProposal,
  type ForgetOptions,
  liftMatchingTombstones,
  matchesForgetQuery,
  type Proposal,
  type RejectedProposal,
  type RememberRejectionCode,
  type RememberResult,
  type WritePassOptions,
  type WritePassResult,
} from "../../write/index.js";
import type { ConsolidateAllOptions, ConsolidateAllResult, Layout } from "../layout.js";
import { consolidateFacts } from "./consolidate-facts.js";
import { factFactCount, factItemsOf, factMemoryTool } from "./fact-items.js";
import {
  type ApplyFactProposalsResult,
  applyFactProposals,
  applyFactWriteReply,
  buildFactWriteRequestWithSnapshot,
  type FactWritePassOptions,
  type FactWriteStore,
  MAX_FACT_DESCRIPTION_CHARS,
} from "./fact-write-pass.js";
import {
  type ForgetFactStore,
  forgetFactFiles,
  previewForgetFactFiles,
} from "./forget-fact-files.js";
import { type FactProposal, PROPOSE_FACTS } from "./propose-facts-tool.js";
import { addToFactFile } from "./remember-fact-file.js";

/**
 * The fact layout (one fact per file with front matter, `MEMORY.md` of links; the second and third
 * write-ups, Claude Code's `.memory/`): `propose_facts` with `fact-extraction@1`, proposals decided
 * by `applyFactProposals`, `remember` adding to the fact file a path names, consolidation by merging
 * files once the folder holds 10 (`consolidateFacts`), forget deleting the fact files a query is
 * about (`forgetFactFiles`).
 */
export const factLayout: Layout = {
  name: "fact",
  promptIds: ["fact-extraction"],
  tool: PROPOSE_FACTS,
  async buildWriteRequest(options) {
    const fact = factOptions(options);
    const { params, snapshot } = await buildFactWriteRequestWithSnapshot(fact);
    return {
      params,
      apply: async (message) =>
        asWritePassResult(await applyFactWriteReply(fact, message, snapshot)),
    };
  },
  async applyWriteReply(options, message) {
    return asWritePassResult(await applyFactWriteReply(factOptions(options), message));
  },
  async remember(options, fact) {
    const result = await rememberFact(
      options.store as FactWriteStore,
      options.path,
      fact,
      options.replaces ?? null,
      options.now ?? new Date(),
      options.timeZone,
    );
    if (result.ok) await liftMatchingTombstones(options.store, fact);
    return result;
  },
  async consolidateAll(options) {
    return mergeFacts(options);
  },
  refuseMemoryToolCreate(relative, memoryPath) {
    if (isFactFilePath(relative)) return undefined;
    return `Refused to create ${memoryPath}: this memory keeps one fact per file, each a top-level file named after the fact in lowercase letters or digits joined by "-", such as "/memories/deploy-host.md". MEMORY.md is generated. Nothing was written.`;
  },
  forget(options: ForgetOptions) {
    return forgetFactFiles({
      store: options.store as ForgetFactStore,
      query: options.query,
      now: options.now,
      timeZone: options.timeZone,
      matches: matchesForgetQuery,
      ...(options.only === undefined ? {} : { only: options.only }),
    });
  },
  previewForget(options) {
    return previewForgetFactFiles({ ...options, matches: matchesForgetQuery });
  },
  itemsOf: factItemsOf,
  factCount: factFactCount,
  memoryTool: factMemoryTool,
};

/**
 * Whether a path is a fact file the model may create in the fact layout: a top-level `<slug>.md`
 * whose stem is already a slug (`factSlug`, the fact write pass's file names), and not
 * `MEMORY.md` in any case (the generated index).
 */
function isFactFilePath(relative: string): boolean {
  if (relative.includes("/") || !relative.endsWith(".md")) return false;
  if (relative.toLowerCase() === MEMORY_INDEX_FILE.toLowerCase()) return false;
  const stem = relative.slice(0, -".md".length);
  return factSlug(stem) === stem && stem !== "";
}

// The options of the fact layout's write pass: those of writePass less the subject layout's own.
function factOptions(options: WritePassOptions): FactWritePassOptions {
  const { onTooLong: _onTooLong, onWarning: _onWarning, store, ...rest } = options;
  return { ...rest, store: store as FactWriteStore };
}

// The one result shape of the write pass: `file` is the fact file, `fact` its body, and `change`
// says whether the file was created, updated or deleted.
function asWritePassResult(
  result: ApplyFactProposalsResult & { usage: WritePassResult["usage"] },
): WritePassResult {
  const asProposal = (proposal: FactProposal, path: string | null): Proposal => ({
    file: path ?? proposal.replaces ?? proposal.name,
    fact: proposal.body,
    evidence: proposal.evidence,
    replaces: proposal.replaces,
    description: proposal.description,
  });
  const applied: AppliedProposal[] = result.applied.map((item) => ({
    code: "applied",
    proposal: asProposal(item.proposal, item.path),
    path: item.path,
    line: item.code === "deleted" ? "" : item.proposal.body,
    replaced: item.previousBody === undefined ? [] : [item.previousBody],
    change: item.code,
    ...(item.code === "created" ? { description: item.proposal.description } : {}),
  }));
  const rejected: RejectedProposal[] = result.rejected.map((item) => ({
    code: item.code,
    proposal: asProposal(item.proposal, null),
    message: item.message,
  }));
  return { applied, rejected, consolidated: [], usage: result.usage };
}

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

const READ_WHEN = " Read when this matters to the answer.";

// A fact ends in a full stop before the description's second sentence, so the index does not read
// "deploys in the ams region Read when this matters"; a fact that already ends a sentence keeps it.
function asSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…。！？]["'”’)\]]*$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

// The fact layout's remember (decision 0025-fact-layout, "remember adds"): the fact is ADDED as a
// new line to the fact file at `path`, or to the file named after the path's stem (`topics/tools.md`
// -> "tools"), keeping every line a person wrote; `replaces` replaces only the one line it names.
// Without such a file, a new fact file is created.
async function rememberFact(
  store: FactWriteStore,
  path: string,
  fact: string,
  replaces: string | null,
  now: Date,
  timeZone: string | undefined,
): Promise<RememberResult> {
  // The path names a file inside the folder, as in the subject layout: `../evil` is refused, not
  // saved as `evil.md` (the store's own guard, with the `.md` a fact file name may leave out).
  const guarded = safeParseMemoryPath(/\.md$/i.test(path) ? path : `${path}.md`);
  if (!guarded.success) {
    return {
      ok: false,
      code: "path_not_allowed",
      path,
      fact,
      message: `Refused path ${JSON.stringify(path)}: ${guarded.error.reason}. A fact file is a name inside the memory folder, such as "deploy-host.md".`,
    };
  }
  const name = (path.split("/").pop() ?? path).replace(/\.md$/i, "").replace(/[-_]+/g, " ").trim();
  const room = MAX_FACT_DESCRIPTION_CHARS - READ_WHEN.length - 1;
  const description = `${asSentence(fact.length > room ? `${headOfText(fact, room).trimEnd()}…` : fact)}${READ_WHEN}`;
  const fold = (text: string) => foldText(text.trim()).normalize("NFKC");
  const rows = await store.list();
  const target =
    rows.find((row) => row.path === path) ??
    rows.find((row) => fold(row.path) === fold(path)) ??
    (name === ""
      ? undefined
      : rows.find((row) => fold(row.name) === fold(name) || factSlug(row.name) === factSlug(name)));
  if (target !== undefined) {
    const added = await addToFactFile({
      store,
      path: target.path,
      fact,
      replaces,
      now,
      timeZone,
      header: { name: name === "" ? headOfText(fact, 60) : name, description, type: "user" },
    });
    if (added !== undefined) {
      if (added.ok) {
        return {
          ok: true,
          code: "applied",
          path: added.path,
          line: added.line,
          replaced: added.replaced,
        };
      }
      return { ok: false, code: added.code, path: target.path, fact, message: added.message };
    }
  }
  if (replaces !== null && replaces.trim() !== "") {
    return {
      ok: false,
      code: "replaces_not_found",
      path,
      fact,
      message: `Not saved: replaces names a line, and no fact file ${path} exists. Leave replaces out to create it.`,
    };
  }
  const day = dateTag(now, timeZone).replace(/\//g, "-");
  const result = await applyFactProposals({
    store,
    transcript: { date: day, turns: [{ role: "user", content: fact }] },
    proposals: [
      {
        action: "save",
        name: name === "" ? headOfText(fact, 60) : name,
        type: "user",
        description,
        body: fact,
        evidence: fact,
        replaces: null,
      },
    ],
    now,
    userRequest: true,
  });
  const applied = result.applied[0];
  if (applied !== undefined) {
    return {
      ok: true,
      code: "applied",
      path: applied.path,
      line: applied.proposal.body,
      replaced: applied.previousBody === undefined ? [] : [applied.previousBody],
    };
  }
  const rejected = result.rejected[0];
  return {
    ok: false,
    code: (rejected?.code ?? "invalid_fact") as RememberRejectionCode,
    path,
    fact,
    message: rejected?.message ?? "Not saved.",
  };
}
