export { MemfilesError, type MemfilesErrorOptions } from "./memfiles-error.js";
