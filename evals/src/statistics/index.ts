export { type ArmComparison, type ArmCount, compareArms } from "./compare-arms.js";
export { fisherExact } from "./fisher-exact.js";
export { wilsonInterval } from "./wilson-interval.js";
