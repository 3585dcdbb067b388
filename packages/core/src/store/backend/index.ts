export type { BackendWriteResult, StorageBackend, StoredFile } from "./storage-backend.js";
