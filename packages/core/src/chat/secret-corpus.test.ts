import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { SECRET_CORPUS } from "../../test/fixtures/secret-corpus.js";
import { mockMessages, testClient, textBlock, toolUseBlock } from "../../test/messages-api.js";
import { remember, writePass } from "../layouts/index.js";
import { MemoryStore } from "../store/memory-store.js";
import { chat } from "./chat.js";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const NOW = new Date("2026-10-02T08:00:00Z");
const FILE = "topics/accounts.md";

// Every file under the folder, hidden ones and git objects (inflated) included.
async function everyText(folder: string): Promise<string[]> {
  const texts: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const bytes = await readFile(join(entry.parentPath, entry.name));
    texts.push(bytes.toString("utf8"));
    if (entry.parentPath.includes(`${join(".git", "objects")}`)) {
      try {
        texts.push(inflateSync(bytes).toString("utf8"));
      } catch {
        // A pack file or index, not a loose object: its raw bytes were kept above.
      }
    }
  }
  return texts;
}

it(`${SECRET_CORPUS.length} secret formats through remember, writePass (whole and split across two facts) and chat memory_write: 0 on disk`, {
  // 400 calls (remember, two write passes and a chat per format), 300 of them through the mocked
  // API: measured 13 s alone and 113 s with the whole suite running on a 2-core machine.
  timeout: 300_000,
}, async () => {
  expect(SECRET_CORPUS.length).toBeGreaterThanOrEqual(90);
  const root = join(await mkdtemp(join(tmpdir(), "memfiles-secret-corpus-")), "memory");
  const store = new MemoryStore({ root });
  await remember({ store, path: FILE, fact: "keeps accounts in a password manager", now: NOW });
  execFileSync("git", ["init", "-q"], { cwd: root });
  const codes: Record<string, string[]> = {};
  const reported: string[] = [];
  for (const sample of SECRET_CORPUS) {
    const got: string[] = [];
    const remembered = await remember({ store, path: FILE, fact: sample.fact, now: NOW });
    got.push(remembered.code);
    reported.push(JSON.stringify(remembered));

    const at = sample.fact.indexOf(sample.value) + Math.floor(sample.value.length / 2);
    const halves = [sample.fact.slice(0, at), sample.fact.slice(at)];
    const proposal = (fact: string) => ({
      file: FILE,
      fact,
      evidence: sample.fact,
      replaces: null,
      description: null,
    });
    for (const facts of [[sample.fact], halves]) {
      mockMessages(server, [
        {
          content: [
            toolUseBlock({
              name: "propose_memories",
              input: { memories: facts.map(proposal) },
            }),
          ],
        },
      ]);
      const pass = await writePass({
        store,
        transcript: { date: "2026-10-02", turns: [{ role: "user", content: sample.fact }] },
        client: testClient(),
        model: "claude-haiku-4-5",
        now: NOW,
        onTooLong: false,
      });
      got.push(...pass.applied.map((item) => item.code), ...pass.rejected.map((item) => item.code));
      reported.push(JSON.stringify(pass.rejected));
    }

    mockMessages(server, [
      {
        content: [
          toolUseBlock({
            name: "memory_write",
            input: { action: "remember", file: FILE, fact: sample.fact },
          }),
        ],
      },
      { content: [textBlock("I keep no secrets in memory.")] },
    ]);
    const talk = await chat({
      store,
      client: testClient(),
      model: "claude-opus-5-5",
      basePrompt: "BASE",
      messages: [{ role: "user", content: `Remember this: ${sample.fact}` }],
      now: NOW,
    });
    got.push(...talk.toolCalls.map((call) => JSON.parse(call.result).code));
    reported.push(...talk.toolCalls.map((call) => call.result));
    codes[sample.name] = got;
  }
  execFileSync("git", ["add", "-A"], { cwd: root });
  execFileSync(
    "git",
    ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "memory"],
    {
      cwd: root,
    },
  );

  const texts = await everyText(root);
  const onDisk = SECRET_CORPUS.filter((sample) =>
    texts.some((text) => text.includes(sample.value)),
  );
  const inResults = SECRET_CORPUS.filter((sample) =>
    reported.some((text) => text.includes(sample.value)),
  );
  const notRefused = Object.entries(codes).filter(([, got]) =>
    got.some((code) => code !== "secret"),
  );
  console.log(
    `secret corpus: ${SECRET_CORPUS.length - notRefused.length} of ${SECRET_CORPUS.length} formats refused on every path; ${onDisk.length} on disk`,
  );
  expect({
    notRefused,
    onDisk: onDisk.map((sample) => sample.name),
    inResults: inResults.map((sample) => sample.name),
  }).toEqual({ notRefused: [], onDisk: [], inResults: [] });
});
