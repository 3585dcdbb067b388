import { consolidateLongFiles } from "../../consolidate/index.js";
import {
  applySubjectWriteReply,
  buildSubjectWriteRequestWithSnapshot,
  PROPOSE_MEMORIES,
  rememberLine,
} from "../../write/index.js";
import type { Layout } from "../layout.js";

/**
 * The subject layout (the seed design: `profile.md`, `preferences.md`, `topics|projects|people/`
 * files of dated lines): `propose_memories` with `extraction@N`, proposals decided line by line
 * (`addFact`), `remember` adding a dated line, consolidation by rewriting files past 6,000 chars.
 */
export const subjectLayout: Layout = {
  name: "subject",
  promptIds: ["extraction"],
  tool: PROPOSE_MEMORIES,
  buildWriteRequest: buildSubjectWriteRequestWithSnapshot,
  applyWriteReply: applySubjectWriteReply,
  remember: rememberLine,
  consolidateAll: consolidateLongFiles,
};
