import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { filesOf, indexedAndWhole } from "../../test/fixtures/indexed-and-whole.js";
import { forgetOpenRecallIndexes } from "../recall/index.js";
import { MemoryStore, type StoreLayout } from "../store/index.js";
import { createMemoryToolHandlers } from "./memory-tool-handlers.js";

// The memory tool's create / str_replace / insert read the files the recall index names for
// their checks (decision 0103): each command's outcome and every file after it equal those of
// the same command on a copy without a stored index, in both layouts.
const NOW = new Date("2026-12-01T12:00:00Z");

type Command = Anthropic.Beta.BetaMemoryTool20250818Command;

function subjectFile(name: string, description: string, lines: string[]): string {
  return `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\nupdated: 2026/09/01\n---\n${lines.join("\n")}\n`;
}

function factFile(name: string, description: string, body: string): string {
  return `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\ntype: user\nupdated: 2026/09/01\n---\n${body}\n`;
}

// Each layout's folder, and what a person changed after the recall index was stored (`null`: a
// file deleted): only an index brought up to the files' stamps knows those.
const FOLDERS: Record<
  StoreLayout,
  { files: Record<string, string>; later: Record<string, string | null> }
> = {
  subject: {
    files: {
      "topics/hosting.md": subjectFile("hosting", "Notes on hosting.", [
        "[stated 2026/09/03] deploys on Fly.io",
      ]),
      "topics/editor.md": subjectFile("editor", "Notes on editor.", [
        "[stated 2026/09/04] uses Neovim as the main editor",
      ]),
      "topics/garden.md": subjectFile("garden", "Notes on garden.", [
        "[stated 2026/09/05] grows tomatoes on the balcony",
      ]),
      "people/bob.md": subjectFile("bob", "Bob (Robert Chen), the user's manager.", [
        "[stated 2026/09/09] runs the Monday review",
      ]),
    },
    later: {
      "topics/dog.md": subjectFile("dog", "Notes on dog.", [
        "[stated 2026/11/20] walks the dog at seven",
      ]),
      "topics/hosting.md": subjectFile("hosting", "Notes on hosting.", [
        "[stated 2026/09/03] deploys on Fly.io",
        "[stated 2026/11/21] pays for the Hetzner box yearly",
      ]),
      "people/rob.md": subjectFile("rob", "Rob (Robin Hart), the user's neighbour.", [
        "[stated 2026/11/20] waters the plants in August",
      ]),
    },
  },
  fact: {
    files: {
      "deploy-host.md": factFile("deploy host", "Where the user deploys.", "Deploys on Fly.io"),
      "editor.md": factFile("editor", "The user's editor.", "uses Neovim as the main editor"),
      "garden.md": factFile("garden", "The user's garden.", "grows tomatoes on the balcony"),
      "pets.md": factFile("pets", "Rex (the user's dog) and his habits.", "has a beagle"),
    },
    later: {
      "dog.md": factFile("dog", "The user's dog.", "walks the dog at seven"),
      "plants.md": factFile("plants", "Fern (the user's plant).", "waters the fern weekly"),
    },
  },
};

type Case = { name: string; command: Record<StoreLayout, Command> };

const created = (layout: StoreLayout, name: string, line: string): string =>
  layout === "subject"
    ? `---\nname: ${name}\ndescription: "Notes on ${name}."\n---\n- ${line}\n`
    : `---\nname: ${name}\ndescription: "The user's ${name}."\ntype: user\n---\n${line}\n`;

const create = (name: string, line: string, paths: Record<StoreLayout, string>) =>
  ({
    subject: {
      command: "create",
      path: `/memories/${paths.subject}`,
      file_text: created("subject", name, line),
    },
    fact: {
      command: "create",
      path: `/memories/${paths.fact}`,
      file_text: created("fact", name, line),
    },
  }) as Record<StoreLayout, Command>;

const CASES: Case[] = [
  {
    name: "a create with another file's fact",
    command: create("deploys", "deploys on fly.io", {
      subject: "topics/deploys.md",
      fact: "deploys.md",
    }),
  },
  {
    name: "a create with the fact of a file a person added later",
    command: create("evening", "walks the dog at seven", {
      subject: "topics/evening.md",
      fact: "evening.md",
    }),
  },
  {
    name: "a clean create",
    command: create("chess", "plays chess on Sundays", {
      subject: "topics/chess.md",
      fact: "chess.md",
    }),
  },
  {
    name: "a create whose subject a description keeps",
    command: create("rex", "Rex is afraid of thunder", {
      subject: "people/robert-chen.md",
      fact: "rex.md",
    }),
  },
  {
    name: "a create whose subject a file a person added later keeps",
    command: create("robin", "Robin is afraid of thunder", {
      subject: "people/robin-hart.md",
      fact: "fern.md",
    }),
  },
  {
    name: "a str_replace with another file's fact",
    command: {
      subject: {
        command: "str_replace",
        path: "/memories/topics/garden.md",
        old_str: "grows tomatoes on the balcony",
        new_str: "deploys on Fly.io",
      },
      fact: {
        command: "str_replace",
        path: "/memories/garden.md",
        old_str: "grows tomatoes on the balcony",
        new_str: "Deploys on Fly.io",
      },
    },
  },
  {
    name: "a str_replace with the fact of a line a person added later",
    command: {
      subject: {
        command: "str_replace",
        path: "/memories/topics/garden.md",
        old_str: "grows tomatoes on the balcony",
        new_str: "pays for the Hetzner box yearly",
      },
      fact: {
        command: "str_replace",
        path: "/memories/garden.md",
        old_str: "grows tomatoes on the balcony",
        new_str: "walks the dog at seven",
      },
    },
  },
  {
    name: "an insert of another file's fact",
    command: {
      subject: {
        command: "insert",
        path: "/memories/topics/editor.md",
        insert_line: 6,
        insert_text: "deploys on Fly.io\n",
      },
      fact: {
        command: "insert",
        path: "/memories/editor.md",
        insert_line: 7,
        insert_text: "Deploys on Fly.io\n",
      },
    },
  },
  {
    name: "a clean insert",
    command: {
      subject: {
        command: "insert",
        path: "/memories/topics/editor.md",
        insert_line: 6,
        insert_text: "uses Helix for notes\n",
      },
      fact: {
        command: "insert",
        path: "/memories/editor.md",
        insert_line: 7,
        insert_text: "uses Helix for notes\n",
      },
    },
  },
];

// Counts the listings of every file (`list()` of a fresh store parses every header).
class WholeReadCount extends MemoryStore {
  wholeReads = 0;
  override list() {
    this.wholeReads += 1;
    return super.list();
  }
  override readAll() {
    this.wholeReads += 1;
    return super.readAll();
  }
}

describe("the memory tool's writes read the files the recall index names", () => {
  it.each(
    (["subject", "fact"] as StoreLayout[]).flatMap((layout) =>
      CASES.map((row) => ({ ...row, layout, label: `${layout}: ${row.name}` })),
    ),
  )("$label", async ({ command, layout }) => {
    const { indexed, whole } = await indexedAndWhole({ ...FOLDERS[layout], layout });
    const outcome = async (root: string) => {
      forgetOpenRecallIndexes();
      const store = new WholeReadCount({ root, layout });
      const handlers = createMemoryToolHandlers({ store, now: NOW });
      const given = command[layout];
      const run = handlers[given.command] as (input: Command) => Promise<unknown>;
      const result = await run(given).then(
        (reply) => ({ reply }),
        (error: unknown) => ({ error: String(error) }),
      );
      return { result, files: await filesOf(root), wholeReads: store.wholeReads };
    };
    const fromIndex = await outcome(indexed);
    const fromWholeRead = await outcome(whole);
    expect(fromIndex.result).toEqual(fromWholeRead.result);
    expect(fromIndex.files).toEqual(fromWholeRead.files);
    expect(fromWholeRead.wholeReads).toBeGreaterThan(0);
    expect(fromIndex.wholeReads).toBe(0);
  });
});
