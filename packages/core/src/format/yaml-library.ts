import { createRequire } from "node:module";
import type GrayMatter from "gray-matter";
import type * as Yaml from "yaml";

const require = createRequire(import.meta.url);
let yaml: typeof Yaml | undefined;
let grayMatter: typeof GrayMatter | undefined;

// Both load on first use, not on import: together ~55 ms of a cold start that a process which
// only recalls from its index (a prompt hook) never needs.

/** The `yaml` package, loaded on the first call. */
export function yamlLibrary(): typeof Yaml {
  yaml ??= require("yaml") as typeof Yaml;
  return yaml;
}

/** The `gray-matter` package, loaded on the first call. */
export function grayMatterLibrary(): typeof GrayMatter {
  grayMatter ??= require("gray-matter") as typeof GrayMatter;
  return grayMatter;
}
