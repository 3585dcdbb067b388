/**
 * A stand-in Messages client that answers each request with the next scripted content (then
 * "done") and keeps every request. A request offering `select_memories` (the side query) is
 * answered by selecting catalog entries 1-4, without using up a scripted turn.
 *
 * @param script - The content blocks of each answer, in order.
 * @returns The client (typed for `chat`'s `client` option) and the requests it received.
 */
export function scriptedClient(script: unknown[][]) {
  const requests: Array<Record<string, unknown>> = [];
  let turn = 0;
  const create = async (request: Record<string, unknown>) => {
    requests.push(request);
    const tools = (request.tools ?? []) as Array<{ name: string }>;
    const content = tools.some((tool) => tool.name === "select_memories")
      ? [{ type: "tool_use", id: "s1", name: "select_memories", input: { files: [1, 2, 3, 4] } }]
      : (script[turn++] ?? [{ type: "text", text: "done" }]);
    const first = content[0] as { type: string };
    return {
      id: `m${requests.length}`,
      type: "message",
      role: "assistant",
      model: request.model,
      content,
      stop_reason: first.type === "tool_use" ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: {
        input_tokens: 1,
        output_tokens: 1,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    };
  };
  return { client: { messages: { create } } as never, requests };
}
