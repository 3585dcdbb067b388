import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { boundedRead, READ_CONCURRENCY } from "./read-file-bounded.js";

vi.mock("node:fs/promises", () => ({ readFile: vi.fn() }));
vi.mock("node:timers/promises", () => ({ setTimeout: vi.fn(async () => undefined) }));

const mockedReadFile = vi.mocked(readFile);
const readFileBounded = (path: string) => boundedRead(() => readFile(path));

function systemError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: failed, open 'x.md'`), { code });
}

afterEach(() => {
  mockedReadFile.mockReset();
});

describe("boundedRead", () => {
  it.each(["EMFILE", "ENFILE", "EAGAIN"])("retries %s until the read succeeds", async (code) => {
    mockedReadFile
      .mockRejectedValueOnce(systemError(code))
      .mockRejectedValueOnce(systemError(code))
      .mockResolvedValueOnce(Buffer.from("text"));
    expect((await readFileBounded("/memory/x.md")).toString()).toEqual("text");
    expect(mockedReadFile).toHaveBeenCalledTimes(3);
  });

  it("throws a resource error that outlasts the retries", async () => {
    mockedReadFile.mockRejectedValue(systemError("EMFILE"));
    await expect(readFileBounded("/memory/x.md")).rejects.toMatchObject({ code: "EMFILE" });
    expect(mockedReadFile).toHaveBeenCalledTimes(5);
  });

  it("throws any other error at once", async () => {
    mockedReadFile.mockRejectedValue(systemError("EACCES"));
    await expect(readFileBounded("/memory/x.md")).rejects.toMatchObject({ code: "EACCES" });
    expect(mockedReadFile).toHaveBeenCalledTimes(1);
  });

  it(`keeps at most ${READ_CONCURRENCY} reads in flight`, async () => {
    let inFlight = 0;
    let most = 0;
    mockedReadFile.mockImplementation(async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      return Buffer.from("text");
    });
    await Promise.all(Array.from({ length: 500 }, (_, index) => readFileBounded(`/m/${index}.md`)));
    expect(most).toEqual(READ_CONCURRENCY);
  });
});
