/**
 * The hook command Claude Code runs: `memfiles hook <event> [--root <folder>] [--model <id>]`
 * (the `memfiles` bin hands `hook` here before loading anything else), or this file directly.
 * It reads the event's JSON on stdin, prints the hook's JSON or nothing, and exits 0 whatever
 * happens. `write-pass --root ... --layout ... --session ... --transcript ... --time-zone ...` is
 * the detached child SessionEnd and PreCompact start.
 */
import { parseArgs } from "node:util";
import { readHookStdin } from "./read-hook-stdin.js";

async function main(argv: string[]): Promise<void> {
  const [event = "", ...rest] = argv[0] === "hook" ? argv.slice(1) : argv;
  const { values } = parseArgs({
    args: rest,
    strict: false,
    options: {
      root: { type: "string" },
      model: { type: "string" },
      layout: { type: "string" },
      session: { type: "string" },
      transcript: { type: "string" },
      "time-zone": { type: "string" },
    },
  });
  const text = (name: string) =>
    typeof values[name] === "string" ? (values[name] as string) : undefined;
  if (event === "write-pass") {
    const root = text("root");
    const session = text("session");
    const transcript = text("transcript");
    if (root === undefined || session === undefined || transcript === undefined) return;
    const { runSessionWritePass } = await import("./session-write-pass.js");
    await runSessionWritePass({
      root,
      layout: text("layout") === "subject" ? "subject" : "fact",
      sessionId: session,
      transcriptPath: transcript,
      model: text("model"),
      timeZone: text("time-zone") ?? "UTC",
    });
    return;
  }
  const { text: stdin, tooLarge } = await readHookStdin(process.stdin);
  const { runHook } = await import("./run-hook.js");
  const { stdout } = await runHook({
    event,
    stdin,
    stdinTooLarge: tooLarge,
    root: text("root"),
    model: text("model"),
  });
  if (stdout !== "") process.stdout.write(stdout);
}

try {
  await main(process.argv.slice(2));
} catch {
  // A hook never fails Claude Code's session: nothing printed is "no opinion".
}
process.exitCode = 0;
