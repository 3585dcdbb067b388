export * from "./ab/index.js";
export * from "./cost-report/index.js";
export * from "./graders/index.js";
export * from "./recordings/index.js";
export * from "./report/index.js";
export * from "./runner/index.js";
export * from "./scenarios/index.js";
