export { MemfilesError, type MemfilesErrorOptions } from "./memfiles-error.js";
export { importOptional, MissingPackageError } from "./missing-package-error.js";
