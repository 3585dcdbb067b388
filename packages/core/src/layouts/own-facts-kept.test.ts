import { describe, expect, it } from "vitest";
import { proposeOne } from "../../test/propose-one.js";
import { tempStore } from "../../test/temp-store.js";

// Facts the whose-fact and polarity checks must not refuse, in the user's own place of both
// layouts (profile.md; a fact of type user): a relative the fact names itself, and a denial said
// with a contraction, straight or curly.
const KEPT = [
  ["daughter's birthday is in May", "my daughter's birthday is in May"],
  ["wife's name is Maria", "My wife\u2019s name is Maria"],
  ["has not been to Japan", "I haven\u2019t been to Japan"],
  ["has not been to Japan", "I haven't been to Japan"],
] as const;

const cases = (["subject", "fact"] as const).flatMap((layout) =>
  KEPT.map(([fact, said]) => ({ layout, fact, said })),
);

describe.each(cases)("$fact from $said ($layout layout)", ({ layout, fact, said }) => {
  it("is saved in the user's own place", async () => {
    const store = await tempStore(layout);
    const result = await proposeOne(store, {
      date: "2026-12-01",
      fact,
      said,
      name: "family and travel",
    });
    expect(result.rejected).toEqual([]);
    expect(result.applied).toHaveLength(1);
  });
});
