import { spawnSync } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readdir, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Every bin of the workspace, started with `--conditions=memfiles-dist` in a clone that was never
// built, says to run `pnpm build` (entry.js) instead of node's ERR_MODULE_NOT_FOUND stack.
const PACKAGES = fileURLToPath(new URL("../../", import.meta.url));
const ERRORS = fileURLToPath(new URL("../", import.meta.url));

async function bins() {
  const found: Array<{ pkg: string; bin: string }> = [];
  for (const pkg of await readdir(PACKAGES)) {
    const names = await readdir(join(PACKAGES, pkg, "bin")).catch(() => []);
    for (const bin of names.filter((name) => name.endsWith(".js"))) found.push({ pkg, bin });
  }
  return found;
}

const CASES = (await bins()).flatMap(({ pkg, bin }) => [
  { name: `${pkg}/bin/${bin}`, pkg, bin, args: ["--help"], missing: "dist/main.js" },
  ...(bin === "memfiles.js"
    ? [{ name: `${pkg}/bin/${bin} hook`, pkg, bin, args: ["hook"], missing: "hook-main.js" }]
    : []),
]);

/** A copy of a package holding its bin and src/ but no dist/, as a fresh clone has it. */
async function unbuiltCopy(pkg: string, bin: string) {
  const root = await mkdtemp(join(tmpdir(), "memfiles-unbuilt-"));
  const copy = join(root, pkg);
  await mkdir(join(copy, "bin"), { recursive: true });
  await mkdir(join(copy, "src"));
  await writeFile(join(copy, "package.json"), '{ "type": "module" }\n');
  await writeFile(join(copy, "src", "main.ts"), "");
  await copyFile(join(PACKAGES, pkg, "bin", bin), join(copy, "bin", bin));
  const scope = join(copy, "node_modules", "@memfiles");
  await mkdir(join(scope, "claude-code"), { recursive: true });
  await symlink(ERRORS, join(scope, basename(ERRORS)));
  await writeFile(
    join(scope, "claude-code", "package.json"),
    JSON.stringify({
      type: "module",
      exports: { "./hook": { "memfiles-dist": "./dist/hook-main.js", default: "./src/x.ts" } },
    }),
  );
  return join(copy, "bin", bin);
}

describe("a bin run on dist/ before `pnpm build`", () => {
  it("covers the workspace's bins", () => {
    expect(CASES.map((row) => row.name).sort()).toEqual([
      "cli/bin/memfiles.js",
      "cli/bin/memfiles.js hook",
      "mcp/bin/memfiles-mcp.js",
    ]);
  });

  it.each(CASES)("$name says to run pnpm build", async ({ pkg, bin, args, missing }) => {
    const entry = await unbuiltCopy(pkg, bin);
    const run = spawnSync(process.execPath, ["--conditions=memfiles-dist", entry, ...args], {
      encoding: "utf8",
      input: "{}",
    });
    expect(run.stderr).toContain(missing);
    expect(run.stderr).toContain("run `pnpm build` in the memfiles clone first");
    expect(run.stderr).not.toContain("ERR_MODULE_NOT_FOUND");
    expect(run.status).toBe(1);
  });
});
