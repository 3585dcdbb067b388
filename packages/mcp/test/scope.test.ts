import { describe, expect, it } from "vitest";
import { inScope, ProjectScopeError } from "../src/scope.js";

describe("inScope (memfiles-mcp --project)", () => {
  it("keeps global files and the project's own, hides other projects' in any case", () => {
    const visible = inScope("my-app");
    expect(visible("topics/tools.md")).toBe(true);
    expect(visible("projects/my-app.md")).toBe(true);
    expect(visible("projects/my-app/notes.md")).toBe(true);
    expect(visible("projects/other-app.md")).toBe(false);
    // The new-user trial read another project's file by changing the folder's case.
    expect(visible("Projects/other-app.md")).toBe(false);
    expect(visible("PROJECTS/Other-App.md")).toBe(false);
  });

  it("shows every file without a project, and refuses a name that is not a project name", () => {
    expect(inScope(undefined)("projects/other-app.md")).toBe(true);
    expect(() => inScope("My App")).toThrow(ProjectScopeError);
    expect(() => inScope("My App")).toThrow(
      'Refused project scope "My App". A project is named by lower-case letters and digits (any script) joined by single hyphens, so "My App" is not one: use "--project my-app".',
    );
  });
});
