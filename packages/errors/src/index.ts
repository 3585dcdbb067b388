export {
  InvalidArgumentError,
  type InvalidArgumentErrorOptions,
} from "./invalid-argument-error.js";
export { MemfilesError, type MemfilesErrorOptions } from "./memfiles-error.js";
export { importOptional, MissingPackageError } from "./missing-package-error.js";
export { LOCAL_TENANT, type TenantRefusalOptions, tenantRefusal } from "./tenant-refusal.js";
