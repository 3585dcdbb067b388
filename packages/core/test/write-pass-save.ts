import { applyFactProposals } from "../src/layouts/fact/fact-write-pass.js";
import { applyProposals } from "../src/layouts/subject/apply-proposals.js";
import type { MemoryStore, StoreLayout } from "../src/store/index.js";
import type { WritePassResult } from "../src/write/index.js";

/** One fact the user said, as {@link writePassSession} and {@link writePassSave} propose it. */
export type WritePassSaveOptions = {
  /** The user's one turn of the session; the proposal's evidence unless `evidence` is given. */
  said: string;
  /** Subject layout: the line's fact; fact layout: the body, unless `body` is given. */
  fact: string;
  /** Subject layout: the file the line goes to (default `profile.md`). */
  file?: string | undefined;
  /** Fact layout: the fact file's name (default `about the user`). */
  name?: string | undefined;
  /** Fact layout: the fact's type (default `user`). */
  type?: string | undefined;
  /** Fact layout: the file's description (default `A fact the user gave.`). */
  description?: string | undefined;
  /** Fact layout: the body, when it is not `fact`. */
  body?: string | undefined;
  /** Fact layout: the path of the fact file this one replaces (default none). */
  replaces?: string | null | undefined;
  /** The words quoted as evidence (default `said`). */
  evidence?: string | undefined;
  /** The session's day, `YYYY-MM-DD` (default `2026-12-01`). */
  date?: string | undefined;
};

const sessionOf = (options: WritePassSaveOptions) => ({
  date: options.date ?? "2026-12-01",
  turns: [{ role: "user" as const, content: options.said }],
});

const subjectProposal = (options: WritePassSaveOptions) => ({
  file: options.file ?? "profile.md",
  fact: options.fact,
  evidence: options.evidence ?? options.said,
  replaces: null,
  description: null,
});

const factProposal = (options: WritePassSaveOptions) => ({
  action: "save" as const,
  name: options.name ?? "about the user",
  type: options.type ?? "user",
  description: options.description ?? "A fact the user gave.",
  body: options.body ?? options.fact,
  evidence: options.evidence ?? options.said,
  replaces: options.replaces ?? null,
});

/**
 * The write-pass input of one `save` proposal in a layout's shape: a one-turn session of the
 * user's words and the proposal of the fact (subject: `{ file, fact, evidence, replaces: null,
 * description: null }`; fact: `{ action: "save", name, type, description, body, evidence,
 * replaces }`), as the library's write pass and the MCP `propose` tool take it.
 *
 * @param layout - The store's layout.
 * @param options - See {@link WritePassSaveOptions}.
 * @returns `{ transcript, proposals }` with one proposal.
 * @example await call(store, "propose", writePassSession("fact", { said, fact, name: "chess" }));
 */
export function writePassSession(layout: StoreLayout, options: WritePassSaveOptions) {
  const proposal = layout === "subject" ? subjectProposal(options) : factProposal(options);
  return { transcript: sessionOf(options), proposals: [proposal] };
}

/**
 * Saves one fact the user said through the library's write pass of `layout` with no model
 * (`applyProposals`, `applyFactProposals`): every check of the pipeline, in order.
 *
 * @param store - The store; its layout is `layout`.
 * @param layout - Which write pass runs.
 * @param options - See {@link WritePassSaveOptions}; `now` is the clock (default noon UTC of `date`).
 * @returns The write pass's `{ applied, rejected, consolidated, usage }`.
 * @throws {ProposalShapeError} when the options make a proposal of the wrong shape.
 * @example const result = await writePassSave(store, "fact", { said: "I play chess", fact: "plays chess", name: "chess" });
 */
export function writePassSave(
  store: MemoryStore,
  layout: StoreLayout,
  options: WritePassSaveOptions & { now?: Date },
): Promise<WritePassResult> {
  const transcript = sessionOf(options);
  const now = options.now ?? new Date(`${transcript.date}T12:00:00Z`);
  return layout === "subject"
    ? applyProposals({ store, transcript, proposals: [subjectProposal(options)], now })
    : applyFactProposals({ store, transcript, proposals: [factProposal(options)], now });
}
