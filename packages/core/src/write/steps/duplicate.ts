import { refuse } from "../write-checks.js";
import { refuseItem, type WriteStep, what } from "./write-step.js";

/** `duplicate`: no stored fact already says this (the layout's `duplicate`, restatements too). */
export const duplicateStep: WriteStep = {
  code: "duplicate",
  phase: "locked",
  run(context) {
    const { located } = context;
    if (context.removes || located === undefined) return undefined;
    const held = context.steps.duplicate(context.item, located.target);
    if (held === undefined) return undefined;
    return refuseItem(context, refuse("duplicate", { what: what(context), ...held }));
  },
};
