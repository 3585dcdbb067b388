import { SUBJECT_ITEMS } from "../../format/file-items.js";
import type { Layout } from "../layout.js";
import { consolidateLongFiles } from "./consolidate/index.js";
import { forgetLines, previewForgetLines } from "./forget-lines.js";
import { rememberLine } from "./remember-line.js";
import { subjectLineCount, subjectMemoryTool } from "./subject-items.js";
import { subjectPropose } from "./subject-propose.js";
import { subjectWrite } from "./subject-write-pass.js";

/**
 * The subject layout (the seed design: `profile.md`, `preferences.md`, `topics|projects|people/`
 * files of dated lines): `propose_memories` with `extraction@N`, proposals decided line by line
 * (`subjectWriteSteps`), `remember` adding a dated line, consolidation by rewriting files past
 * 6,000 chars, forget removing the matching lines.
 */
export const subjectLayout: Layout = {
  name: "subject",
  write: subjectWrite,
  propose: subjectPropose,
  remember: rememberLine,
  consolidateAll: consolidateLongFiles,
  forget: forgetLines,
  previewForget: previewForgetLines,
  items: { noun: "line", count: subjectLineCount, walk: SUBJECT_ITEMS },
  memoryTool: subjectMemoryTool,
};
