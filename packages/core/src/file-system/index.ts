export { isInsideOrSame } from "./is-inside-or-same.js";
export { boundedRead } from "./read-file-bounded.js";
export { errorCode, isMissing, isResourceLimit } from "./system-error.js";
