export { type BoundaryOptions, type BoundaryStore, boundaryStore } from "./boundary-store.js";
