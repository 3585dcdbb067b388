export { type ModelUsage, sumUsage, toModelUsage, ZERO_USAGE } from "./usage.js";
