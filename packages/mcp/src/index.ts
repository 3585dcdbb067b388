// The public API of @memfiles/mcp: the server factory and its options; `memfiles-mcp` is the command.
export { parseLayoutOption } from "./layout.js";
export { McpOptionsError } from "./options-error.js";
export { inScope, ProjectScopeError } from "./scope.js";
export {
  createMemfilesMcpServer,
  type MemfilesMcpServerOptions,
  RESOURCE_PREFIX,
} from "./server.js";
