import { parse, View } from "vega";
import { compile, type TopLevelSpec } from "vega-lite";

/**
 * Renders a Vega-Lite spec to a static SVG string in Node, headless (no browser, no canvas): the
 * chart is drawn once here and the report carries only the SVG. Each mark keeps the `aria-label`
 * Vega writes (field: value pairs), which the browser test reads.
 *
 * @param spec - A Vega-Lite spec with its data inline (`data.values`).
 * @returns The `<svg …>` element as text.
 * @throws {Error} when Vega-Lite or Vega rejects the spec.
 * @example const svg = await renderChart({ data: { values }, mark: "bar", encoding: { … } });
 */
export async function renderChart(spec: TopLevelSpec): Promise<string> {
  const view = new View(parse(compile(spec).spec), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
