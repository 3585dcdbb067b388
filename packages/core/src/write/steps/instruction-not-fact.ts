import { findInstruction } from "../../guards/index.js";
import { refuse } from "../write-checks.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/** `instruction_not_fact`: neither the fact nor its evidence is an order to the assistant. */
export const instructionNotFactStep: WriteStep = {
  code: "instruction_not_fact",
  phase: "check",
  run(context) {
    const { steps, item } = context;
    if (context.options.transcript === undefined) return undefined;
    const instruction = findInstruction(steps.fact(item), steps.evidence(item));
    if (instruction === undefined) return undefined;
    const refusal = refuse("instruction_not_fact", {
      what: what(context),
      excerpt: instruction.excerpt,
    });
    return refuseItem(context, refusal);
  },
};
