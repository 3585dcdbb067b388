// The eval CLI's output sink for tests: what a command printed to stdout and stderr, as text.

/**
 * A sink for `evalMain` and the other CLI entry points, and the text it collected.
 *
 * @returns `{ output: { out, error }, sink }`; `output` grows as the command prints.
 */
export function capture() {
  const output = { out: "", error: "" };
  return {
    output,
    sink: {
      out: (text: string) => {
        output.out += text;
      },
      error: (text: string) => {
        output.error += text;
      },
    },
  };
}
