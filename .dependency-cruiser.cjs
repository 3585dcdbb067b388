// Import rules checked by `pnpm check:imports` (part of `pnpm test`): no import cycles anywhere,
// packages import downward only (evals -> cli -> claude-code -> core -> prompts -> errors), and no backward arrow between
// the folders of packages/core/src (DESIGN.md "Inside core").
//
// CORE_LAYERS lists core's folders from the bottom up: a folder may import only folders listed
// before it. A new folder must be added here, or the `core-folder-unlisted` rule fails.
// Tests (*.test.ts) may set up data through any folder; the rule is about shipped code.
const CORE_LAYERS = [
  "errors",
  "text",
  "file-system",
  "models",
  "transcript",
  "format",
  // The guards are a leaf (DESIGN.md): they import only text, transcript and format, and the store
  // lists MEMORY.md's rows through their one path rule (decision 0088).
  "guards",
  "store",
  "cost",
  "usage",
  "tool-reply",
  "recall",
  "write",
  "layouts",
  "boundary",
  "memory-tool",
  "batch",
  "chat",
];

const CORE = "^packages/core/src/";
const UNLISTED = `${CORE}(?!(${CORE_LAYERS.join("|")})/)[^/]+/`;

const backwardArrows = CORE_LAYERS.slice(0, -1).map((folder, index) => ({
  name: `core-${folder}-imports-above`,
  comment: `core/${folder} may import only ${CORE_LAYERS.slice(0, index).join(", ") || "no other core folder"} (see CORE_LAYERS)`,
  severity: "error",
  from: { path: `${CORE}${folder}/`, pathNot: "\\.test\\.ts$" },
  to: { path: `${CORE}(${CORE_LAYERS.slice(index + 1).join("|")})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import cycle: modules that import each other, directly or through others.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-unresolvable",
      comment: "An import the checker cannot resolve would escape every other rule.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    ...backwardArrows,
    {
      name: "package-imports-above",
      comment: "Packages import downward only: evals -> core -> prompts -> errors (DESIGN.md).",
      severity: "error",
      from: { path: "^packages/errors/" },
      to: { path: "^(packages/(prompts|core|pg)|evals)/" },
    },
    {
      name: "package-prompts-imports-above",
      comment: "Packages import downward only: evals -> core -> prompts -> errors (DESIGN.md).",
      severity: "error",
      from: { path: "^packages/prompts/" },
      to: { path: "^(packages/(core|pg)|evals)/" },
    },
    {
      name: "package-core-imports-above",
      comment: "Packages import downward only: evals -> core -> prompts -> errors (DESIGN.md).",
      severity: "error",
      from: { path: "^packages/core/" },
      to: { path: "^(evals|packages/pg)/" },
    },
    {
      name: "package-pg-imports-above",
      comment:
        "Packages import downward only: evals -> pg -> core (DESIGN.md; core has no database dependency).",
      severity: "error",
      from: { path: "^packages/pg/" },
      to: { path: "^(evals|packages/cli)/" },
    },
    {
      name: "package-mcp-imported",
      comment: "The MCP server (packages/mcp) sits on top of core: nothing below it imports it.",
      severity: "error",
      from: { path: "^packages/(errors|prompts|core|cli)/" },
      to: { path: "^packages/mcp/" },
    },
    {
      name: "package-claude-code-imports-above",
      comment:
        "Packages import downward only: cli -> claude-code -> core (DESIGN.md); the hooks never load the CLI, the MCP server or a database.",
      severity: "error",
      from: { path: "^packages/claude-code/" },
      to: { path: "^(evals|packages/(cli|mcp|pg))/" },
    },
    {
      name: "package-claude-code-imported",
      comment:
        "Claude Code's hooks (packages/claude-code) sit on top of core: nothing below it imports it.",
      severity: "error",
      from: { path: "^packages/(errors|prompts|core|pg|mcp)/" },
      to: { path: "^packages/claude-code/" },
    },
    {
      name: "core-folder-unlisted",
      comment: "Every folder of packages/core/src must have a place in CORE_LAYERS.",
      severity: "error",
      from: { path: UNLISTED },
      to: {},
    },
    {
      name: "core-folder-unlisted-imported",
      comment: "Every folder of packages/core/src must have a place in CORE_LAYERS.",
      severity: "error",
      from: {},
      to: { path: UNLISTED },
    },
    {
      name: "layout-seam-imports-a-layout",
      comment:
        "layouts/layout.ts is the seam: it imports no layout implementation (layouts/<name>/), so a new layout is one folder beside the others.",
      severity: "error",
      from: { path: `${CORE}layouts/layout\\.ts$` },
      to: { path: `${CORE}layouts/[^/]+/` },
    },
    {
      name: "guard-knows-a-layout",
      comment:
        "The guards know no layout: what a layout calls an item (a dated line, a fact of a body) reaches them as the layout's walk (format/file-items.ts, Layout.items.walk), never by a layout's own format.",
      severity: "error",
      from: { path: `${CORE}guards/`, pathNot: "\\.test\\.ts$" },
      to: { path: `${CORE}(format/dated-line|text/body-facts)\\.ts$` },
    },
    {
      name: "core-test-doubles-in-src",
      comment: "Test doubles and fixtures live in packages/core/test/, never under src/.",
      severity: "error",
      from: { path: `${CORE}.*\\.(mocks|fixtures)\\.ts$|${CORE}.*__fixtures__/` },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|out|\\.stryker-tmp)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "default", "types"],
      extensions: [".ts", ".js", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
