import { describe, expect, it } from "vitest";
import { lazy } from "./lazy.js";

describe("lazy", () => {
  it("builds nothing until the first call, then once", () => {
    let builds = 0;
    const value = lazy(() => {
      builds += 1;
      return { builds };
    });
    expect(builds).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(builds).toBe(1);
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["0", 0],
    ["an empty text", ""],
  ])("keeps a built %s without building again", (_name, built) => {
    let builds = 0;
    const value = lazy(() => {
      builds += 1;
      return built;
    });
    expect([value(), value()]).toEqual([built, built]);
    expect(builds).toBe(1);
  });

  it("builds again after a build that threw", () => {
    let builds = 0;
    const value = lazy(() => {
      builds += 1;
      if (builds === 1) throw new Error("first build fails");
      return builds;
    });
    expect(() => value()).toThrow("first build fails");
    expect(value()).toBe(2);
    expect(value()).toBe(2);
  });
});
