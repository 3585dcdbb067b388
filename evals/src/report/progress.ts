import { SingleBar } from "cli-progress";

/** Reports how far a long run has got. */
export type Progress = {
  /** One unit done; `label` names it (e.g. `remember on claude-haiku-5-5`). */
  tick: (label: string) => void;
  stop: () => void;
};

/**
 * A progress report for long runs (record mode, the A/B): a `cli-progress` bar on a TTY, one
 * plain line per unit otherwise (CI logs, pipes).
 *
 * @param options - `{ total, title, stream? }`: units to do, a title, the stream (default stderr).
 * @returns `{ tick, stop }`.
 * @example const progress = createProgress({ total: 6, title: "Recording" }); progress.tick("remember"); progress.stop();
 */
export function createProgress(options: {
  total: number;
  title: string;
  stream?: NodeJS.WriteStream;
}): Progress {
  const { total, title, stream = process.stderr } = options;
  let done = 0;
  if (!stream.isTTY) {
    return {
      tick: (label) => {
        done += 1;
        stream.write(`${title}: ${done}/${total} ${label}\n`);
      },
      stop: () => {},
    };
  }
  const bar = new SingleBar({
    stream,
    format: `${title} [{bar}] {value}/{total} {label}`,
    hideCursor: true,
  });
  bar.start(total, 0, { label: "" });
  return {
    tick: (label) => bar.increment(1, { label }),
    stop: () => bar.stop(),
  };
}
