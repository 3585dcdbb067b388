import { describe, expect, it } from "vitest";
import { LAYOUT_NAMES, safeParseLayoutName } from "./layout-names.js";

describe("safeParseLayoutName", () => {
  it.each(LAYOUT_NAMES)("reads %s", (name) => {
    expect(safeParseLayoutName(name)).toEqual({ success: true, value: name });
  });

  it.each([
    [
      "a plural",
      "facts",
      {},
      'Refused --layout "facts": a memory is laid out as "subject" (one subject per file, the seed design) or "fact" (one fact per file, MEMORY.md of links). Pass --layout fact, for example.',
    ],
    [
      "another case, with the caller's own value named",
      "Fact",
      { auto: "to read it from the folder" },
      'Refused --layout "Fact": a memory is laid out as "subject" (one subject per file, the seed design) or "fact" (one fact per file, MEMORY.md of links), or "auto" to read it from the folder. Pass --layout fact, for example.',
    ],
    [
      "a name of Object.prototype",
      "constructor",
      {},
      'Refused --layout "constructor": a memory is laid out as "subject" (one subject per file, the seed design) or "fact" (one fact per file, MEMORY.md of links). Pass --layout fact, for example.',
    ],
  ])("refuses %s", (_, value, also, error) => {
    expect(safeParseLayoutName(value, also)).toEqual({ success: false, error });
  });
});
