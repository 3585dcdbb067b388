/** One section of `pnpm bench`: a named benchmark that prints its own figures. */
export type BenchSection = {
  /** Short name, used to pick sections: `pnpm bench -- store`. */
  name: string;
  /** What it measures, printed as the section's heading. */
  title: string;
  run: (options: BenchRunOptions) => Promise<void>;
};

/** Options every section gets from `bench/run.ts`. */
export type BenchRunOptions = {
  /** Print a line of the section's output. */
  log: (line: string) => void;
};

/** Median of a list of numbers (ms); the mean of the middle two for an even count. */
export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Run `fn` and return how long it took, in ms. */
export async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** Format ms for a table: `123.4 ms`. */
export function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}
