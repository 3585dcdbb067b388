// promptfoo loads `file://` providers with a plain import(); this shim loads the TypeScript
// provider (and the workspace packages it imports as TypeScript sources) through tsx.
import { tsImport } from "tsx/esm/api";

const { ScenarioProvider } = await tsImport("../src/ab/provider.ts", import.meta.url);

export default ScenarioProvider;
