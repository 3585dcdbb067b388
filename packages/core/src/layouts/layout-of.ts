import type { StoreLayout } from "../store/index.js";
import type { WritePrompt } from "../write/index.js";
import { factLayout } from "./fact/fact-layout.js";
import type { Layout } from "./layout.js";
import { subjectLayout } from "./subject/subject-layout.js";
import { WritePromptLayoutError } from "./write-prompt-layout-error.js";

const LAYOUTS: Record<StoreLayout, Layout> = { subject: subjectLayout, fact: factLayout };

/**
 * The layout of a store: `fact` for a store opened with `layout: "fact"`, else `subject`.
 *
 * @example layoutOf(new MemoryStore({ root, layout: "fact" })).write.tool.name // "propose_facts"
 */
export function layoutOf(store: object): Layout {
  const name = "layout" in store ? store.layout : undefined;
  return LAYOUTS[name === "fact" ? "fact" : "subject"];
}

/** The layout of a given name, e.g. `layoutNamed("fact").write.tool.name` is `"propose_facts"`. */
export function layoutNamed(name: StoreLayout): Layout {
  return LAYOUTS[name];
}

/**
 * Refuses a prompt written for the other layout's tool; a prompt of neither layout passes.
 *
 * @throws {WritePromptLayoutError} when `prompt.id` belongs to the other layout.
 */
export function checkWritePrompt(layout: Layout, prompt: WritePrompt | undefined): void {
  if (prompt === undefined || layout.write.promptId === prompt.id) return;
  const other = Object.values(LAYOUTS).find((candidate) => candidate.write.promptId === prompt.id);
  if (other === undefined || other === layout) return;
  throw new WritePromptLayoutError({
    prompt: `${prompt.id}@${prompt.version}`,
    promptLayout: other.name,
    storeLayout: layout.name,
    promptIds: [layout.write.promptId],
  });
}
