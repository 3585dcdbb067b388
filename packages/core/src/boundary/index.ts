export { type BoundaryOptions, type BoundaryStore, boundaryStore } from "./boundary-store.js";
export { type ScopedWriteStore, scopedWriteStore } from "./scoped-write-store.js";
