import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { importSessions, runSessionWritePass } from "@memfiles/claude-code";
import { projectFolderName } from "@memfiles/core/internal";
import { MESSAGES_URL, mockBatches, succeeded, useMessagesApi } from "@memfiles/core/test";
import { HttpResponse, http } from "msw";
import { describe, expect, it, onTestFinished } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

const server = useMessagesApi();

/** The batch id the Batches API mock gives every batch. */
const BATCH_ID = "msgbatch_013Zva2CMHLNnXjNJJKqJ2EF";
const USAGE = { input_tokens: 100, output_tokens: 20 };
const EDITOR = {
  action: "save",
  name: "editor",
  type: "user",
  description: "The user's code editor. Read for editor questions.",
  body: "The user edits code in Zed.",
  evidence: "I edit all my code in Zed",
  replaces: null,
};

const line = (session: string, uuid: string, type: "user" | "assistant", content: unknown) =>
  `${JSON.stringify({ parentUuid: null, isSidechain: false, type, uuid, sessionId: session, timestamp: "2026-12-01T10:00:00.000Z", message: { role: type, content } })}\n`;

/**
 * A project with one past session ("imported") in its Claude Code transcripts folder and one
 * ("hooked") outside it, for a SessionEnd write pass; memory is the project's auto memory.
 */
async function project() {
  const base = await mkdtemp(join(tmpdir(), "memfiles-cc-import-"));
  onTestFinished(() => rm(base, { recursive: true, force: true }));
  const home = join(base, "home");
  const cwd = join(base, "project");
  const transcripts = join(home, ".claude", "projects", projectFolderName(cwd));
  const root = join(transcripts, "memory");
  await mkdir(root, { recursive: true });
  await mkdir(cwd, { recursive: true });
  const said = [
    line("hooked", "h-u", "user", "I edit all my code in Zed"),
    line("hooked", "h-a", "assistant", [{ type: "text", text: "Noted." }]),
  ].join("");
  await writeFile(join(base, "hooked.jsonl"), said);
  await writeFile(join(transcripts, "imported.jsonl"), said.replaceAll("hooked", "imported"));
  const { context, output } = contextIn(cwd);
  context.env = { HOME: home, ANTHROPIC_API_KEY: "test-key", MEMFILES_TIME_ZONE: "UTC" };
  return { base, home, cwd, root, context, output };
}

// Model calls through a mock plus the whole CLI: a hang guard on a busy 2-core machine.
describe("memfiles claude-code import, status and cost", { timeout: 60_000 }, () => {
  it("cost: a SessionEnd write pass at the standard price and an imported session at the batch price", async () => {
    const { base, root, context, output } = await project();
    server.use(
      http.post(MESSAGES_URL, async ({ request }) => {
        const body = (await request.json()) as { model: string };
        return HttpResponse.json({
          id: "msg_1",
          type: "message",
          role: "assistant",
          model: body.model,
          content: [
            {
              type: "tool_use",
              id: "toolu_1",
              name: "propose_facts",
              input: { memories: [EDITOR] },
            },
          ],
          stop_reason: "tool_use",
          stop_sequence: null,
          usage: USAGE,
        });
      }),
    );
    mockBatches(server, () => succeeded({ memories: [EDITOR] }, "propose_facts"));
    const client = new Anthropic({ apiKey: "test-key", maxRetries: 0 });

    const pass = await runSessionWritePass(
      {
        root,
        layout: "fact",
        sessionId: "hooked",
        transcriptPath: join(base, "hooked.jsonl"),
        timeZone: "UTC",
      },
      { client, now: new Date("2026-12-01T10:05:00Z") },
    );
    expect(pass).toMatchObject({ outcome: "ok", applied: 1 });
    expect(await runMemfiles(["claude-code", "import"], context)).toBe(0);
    expect(output.stdout).toContain("1 sessions applied");

    output.stdout = "";
    expect(await runMemfiles(["cost", root, "--json"], context)).toBe(0);
    const report = JSON.parse(output.stdout);
    // Claude Sonnet 5.5: $2 input and $10 output per million tokens (the pricing page); a batch
    // reply (`service_tier: "batch"`) is half of that.
    const standard = (100 * 2 + 20 * 10) / 1_000_000;
    expect(report.sessions).toEqual([
      { sessionId: "hooked", calls: 1, usd: standard },
      { sessionId: "imported", calls: 1, usd: standard / 2 },
    ]);
    expect(report.rows).toEqual([
      { stage: "write", model: "claude-sonnet-5-5", calls: 2, usd: standard * 1.5 },
    ]);
    expect(report.problems).toEqual([]);
  });

  it("status: the last import beside the last write pass, and the batch an import left pending", async () => {
    const { cwd, home, root, context, output } = await project();
    mockBatches(server, () => succeeded({ memories: [EDITOR] }, "propose_facts"), [
      "in_progress",
      "ended",
    ]);
    const sent = await importSessions({
      cwd,
      home,
      env: { MEMFILES_TIME_ZONE: "UTC" },
      client: new Anthropic({ apiKey: "test-key", maxRetries: 0 }),
      wait: false,
    });
    expect(sent.status).toBe("pending");
    const status = async () => {
      output.stdout = "";
      expect(await runMemfiles(["claude-code", "status", "--root", root], context)).toBe(0);
      return output.stdout.split("\n").filter((text) => /^(Last|Pending)/.test(text));
    };
    const at = String.raw`\d{4}-\d\d-\d\dT[\d:.]+Z`;
    expect(await status()).toEqual([
      "Last write pass: none yet",
      expect.stringMatching(
        new RegExp(
          `^Last import: ${at} ok \\(batch ${BATCH_ID}\\): sent 1 sessions, up to \\$0\\.\\d{4}; applied when the batch ends\\.$`,
        ),
      ),
      `Pending import: batch ${BATCH_ID} (1 sessions); \`memfiles claude-code import --resume\` applies it.`,
    ]);
    // An import stopped between sending and noting the batch id.
    const note = join(root, ".memfiles", "claude-code", "import.json");
    const noted = await readFile(note, "utf8");
    const sending = { ...JSON.parse(noted), batchId: "", sendingAt: "2026-12-06T08:00:00.000Z" };
    await writeFile(note, `${JSON.stringify(sending)}\n`);
    expect((await status()).at(-1)).toBe(
      "Pending import: the batch it began sending at 2026-12-06T08:00:00.000Z, its id not noted (the import stopped) (1 sessions); `memfiles claude-code import --resume` finds and applies it.",
    );
    await writeFile(note, noted);
    expect(await runMemfiles(["claude-code", "import", "--resume"], context)).toBe(0);
    expect(await status()).toEqual([
      "Last write pass: none yet",
      expect.stringMatching(
        new RegExp(`^Last import: ${at} ok \\(batch ${BATCH_ID}\\): 1 sessions applied, 0 not`),
      ),
    ]);
  });
  it("import: Ctrl-C while waiting names the batch and --resume; the outcome counts refused proposals", async () => {
    const { context, output } = await project();
    const unsupported = {
      ...EDITOR,
      name: "tea",
      body: "The user drinks tea.",
      evidence: "I drink tea",
    };
    mockBatches(server, () => succeeded({ memories: [EDITOR, unsupported] }, "propose_facts"), [
      "in_progress",
      "ended",
    ]);
    // Stopped (Ctrl-C) as soon as the import waits on its batch.
    expect(await runMemfiles(["claude-code", "import"], context)).toBe(0);
    expect(output.stderr.split("\n")).toEqual([
      `Waiting for batch ${BATCH_ID} (1 sessions; a batch may take up to 24 h). Ctrl-C stops waiting; the batch runs on and \`memfiles claude-code import --resume\` applies it.`,
      `Batch ${BATCH_ID}: in_progress, 0 of 1 requests ended after 0 min.`,
      `Stopped waiting. Batch ${BATCH_ID} runs on at the API; run \`memfiles claude-code import --resume\` to apply it (\`memfiles claude-code status\` shows it pending).`,
      "",
    ]);
    expect(output.stdout).toBe("");
    context.untilStopped = () => new Promise(() => {});
    expect(await runMemfiles(["claude-code", "import", "--resume"], context)).toBe(0);
    expect(output.stdout).toContain(
      `Batch ${BATCH_ID}: 1 sessions applied; 1 proposals written, 1 refused (evidence_not_found 1).`,
    );
  });

  it("import: a pending batch the API no longer knows is refused on --resume and dropped by --abandon", async () => {
    const { cwd, home, root, context, output } = await project();
    mockBatches(server, () => succeeded({ memories: [EDITOR] }, "propose_facts"), ["in_progress"]);
    const sent = await importSessions({
      cwd,
      home,
      env: { MEMFILES_TIME_ZONE: "UTC" },
      client: new Anthropic({ apiKey: "test-key", maxRetries: 0 }),
      wait: false,
    });
    expect(sent.status).toBe("pending");
    server.use(
      http.get(`https://api.anthropic.com/v1/messages/batches/${BATCH_ID}`, () =>
        HttpResponse.json(
          { type: "error", error: { type: "not_found_error", message: "not found" } },
          { status: 404 },
        ),
      ),
    );
    context.untilStopped = () => new Promise(() => {});
    expect(await runMemfiles(["claude-code", "import", "--resume"], context)).toBe(2);
    expect(output.stderr).toContain(
      `The Anthropic API does not know batch ${BATCH_ID} (HTTP 404): it expired and was deleted, or was made with another API key or workspace. Run \`memfiles claude-code import --abandon\` to drop it; its 1 sessions are sent again by the next import.`,
    );
    expect(await runMemfiles(["claude-code", "import", "--dry-run"], context)).toBe(0);
    expect(output.stdout).toContain(
      `An earlier import's batch (${BATCH_ID}) is not applied yet: \`memfiles claude-code import --resume\` applies it (or \`--abandon\` drops it) before these can be sent.`,
    );
    output.stdout = "";
    expect(await runMemfiles(["claude-code", "import", "--abandon"], context)).toBe(0);
    expect(output.stdout).toBe(
      `Abandoned the pending import of batch ${BATCH_ID}: its 1 sessions (imported) were not applied; the next \`memfiles claude-code import\` sends them again.\n`,
    );
    output.stdout = "";
    expect(await runMemfiles(["claude-code", "status", "--root", root], context)).toBe(0);
    expect(output.stdout).not.toContain("Pending import");
    expect(output.stdout).toContain("): abandoned: 1 sessions not applied (imported)");
    output.stderr = "";
    expect(await runMemfiles(["claude-code", "import", "--abandon"], context)).toBe(2);
    expect(output.stderr).toContain("nothing to abandon");
  });
});
