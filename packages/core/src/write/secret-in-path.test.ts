import { describe, expect, it } from "vitest";
import { tempStore } from "../../test/temp-store.js";
import { remember } from "../layouts/remember.js";

// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const GITHUB = `${"ghp"}_${"a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"}`;
const ANTHROPIC = ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1Op"].join("-");

const CASES = (["subject", "fact"] as const).flatMap((layout) =>
  (
    [
      ["a GitHub token", GITHUB, layout === "subject" ? "topics/" : ""],
      ["an Anthropic key", ANTHROPIC, layout === "subject" ? "people/" : ""],
    ] as const
  ).map(([name, secret, folder]) => [`${name} (${layout})`, layout, secret, folder] as const),
);

describe("remember to a path holding a secret names the path, masked, not the fact", () => {
  it.each(CASES)("%s", async (_name, layout, secret, folder) => {
    const store = await tempStore(layout);
    const result = await remember({
      store,
      path: `${folder}${secret}.md`,
      fact: "deploys on Fly.io",
    });
    expect(result).toMatchObject({ ok: false, code: "secret", path: `${folder}[redacted].md` });
    const message = result.ok ? "" : result.message;
    expect(message).toMatch(
      new RegExp(
        `^Refused "deploys on Fly\\.io": its file ${folder}\\[redacted\\]\\.md holds a secret in its name \\(`,
      ),
    );
    expect(message).toMatch(/name the file without it\.$/);
    expect(JSON.stringify(result)).not.toContain(secret.slice(4));
    expect(await store.list()).toEqual([]);
  });

  it.each(["subject", "fact"] as const)(
    "a secret in the fact still blames the fact (%s)",
    async (layout) => {
      const store = await tempStore(layout);
      const path = layout === "subject" ? "topics/tools.md" : "tools.md";
      const result = await remember({ store, path, fact: `my token is ${GITHUB}` });
      expect(result).toMatchObject({ ok: false, code: "secret", path });
      expect(result.ok ? "" : result.message).toMatch(/: it holds a secret \(github_token\)/);
    },
  );
});
