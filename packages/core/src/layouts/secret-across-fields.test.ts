import { mkdir, mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mockMessages, testClient, toolUseBlock, useMessagesApi } from "../../test/messages-api.js";
import { LAYOUT_NAMES, MemoryStore, type StoreLayout } from "../store/index.js";
import type { Transcript } from "../transcript/index.js";
import { applyFactProposals, applyProposals, remember, writePass } from "./index.js";

// A key whose halves sit in two fields of one candidate (the name and the body, the fact and its
// evidence, replaces and the fact, in either order) is refused on every write path, in both
// layouts: the step is the pipeline's, not one path's.
const server = useMessagesApi();

// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const KEY = ["AKI", "A", "Q2E4KQ7XY5ZB3MN6"].join("");
const HEAD = `aws key ${KEY.slice(0, 9)}`;
const TAIL = `${KEY.slice(9)} is the rest of the aws key`;
const NOW = new Date("2026-09-12T10:00:00Z");

/** The halves, in the fields a path's candidate has. */
type Fields = {
  /** Subject: the fact; fact layout: the body. */
  fact: string;
  evidence?: string;
  replaces?: string;
  /** Fact layout only: the file's name. */
  name?: string;
  /** Subject only: the description a new file gets. */
  description?: string;
};

type Path = "write pass" | "propose tool" | "remember";

const CASES: Array<{ path: Path; layout: StoreLayout; where: string; fields: Fields }> = [
  ...(["write pass", "propose tool"] as const).flatMap((path) => [
    {
      path,
      layout: "subject" as const,
      where: "fact, then evidence",
      fields: { fact: HEAD, evidence: TAIL },
    },
    {
      path,
      layout: "subject" as const,
      where: "replaces, then fact",
      fields: { fact: TAIL, evidence: TAIL, replaces: HEAD },
    },
    {
      path,
      layout: "subject" as const,
      where: "description, then fact",
      fields: { fact: TAIL, evidence: TAIL, description: HEAD },
    },
    {
      path,
      layout: "fact" as const,
      where: "name, then body",
      fields: { name: HEAD, fact: TAIL, evidence: TAIL },
    },
    {
      path,
      layout: "fact" as const,
      where: "body, then evidence",
      fields: { fact: HEAD, evidence: TAIL },
    },
  ]),
  ...LAYOUT_NAMES.map((layout) => ({
    path: "remember" as const,
    layout,
    where: "replaces, then fact",
    fields: { fact: TAIL, replaces: HEAD },
  })),
];

function session(fields: Fields): Transcript {
  // Every half the user said, so the evidence is a verbatim quote of a user turn.
  const said = [HEAD, TAIL, fields.evidence ?? ""].join(". ");
  return { date: "2026-09-12", turns: [{ role: "user", content: said }] };
}

function proposal(layout: StoreLayout, fields: Fields) {
  return layout === "subject"
    ? {
        file: "topics/aws.md",
        fact: fields.fact,
        evidence: fields.evidence ?? "",
        replaces: fields.replaces ?? null,
        description: fields.description ?? null,
      }
    : {
        action: "save" as const,
        name: fields.name ?? "aws access",
        type: "reference",
        description: "The user's AWS access.",
        body: fields.fact,
        evidence: fields.evidence ?? "",
        replaces: fields.replaces ?? null,
      };
}

/** The refusal each path reports: its code, message and everything it says. */
async function write(path: Path, layout: StoreLayout, store: MemoryStore, fields: Fields) {
  const transcript = session(fields);
  if (path === "remember") {
    const result = await remember({
      store,
      path: layout === "subject" ? "topics/aws.md" : "aws.md",
      fact: fields.fact,
      ...(fields.replaces === undefined ? {} : { replaces: fields.replaces }),
      now: NOW,
    });
    return { code: result.code, message: "message" in result ? result.message : "", result };
  }
  const given = proposal(layout, fields);
  let result: { rejected: Array<{ code: string; message: string }>; applied: unknown[] };
  if (path === "write pass") {
    const name = layout === "subject" ? "propose_memories" : "propose_facts";
    mockMessages(server, [{ content: [toolUseBlock({ name, input: { memories: [given] } })] }]);
    result = await writePass({
      store,
      transcript,
      client: testClient(),
      model: "claude-haiku-4-5",
      onTooLong: false,
      now: NOW,
    });
  } else if (layout === "subject") {
    result = await applyProposals({
      store,
      transcript,
      proposals: [given as ReturnType<typeof proposal> & { file: string; fact: string }],
      now: NOW,
    });
  } else {
    result = await applyFactProposals({
      store,
      transcript,
      proposals: [given as Parameters<typeof applyFactProposals>[0]["proposals"][number]],
      now: NOW,
    });
  }
  expect(result.applied).toEqual([]);
  const [rejected] = result.rejected;
  return { code: rejected?.code, message: rejected?.message ?? "", result };
}

describe("a secret split across two fields of one candidate", () => {
  it.each(CASES)("$path, $layout layout: $where is refused", async ({ path, layout, fields }) => {
    const root = join(await mkdtemp(join(tmpdir(), `memfiles-fields-${layout}-`)), "memory");
    await mkdir(root, { recursive: true });
    const store = new MemoryStore({ root, layout });
    const refused = await write(path, layout, store, fields);
    expect({ code: refused.code, message: refused.message }).toEqual({
      code: "secret",
      message: expect.stringContaining(
        "two of its fields together spell a secret (aws_access_key_id), redacted here.",
      ),
    });
    // Neither half is reported, and nothing reached the folder.
    const said = JSON.stringify(refused.result);
    expect([said.includes(KEY.slice(0, 9)), said.includes(KEY.slice(9))]).toEqual([false, false]);
    expect(await readdir(root)).not.toContain(layout === "subject" ? "topics" : "aws.md");
    expect((await store.list()).map((row) => row.path)).toEqual([]);
  });
});
