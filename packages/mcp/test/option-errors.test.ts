import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { McpOptionsError } from "../src/options-error.js";
import { openServerMemory, SERVER_OPTIONS } from "../src/server-options.js";
import { startupErrorLine } from "../src/startup.js";

const valueOptions = Object.entries(SERVER_OPTIONS)
  .filter(([, option]) => option.type === "string")
  .map(([name]) => `--${name}`);

const refusedWith = async (argv: string[]) => {
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-options-")), "memory");
  // The folder comes last, so the misuse is what is read, and nothing would be created by it.
  const error = await openServerMemory([...argv, "--root", root], {}).catch(
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(McpOptionsError);
  return { line: startupErrorLine(error), code: (error as McpOptionsError).code };
};

describe("memfiles-mcp's misused options are refused as option errors, on one line", () => {
  it.each(valueOptions)("%s -x", async (option) => {
    expect(await refusedWith([option, "-x"])).toEqual({
      code: "invalid_server_options",
      line: `memfiles-mcp: Refused ${option} -x: a value after ${option} that starts with "-" reads as an option. Give ${option} its value, or write ${option}=-x for a value that starts with "-".`,
    });
  });

  it.each(valueOptions)("%s with no value", async (option) => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-options-")), "memory");
    const error = await openServerMemory(["--root", root, option], {}).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(McpOptionsError);
    expect(startupErrorLine(error)).toBe(
      `memfiles-mcp: Refused ${option} without a value: give it one. Run memfiles-mcp --help for the options.`,
    );
  });

  it.each([
    [
      "an unknown option",
      ["--rot", "x"],
      "memfiles-mcp: Refused --rot: there is no such option. Run memfiles-mcp --help for the options.",
    ],
    [
      "a value for a flag",
      ["--create=yes"],
      "memfiles-mcp: Refused --create=yes: --create takes no value. Pass --create alone.",
    ],
    [
      "a bare argument",
      ["memory"],
      'memfiles-mcp: Refused "memory": memfiles-mcp takes options only. Run memfiles-mcp --help for the options.',
    ],
  ])("%s", async (_name, argv, line) => {
    expect(await refusedWith(argv)).toEqual({ code: "invalid_server_options", line });
  });

  // The refusal names the option given and where the empty tenant came from; nothing is opened.
  it.each([
    [["--pglite", "db", "--tenant", ""], {}, "Refused --pglite with an empty --tenant"],
    [
      ["--database-url", "postgres://127.0.0.1:1/x", "--tenant", ""],
      {},
      "Refused --database-url with an empty --tenant",
    ],
    [
      ["--database-url", "postgres://127.0.0.1:1/x"],
      { MEMFILES_TENANT: "" },
      "Refused --database-url with an empty MEMFILES_TENANT",
    ],
    [["--database-url", "postgres://127.0.0.1:1/x"], {}, "Refused --database-url without --tenant"],
  ])("%j (env %j): the tenant refusal", async (argv, env, refusal) => {
    const error = await openServerMemory(argv, env).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpOptionsError);
    expect(startupErrorLine(error)).toContain(`memfiles-mcp: ${refusal}`);
  });

  it("a value that starts with a dash, written with =, is read as the value", async () => {
    const root = join(await mkdtemp(join(tmpdir(), "memfiles-mcp-options-")), "memory");
    const opened = await openServerMemory(["--root", root, "--create", "--project=-x"], {});
    if (opened.code !== "opened") throw new Error(`not opened: ${opened.code}`);
    expect(opened.serverOptions.project).toBe("-x");
  });
});
