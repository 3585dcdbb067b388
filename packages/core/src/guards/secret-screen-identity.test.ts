import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { hashText } from "../text/hash-text.js";
import { builtRegExp, lazyRegExp, regExpText } from "../text/lazy.js";
import { OWN_FINDER_PATTERNS } from "./secret-guard.js";
import {
  SECRET_SCREEN_VERSION,
  screenIdentityOf,
  secretScreenIdentity,
} from "./secret-screen-identity.js";
import { SECRETLINT_SCREEN, SECRETLINT_SCREENED_RULES } from "./secretlint-scan.js";

// The screen's code (its patterns aside, which the identity reads as they are) as of
// SECRET_SCREEN_VERSION. A change to it fails here: bump the version when the new code could flag
// a text the old code cleared (a stored "cleared" flag of the old code is then not trusted), and
// put the new hash here either way.
const SCREEN_CODE = {
  version: 5,
  sha256: "f5ca1e30d5c5125c426b7947ba23cee9a4ee9cebea92f4955ab12b1bf5275eb0",
};
const SCREEN_FILES = [
  "secret-screen.ts",
  "split-halves.ts",
  "long-tokens.ts",
  "../text/list-marker.ts",
];

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

  // The identity is read from the patterns' text; a pattern built on first use must give the text
  // its built regex gives, or the identity would differ from the one of the built patterns (every
  // stored "cleared" flag then untrusted) or miss a change to it.
  it("is the hash of the built patterns' text, though some are not built for it", () => {
    const patterns = [...OWN_FINDER_PATTERNS, ...SECRETLINT_SCREEN];
    expect(patterns.filter((pattern) => !(pattern instanceof RegExp)).length).toBeGreaterThan(0);
    for (const pattern of patterns) expect(regExpText(pattern)).toBe(String(builtRegExp(pattern)));
    const ofBuilt = hashText(
      [
        String(SECRET_SCREEN_VERSION),
        ...patterns.map((pattern) => String(builtRegExp(pattern))),
        ...SECRETLINT_SCREENED_RULES,
      ].join("\n"),
    ).slice(0, 16);
    expect(secretScreenIdentity()).toBe(ofBuilt);
  });

  const lazyAt = OWN_FINDER_PATTERNS.flatMap((pattern, at) =>
    pattern instanceof RegExp ? [] : [at],
  );
  it.each(
    lazyAt.flatMap((at) => [
      { at, change: "its source", edit: (source: string, flags: string) => [`${source}x`, flags] },
      { at, change: "its flags", edit: (source: string, flags: string) => [source, `${flags}m`] },
    ]),
  )("changes when the lazy pattern at $at changes $change", ({ at, edit }) => {
    const patterns = [...OWN_FINDER_PATTERNS, ...SECRETLINT_SCREEN];
    const pattern = patterns[at];
    if (pattern === undefined || pattern instanceof RegExp) throw new Error("no lazy pattern");
    const [source, flags] = edit(pattern.source, pattern.flags) as [string, string];
    const changed = patterns.with(at, lazyRegExp(source, flags));
    expect(screenIdentityOf(patterns)).toBe(secretScreenIdentity());
    expect(screenIdentityOf(changed)).not.toBe(secretScreenIdentity());
  });
});
