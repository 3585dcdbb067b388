export { withBackendLock } from "./backend-lock.js";
export type { BackendWriteResult, StorageBackend, StoredFile } from "./storage-backend.js";
