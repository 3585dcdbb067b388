// javascript assertion: the scenario's checks (run by the evals graders inside the runner) as one
// promptfoo grading result with a component per check.
import { tsImport } from "tsx/esm/api";

const { toGradingResult } = await tsImport("../src/ab/grading-result.ts", import.meta.url);

export default function grade(_output, context) {
  return toGradingResult(context.providerResponse?.metadata);
}
