import { describe, expect, it } from "vitest";
import { builtRegExp, lazy, lazyRegExp, regExpText } from "./lazy.js";

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

describe("lazyRegExp", () => {
  it.each([
    ["a word in any case", "\\bpasswort\\b", "iu", "/\\bpasswort\\b/iu"],
    ["flags out of order", "a+b", "yigd", "/a+b/dgiy"],
    ["a named group and a class", "(?<value>[^\\s:=]{3,})", "giu", "/(?<value>[^\\s:=]{3,})/giu"],
  ])("gives %s the text its built regex gives", (_name, source, flags, text) => {
    const pattern = lazyRegExp(source, flags);
    expect(regExpText(pattern)).toBe(text);
    expect(String(builtRegExp(pattern))).toBe(text);
  });

  it("builds the regex on the first call, once", () => {
    const pattern = lazyRegExp("a+", "g");
    expect(pattern()).toBe(pattern());
    expect(builtRegExp(pattern)).toBe(pattern());
    expect(pattern().flags).toBe("g");
  });
});
