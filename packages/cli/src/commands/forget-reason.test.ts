import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextIn } from "../../test/command-context.js";
import { runMemfiles } from "../run-memfiles.js";

async function factFolder(): Promise<string> {
  const cwd = await mkdtemp(join(tmpdir(), "memfiles-forget-"));
  await mkdir(join(cwd, ".memory"));
  await writeFile(
    join(cwd, ".memory/trip.md"),
    "---\nname: Trip\ndescription: The user's next trip.\ntype: user\n---\nFlies to Lisbon in May, then takes the train on to Berlin and Prague.\n",
  );
  return cwd;
}

describe("forget on a fact folder says why a file that holds the words stays", () => {
  it("prints the library's reason, exit 1, nothing removed", async () => {
    const cwd = await factFolder();
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["forget", ".memory", "Berlin", "--yes"], context)).toBe(1);
    expect(output.stdout).toBe(
      'Nothing removed for "Berlin":\n  trip.md: only mentioned in the body of "Trip", a fact about something else; forget it by that name, or quote the fact, to delete the file\nA tombstone (hashes only) keeps the query\'s words out of recall and the write pass; remember lifts it.\n',
    );
  });

  it("--json carries the reasons too", async () => {
    const cwd = await factFolder();
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["forget", ".memory", "Berlin", "--json"], context)).toBe(1);
    expect(JSON.parse(output.stdout)).toEqual({
      code: "nothing_matched",
      preview: [],
      tombstone: true,
      notRemoved: [
        {
          path: "trip.md",
          line: "Flies to Lisbon in May, then takes the train on to Berlin and Prague.",
          reason:
            'only mentioned in the body of "Trip", a fact about something else; forget it by that name, or quote the fact, to delete the file',
        },
      ],
    });
  });

  it("lists what it keeps beside what it removes: `fly` deletes fly.md, keeps a mention of flying", async () => {
    const cwd = await factFolder();
    await writeFile(
      join(cwd, ".memory/fly.md"),
      "---\nname: fly\ndescription: Likes to fly.\ntype: user\n---\nLikes to fly small planes.\n",
    );
    await writeFile(
      join(cwd, ".memory/tokyo.md"),
      "---\nname: tokyo trip\ndescription: Trip to Tokyo.\ntype: user\n---\nFlying to Tokyo in March.\n",
    );
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["forget", ".memory", "fly", "--yes"], context)).toBe(0);
    expect(output.stdout).toBe(
      'To remove (1):\n  fly.md: Likes to fly small planes.\nAlso to delete (nothing else is left in it) (1):\n  fly.md\nKept (2):\n  tokyo.md: only mentioned in the body of "tokyo trip", a fact about something else; forget it by that name, or quote the fact, to delete the file\n  trip.md: only mentioned in the body of "Trip", a fact about something else; forget it by that name, or quote the fact, to delete the file\nRemoved 1 line(s); a tombstone keeps them from coming back.\n',
    );
  });

  it("says which file goes, and keeps a subject file whose description a person wrote", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-forget-"));
    await mkdir(join(cwd, "memory/topics"), { recursive: true });
    const pets =
      "---\nname: pets\ndescription: Meine Haustiere, von Hand beschrieben: Katze Mia, Hund Bello, Schildkröte Tom\nupdated: 2026/01/01\n---\n[stated 2026/01/01] The user has a cat named Mia\n";
    await writeFile(join(cwd, "memory/topics/pets.md"), pets);
    await writeFile(
      join(cwd, "memory/topics/cats.md"),
      "---\nname: cats\ndescription: What the user stated about cats. Read for any question about cats.\nupdated: 2026/01/01\n---\n[stated 2026/01/01] The user feeds the cat Mia at seven\n",
    );
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["forget", "memory", "cat", "Mia", "--yes"], context)).toBe(0);
    expect(output.stdout).toBe(
      "To remove (2):\n  topics/cats.md: [stated 2026/01/01] The user feeds the cat Mia at seven\n  topics/pets.md: [stated 2026/01/01] The user has a cat named Mia\nAlso to delete (nothing else is left in it) (1):\n  topics/cats.md\nRemoved 2 line(s); a tombstone keeps them from coming back.\n",
    );
    expect(existsSync(join(cwd, "memory/topics/cats.md"))).toBe(false);
    expect(await readFile(join(cwd, "memory/topics/pets.md"), "utf8")).toContain(
      "Hund Bello, Schildkröte Tom",
    );
  });

  it("names a Latin-1 file once, however many of its lines match", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-forget-"));
    await mkdir(join(cwd, "memory/topics"), { recursive: true });
    await writeFile(
      join(cwd, "memory/topics/cafe.md"),
      Buffer.from(
        "---\nname: cafe\ndescription: caf\xe9 notes\n---\n[stated 2026/01/01] likes caf\xe9 cr\xe8me\n",
        "latin1",
      ),
    );
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["forget", "memory", "café", "--yes"], context)).toBe(1);
    expect(output.stdout).toBe(
      'Nothing removed for "café":\n  topics/cafe.md: it is not valid UTF-8 text. Save it as UTF-8 (or UTF-16 with a byte order mark) in your editor, then forget again\nA tombstone (hashes only) keeps the query\'s words out of recall and the write pass; remember lifts it.\n',
    );
  });

  it("names a file it cannot parse once, by its path, before the library's reason", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-forget-"));
    await mkdir(join(cwd, "memory/topics"), { recursive: true });
    await writeFile(
      join(cwd, "memory/topics/trip.md"),
      "---js\nname: trip\n---\n[stated 2026/01/01] flies to Lisbon\n",
    );
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["forget", "memory", "Lisbon", "--yes"], context)).toBe(1);
    expect(output.stdout).toBe(
      'Nothing removed for "Lisbon":\n  topics/trip.md: Refused to read the memory file: its front matter is marked "js", and only YAML front matter is read (other languages can run code, CVE-2022-25863). Replace the first line with "---".\nA tombstone (hashes only) keeps the query\'s words out of recall and the write pass; remember lifts it.\n',
    );
  });
});

describe("forget says why a query can match nothing", () => {
  it.each([
    [
      "only an emoji (new-user trial: search finds the line, forget cannot)",
      "🍣",
      '"🍣": The query holds no word forget can match: it compares words of letters or digits, not emoji, signs, words such as "the" and "my", nor the words of a request such as "forget", "please" and "memory". Nothing was removed; search the memory for the line and forget a few of its words. (`memfiles search` finds it.)\n',
    ],
    [
      'a request in German (new-user trial: the suggested search kept "vergiss, dass")',
      "vergiss, dass ich gern segle",
      'Nothing matches "vergiss, dass ich gern segle": forget removes the lines that hold every word of the query as whole words (memfiles search also finds parts of words, so it may show more). See the candidates with memfiles search segle.\nA tombstone (hashes only) keeps the query\'s words out of recall and the write pass; remember lifts it.\n',
    ],
    [
      "a query over the limit",
      "tea ".repeat(400).trim(),
      `Nothing removed: the query "${"tea ".repeat(40).slice(0, 160)}…" (1599 chars) is over 1000 chars; forget matches no line with it. Name the fact in a few of its words, e.g. "where I deploy".\n`,
    ],
  ])("%s, exit 1", async (_name, query, said) => {
    const cwd = await mkdtemp(join(tmpdir(), "memfiles-forget-"));
    await mkdir(join(cwd, "memory"));
    await writeFile(
      join(cwd, "memory/profile.md"),
      "---\nname: profile\ndescription: Who.\n---\n[stated 2026/09/01] loves 🍣 and green tea\n",
    );
    const { context, output } = contextIn(cwd);
    expect(await runMemfiles(["forget", "memory", query, "--yes"], context)).toBe(1);
    expect(output.stdout).toBe(said);
  });
});
