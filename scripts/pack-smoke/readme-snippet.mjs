// README's library example, run the way the README tells a new npm project to: saved as
// `quickstart.mts` in a project whose package.json says "type": "commonjs" (npm init's default)
// and run with tsx, against a stub Messages API on 127.0.0.1 with no key. Then the installed
// `memfiles cost` prices the usage log the example wrote, per session. Exits non-zero when
// anything is off.
// Usage: node readme-snippet.mjs <README.md> <tsx cli.mjs> <memfiles bin> <working folder>
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";

const [readme, tsx, memfiles, folder] = process.argv.slice(2);
if (folder === undefined) {
  throw new Error(
    "usage: node readme-snippet.mjs <README.md> <tsx cli.mjs> <memfiles bin> <folder>",
  );
}
const block = /<!-- example:quickstart:start -->\n```ts\n([\s\S]*?)```\n/.exec(
  readFileSync(readme, "utf8"),
);
if (block === null) throw new Error(`${readme} has no quickstart example block`);
const snippet = join(folder, "quickstart.mts");
writeFileSync(snippet, block[1]);

/** The stub model: proposes the user's deploy host when offered the write tool, else answers. */
function content(body) {
  if ((body.tools ?? []).some((tool) => tool.name === "propose_memories")) {
    const memory = {
      file: "topics/tools.md",
      fact: "deploys everything on Fly.io",
      evidence: "I deploy everything on Fly.io",
      replaces: null,
      description: null,
    };
    return [
      {
        type: "tool_use",
        id: "toolu_stub_1",
        name: "propose_memories",
        input: { memories: [memory] },
      },
    ];
  }
  return [{ type: "text", text: "Deploy it on Fly.io, as your other services are." }];
}

let calls = 0;
const server = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    if (request.method !== "POST" || !request.url?.startsWith("/v1/messages")) {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ type: "error", error: { type: "not_found_error", message: "no" } }),
      );
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    calls += 1;
    const blocks = content(body);
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        id: `msg_stub_${calls}`,
        type: "message",
        role: "assistant",
        model: body.model,
        content: blocks,
        stop_reason: blocks[0].type === "tool_use" ? "tool_use" : "end_turn",
        stop_sequence: null,
        usage: {
          input_tokens: 1000,
          output_tokens: 20,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
          service_tier: "standard",
        },
      }),
    );
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address();
// Without INIT_CWD: a pnpm script's folder, which `memfiles` would take for the user's.
const { INIT_CWD: _pnpmFolder, ...inherited } = process.env;
const env = {
  ...inherited,
  ANTHROPIC_API_KEY: "stub-key",
  ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
};
// Asynchronous children: the stub answers from this process's event loop while they run.
function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: folder, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
try {
  const example = await run([tsx, snippet]);
  if (example.status !== 0 || !example.stdout.includes("saved to topics/tools.md")) {
    throw new Error(
      `README's example as quickstart.mts exited ${example.status}:\n${example.stdout}${example.stderr}`,
    );
  }
  const cost = await run([memfiles, "cost", "memory"]);
  if (
    cost.status !== 0 ||
    !/Cost per session: \d+\.\d{6} USD, the mean of 2 session/.test(cost.stdout)
  ) {
    throw new Error(
      `memfiles cost on its usage log exited ${cost.status}:\n${cost.stdout}${cost.stderr}`,
    );
  }
  console.log(
    `readme snippet: quickstart.mts ran (${calls} model calls), memfiles cost priced 2 sessions`,
  );
} finally {
  server.close();
}
