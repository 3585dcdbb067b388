export type { OnUsage, Stage, UsageRecord } from "./types.js";
