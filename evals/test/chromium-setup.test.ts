// Where the browser tests find Chromium (scripts/chromium.mjs) and what setup does when it is
// missing (scripts/install-chromium.sh, which setup.sh and .ci/run call).
import { spawnSync } from "node:child_process";
import { chmod, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { chromiumPath, DEBIAN_CHROMIUM, requireChromium } from "../../scripts/chromium.mjs";

const INSTALL = fileURLToPath(new URL("../../scripts/install-chromium.sh", import.meta.url));

async function executable(folder: string, name: string, body: string): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}

describe("chromiumPath", () => {
  it.each([
    ["unset", {}, DEBIAN_CHROMIUM],
    ["blank", { MEMFILES_CHROMIUM: "  " }, DEBIAN_CHROMIUM],
    ["set", { MEMFILES_CHROMIUM: "/opt/chrome/chrome" }, "/opt/chrome/chrome"],
  ])("MEMFILES_CHROMIUM %s", (_name, env, expected) => {
    expect(chromiumPath(env)).toBe(expected);
  });
});

describe("requireChromium", () => {
  it("returns an executable MEMFILES_CHROMIUM", async () => {
    const folder = await mkdtemp(join(tmpdir(), "memfiles-chromium-"));
    const browser = await executable(folder, "chrome", "exit 0");
    expect(requireChromium({ MEMFILES_CHROMIUM: browser })).toBe(browser);
  });

  it.each([
    [
      "a missing MEMFILES_CHROMIUM names the variable",
      "/nowhere/chrome",
      /MEMFILES_CHROMIUM is set to \/nowhere\/chrome/,
    ],
    ["a file that is not executable", "NOT_EXECUTABLE", /not an executable file/],
  ])("%s", async (_name, path, message) => {
    const folder = await mkdtemp(join(tmpdir(), "memfiles-chromium-"));
    const notExecutable = join(folder, "chrome");
    await writeFile(notExecutable, "");
    const chosen = path === "NOT_EXECUTABLE" ? notExecutable : path;
    expect(() => requireChromium({ MEMFILES_CHROMIUM: chosen })).toThrow(message);
  });
});

// The script runs with only the fakes below on PATH (bash by its absolute path): it may call
// nothing else, and a fake apt-get that records its arguments shows whether it tried to install.
describe("install-chromium.sh", () => {
  async function run(env: Record<string, string>) {
    const folder = await mkdtemp(join(tmpdir(), "memfiles-install-chromium-"));
    const calls = join(folder, "apt-calls");
    await executable(folder, "apt-get", `echo "$@" >> ${calls}`);
    await executable(folder, "id", "echo 0");
    const result = spawnSync("/bin/bash", [INSTALL], {
      env: { PATH: folder, ...env },
      encoding: "utf8",
    });
    const apt = spawnSync("/bin/cat", [calls], { encoding: "utf8" }).stdout;
    return { status: result.status, output: result.stdout + result.stderr, apt };
  }

  it("leaves apt alone when MEMFILES_CHROMIUM is an executable", async () => {
    const folder = await mkdtemp(join(tmpdir(), "memfiles-chromium-"));
    const browser = await executable(folder, "chrome", "exit 0");
    const result = await run({ MEMFILES_CHROMIUM: browser });
    expect(result).toEqual({
      status: 0,
      output: `chromium: the browser tests will use ${browser}\n`,
      apt: "",
    });
  });

  it("refuses a MEMFILES_CHROMIUM that is not there, naming it, and installs nothing", async () => {
    const result = await run({ MEMFILES_CHROMIUM: "/nowhere/chrome" });
    expect(result.status).toBe(1);
    expect(result.output).toContain("MEMFILES_CHROMIUM=/nowhere/chrome is not an executable file");
    expect(result.apt).toBe("");
  });
});
