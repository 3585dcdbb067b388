import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createShutdown } from "./shutdown.js";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createShutdown", () => {
  it.each([
    ["a close that finishes", () => Promise.resolve(), [0]],
    ["a close that fails", () => Promise.reject(new Error("pool already ended")), [0]],
    // A pool waiting for a checked-out connection, PGlite behind a long query.
    ["a close stuck behind running work", () => new Promise<void>(() => {}), [1]],
  ])("exits once, within the grace time, after %s", async (_name, close, expected) => {
    const exits: number[] = [];
    const shutdown = createShutdown({ close, exit: (code) => exits.push(code), graceMs: 2_000 });
    void shutdown();
    void shutdown();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(exits).toEqual(expected);
  });
});
