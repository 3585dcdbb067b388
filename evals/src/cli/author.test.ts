import { describe, expect, it } from "vitest";
import { authorMain } from "./author.js";

describe("author --authored (issue 20, item 7)", () => {
  it("exits 2 naming the folder when --authored does not exist", async () => {
    let errors = "";
    const { exitCode } = await authorMain(["--authored", "/no/such/dir"], {
      out: () => {},
      error: (text) => {
        errors += text;
      },
    });
    expect({ exitCode, named: errors.includes("/no/such/dir") }).toEqual({
      exitCode: 2,
      named: true,
    });
  });
});
