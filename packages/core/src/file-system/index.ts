export { isInsideOrSame } from "./is-inside-or-same.js";
export { errorCode, isMissing } from "./system-error.js";
