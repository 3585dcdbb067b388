import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as api from "./index.js";

// The public API, pinned: adding or removing a name here is a decision about what an application
// may depend on (the MCP TypeScript SDK's barrelClean test does the same for its entry points).
// Anything else a sibling package needs goes in `internal.ts`.
const VALUES = [
  "ChatLoopLimitError",
  "MODELS",
  "MemfilesError",
  "MemoryLockError",
  "MemoryPathError",
  "MemoryStore",
  "ModelReplyError",
  "PRICES",
  "UnknownModelError",
  "applyBatchResults",
  "boundaryStore",
  "buildSystem",
  "chat",
  "consolidateAll",
  "costOf",
  "createUsageLog",
  "detectLayout",
  "editDescription",
  "findSecrets",
  "forget",
  "memfilesMemoryTool",
  "modelInfo",
  "previewForget",
  "readUsageLog",
  "remember",
  "submitWritePasses",
  "versionToken",
  "writePass",
];
const TYPES = [
  "ApplyBatchResultsOptions",
  "BoundaryOptions",
  "BackendWriteResult",
  "BuildSystemOptions",
  "ChatConversation",
  "ChatOptions",
  "ChatResult",
  "CheckResult",
  "ConsolidateAllOptions",
  "ConsolidateAllResult",
  "CreateUsageLogOptions",
  "ForgetOptions",
  "ForgetResult",
  "MemoryRow",
  "MemoryStoreOptions",
  "ModelUsage",
  "OnStep",
  "OnUsage",
  "Proposal",
  "ReadResult",
  "RecallOptions",
  "RecallResult",
  "RecallStrategy",
  "RememberOptions",
  "RememberResult",
  "StorageBackend",
  "StoreLayout",
  "StoredFile",
  "SubmitWritePassesOptions",
  "Transcript",
  "TranscriptTurn",
  "WritePassOptions",
  "WritePassResult",
  "WriteResult",
];

// Every name `src/index.ts` exports, types included (types leave no trace at run time).
function exportedNames(): string[] {
  const source = readFileSync(new URL("./index.ts", import.meta.url), "utf8");
  const names: string[] = [];
  for (const match of source.matchAll(/export\s+(type\s+)?\{([^}]*)\}/g)) {
    for (const item of (match[2] ?? "").split(",")) {
      const name = item.trim().replace(/^type\s+/, "");
      if (name !== "") names.push(name);
    }
  }
  return names.sort();
}

describe("the public API of @memfiles/core", () => {
  it("exports exactly the pinned values at run time", () => {
    expect(Object.keys(api).sort()).toEqual(VALUES);
  });

  // 62: the usage log's writer and its options joined the 60 once an application had to write
  // the log `memfiles cost` reads; a name past this is a decision, not a drift.
  it("exports exactly the pinned names, types included, and at most 62 of them", () => {
    expect(exportedNames()).toEqual([...VALUES, ...TYPES].sort());
    expect(exportedNames().length).toBeLessThanOrEqual(62);
  });
});
