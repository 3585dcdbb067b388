import { describe, expect, it } from "vitest";
import { MemfilesError } from "./memfiles-error.js";

class ExampleError extends MemfilesError {
  override readonly name = "ExampleError";
}

describe("MemfilesError", () => {
  it("carries name, code, cause and the user-fixable marker", () => {
    const cause = new Error("inner");
    const error = new ExampleError("Bad input x. Fix it.", {
      code: "bad_input",
      userFixable: true,
      cause,
    });
    expect({
      name: error.name,
      message: error.message,
      code: error.code,
      userFixable: error.userFixable,
      cause: error.cause,
    }).toEqual({
      name: "ExampleError",
      message: "Bad input x. Fix it.",
      code: "bad_input",
      userFixable: true,
      cause,
    });
    expect(error).toBeInstanceOf(Error);
  });

  it("is not user-fixable unless said so, and has no cause unless given", () => {
    const error = new ExampleError("Broken.", { code: "broken" });
    expect(error.userFixable).toBe(false);
    expect("cause" in error).toBe(false);
  });

  it.each([
    ["a subclass", new ExampleError("x", { code: "x" }), true],
    ["a plain Error", new Error("x"), false],
    ["an object with a code", { code: "x", userFixable: true }, false],
    ["null", null, false],
  ])("isInstance(%s)", (_name, value, expected) => {
    expect(MemfilesError.isInstance(value)).toBe(expected);
  });
});
