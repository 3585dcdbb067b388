import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { hashText } from "../text/hash-text.js";
import { SECRET_SCREEN_VERSION, secretScreenIdentity } from "./secret-screen-identity.js";

// The screen's code (its patterns aside, which the identity reads as they are) as of
// SECRET_SCREEN_VERSION. A change to it fails here: bump the version when the new code could flag
// a text the old code cleared (a stored "cleared" flag of the old code is then not trusted), and
// put the new hash here either way.
const SCREEN_CODE = {
  version: 4,
  sha256: "d14d2ea877695c997a30f2ecebdd3872c7c878911e90f527a03971193a95c4df",
};
const SCREEN_FILES = ["secret-screen.ts", "split-halves.ts", "../text/list-marker.ts"];

describe("the secret screen's identity", () => {
  it("names the screen's code as of its version", async () => {
    const texts = await Promise.all(
      SCREEN_FILES.map((file) => readFile(new URL(file, import.meta.url), "utf8")),
    );
    expect({ version: SECRET_SCREEN_VERSION, sha256: hashText(texts.join("\n")) }).toEqual(
      SCREEN_CODE,
    );
  });

  it("is 16 hex chars, the same on every call", () => {
    expect(secretScreenIdentity()).toMatch(/^[0-9a-f]{16}$/);
    expect(secretScreenIdentity()).toBe(secretScreenIdentity());
  });
});
