import type { applyWriteReply } from "@memfiles/core/internal";

/** The fact the forget races use: remembered, forgotten, then re-proposed by a write pass. */
export declare const FORGOTTEN_FACT: string;
/** A memory file as memfiles writes one. */
export declare function memoryFile(name: string, description: string, lines: string[]): string;
/** A write-pass reply (the model's `propose_memories` call), as the Messages API returns one. */
export declare function proposing(
  memories: Array<{ file: string; fact: string; evidence: string }>,
): Parameters<typeof applyWriteReply>[1];
