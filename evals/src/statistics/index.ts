export { type ArmComparison, type ArmCount, compareArms } from "./compare-arms.js";
export { fisherExact } from "./fisher-exact.js";
export {
  BOOTSTRAP_RESAMPLES,
  BOOTSTRAP_SEED,
  type PairedBootstrapOptions,
  type PairedBootstrapResult,
  pairedBootstrap,
} from "./paired-bootstrap.js";
export { wilsonInterval } from "./wilson-interval.js";
