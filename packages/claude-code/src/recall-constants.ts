/** Token budget of the memory block SessionStart adds (index, profile, preferences). */
export const DEFAULT_SESSION_START_TOKENS = 6_000;
/** Token budget of the recall note UserPromptSubmit adds to each prompt. */
export const DEFAULT_PROMPT_RECALL_TOKENS = 1_500;
/**
 * Most chars of the prompt UserPromptSubmit recalls for: the start of a pasted log or file says
 * what it is about, and ranking a 10 MB prompt's words cost 31 s and 1 GB (measured).
 */
export const MAX_RECALL_PROMPT_CHARS = 10_000;
/** The name memfiles' MCP server is registered under in Claude Code's MCP settings. */
export const MCP_SERVER_NAME = "memfiles";
/**
 * The MCP server's `read` tool as Claude Code names it to the model, `mcp__<server>__<tool>`
 * (https://code.claude.com/docs/en/mcp): what the hooks' notes name for opening a whole file.
 */
export const CLAUDE_CODE_READ_TOOL = `mcp__${MCP_SERVER_NAME}__read`;
