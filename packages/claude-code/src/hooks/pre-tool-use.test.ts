import { mkdir, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { detectLayout, forget, MemoryStore } from "@memfiles/core";
import { forgetOpenRecallIndexes, openRecallIndex } from "@memfiles/core/internal";
import { describe, expect, it } from "vitest";
import { factFile, hookFolders, hookInput } from "../../test/memory-folder.js";
import { runHook } from "../run-hook.js";

type Case = {
  name: string;
  tool: string;
  input: (root: string) => Record<string, unknown>;
  /** `undefined`: no answer (allowed, or not memfiles' to judge); else the deny reason's words. */
  denied?: RegExp;
  /** Files written into the memory folder before the edit. */
  files?: Record<string, string>;
};

// The folder's recall index built and stored, as a prompt hook leaves it; this process's copy
// dropped, so the hook reads the stored one as its own process would.
async function storeRecallIndex(root: string): Promise<void> {
  const store = new MemoryStore({ root, layout: detectLayout(root) });
  await openRecallIndex(store);
  forgetOpenRecallIndexes();
}

const KEY = "AKIAIOSFODNN7EXAMPLE and wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

/** A fact file as Claude Code's system prompt tells the model to write it. */
const claudeCodeFact = (name: string, description: string, body: string) =>
  `---\nname: ${name}\ndescription: ${description}\nmetadata:\n  type: user\n---\n\n${body}\n`;

const CASES: Case[] = [
  {
    name: "Write of a new fact file",
    tool: "Write",
    input: (root) => ({
      file_path: join(root, "editor.md"),
      content: factFile("Editor", "The user's editor", "The user edits in Helix."),
    }),
  },
  {
    name: "Write of a new file holding another file's fact (duplicate)",
    tool: "Write",
    input: (root) => ({
      file_path: join(root, "diet-2.md"),
      content: factFile("Eating", "What the user eats", "The user is vegetarian."),
    }),
    denied: /diet\.md already holds this fact/,
  },
  {
    name: "Write of a new file on another file's subject (same subject)",
    tool: "Write",
    input: (root) => ({
      file_path: join(root, "diet-2.md"),
      content: factFile("Diet", "The user's diet", "The user eats no fish."),
    }),
    denied: /diet\.md/,
  },
  {
    name: "Write of a secret into a new file",
    tool: "Write",
    input: (root) => ({
      file_path: join(root, "aws.md"),
      content: factFile("AWS", "keys", `The key is ${KEY}`),
    }),
    denied: /^Refused the create of \/\S+\/memory\/aws\.md: it holds a secret/,
  },
  {
    name: "Write over a file with a secret",
    tool: "Write",
    input: (root) => ({
      file_path: join(root, "diet.md"),
      content: factFile("Diet", "The user's diet", `Password is hunter2-${KEY}`),
    }),
    denied: /secret/,
  },
  {
    name: "Edit adding a secret",
    tool: "Edit",
    input: (root) => ({
      file_path: join(root, "diet.md"),
      old_string: "vegetarian.",
      new_string: `vegetarian. Token ${KEY}`,
    }),
    denied: /secret/,
  },
  {
    name: "Edit changing a fact",
    tool: "Edit",
    input: (root) => ({
      file_path: join(root, "diet.md"),
      old_string: "vegetarian",
      new_string: "vegan",
    }),
  },
  {
    name: "Edit adding the denial of a line beside it (updates_kept_line)",
    tool: "Edit",
    input: (root) => ({
      file_path: join(root, "diet.md"),
      old_string: "vegetarian.",
      new_string: "vegetarian.\nThe user is not vegetarian.",
    }),
    denied:
      /^Refused the str_replace of \/\S+\/memory\/diet\.md: its line "The user is not vegetarian\." updates "The user is vegetarian\.", another line of \/\S+\/memory\/diet\.md/,
  },
  {
    name: "MultiEdit whose second edit adds a secret",
    tool: "MultiEdit",
    input: (root) => ({
      file_path: join(root, "diet.md"),
      edits: [
        { old_string: "vegetarian", new_string: "vegan" },
        { old_string: "vegan.", new_string: `vegan. ${KEY}` },
      ],
    }),
    denied: /secret/,
  },
  {
    name: "Write of a fact with a relative time (the memory tool writes the day it means)",
    tool: "Write",
    input: (root) => ({
      file_path: join(root, "home-city.md"),
      content: factFile("Home city", "Where the user lives", "The user moved to Berlin yesterday."),
    }),
    denied:
      /^Refused the edit of \/\S+\/home-city\.md: memory keeps the day a relative time means \(today is \d{4}\/\d{2}\/\d{2}\).* Write "on \d{4}\/\d{2}\/\d{2}" for "yesterday"/,
  },
  {
    name: "Edit adding a relative time",
    tool: "Edit",
    input: (root) => ({
      file_path: join(root, "diet.md"),
      old_string: "vegetarian.",
      new_string: "vegetarian, vegan from tomorrow.",
    }),
    denied: /Write "\d{4}\/\d{2}\/\d{2}" for "tomorrow"/,
  },
  {
    name: "Write of a fact with an absolute date",
    tool: "Write",
    input: (root) => ({
      file_path: join(root, "home-city.md"),
      content: factFile(
        "Home city",
        "Where the user lives",
        "The user moved to Berlin on 2026/11/19.",
      ),
    }),
  },
  {
    name: "Write at a path the fact layout refuses (not a slug)",
    tool: "Write",
    input: (root) => ({
      file_path: join(root, "user_role.md"),
      content: factFile("User role", "The user's role", "The user is a data engineer."),
    }),
    denied: /user_role\.md/,
  },
  {
    name: "Write of a .txt file (the fact layout's rule, its example path in this folder)",
    tool: "Write",
    input: (root) => ({ file_path: join(root, "tea.txt"), content: "The user drinks tea.\n" }),
    denied:
      /^Refused the create of \/\S+\/memory\/tea\.txt: it is not a memory file: those end in "\.md", and this memory keeps one fact per file, .* such as "\/\S+\/memory\/deploy-host\.md"\./,
  },
  {
    name: "Write of a fact file without front matter (read leniently, as the memory tool's create)",
    tool: "Write",
    input: (root) => ({ file_path: join(root, "notes.md"), content: "The user prefers tabs.\n" }),
  },
  {
    name: "Write into .memfiles/",
    tool: "Write",
    input: (root) => ({ file_path: join(root, ".memfiles/tombstones.json"), content: "[]" }),
    denied: /\.memfiles\/ holds memfiles' own state/,
  },
  {
    name: "Write of a secret into MEMORY.md",
    tool: "Write",
    input: (root) => ({ file_path: join(root, "MEMORY.md"), content: `- [AWS](aws.md) ${KEY}\n` }),
    denied: /MEMORY\.md: it holds what looks like a secret/,
  },
  {
    name: "Write of an index line into MEMORY.md",
    tool: "Write",
    input: (root) => ({
      file_path: join(root, "MEMORY.md"),
      content: "- [Diet](diet.md) — the user's diet\n",
    }),
  },
  {
    name: "Write outside the memory folder",
    tool: "Write",
    input: (root) => ({ file_path: join(root, "..", "project", "keys.md"), content: KEY }),
  },
  {
    name: "Edit whose old string is not in the file",
    tool: "Edit",
    input: (root) => ({
      file_path: join(root, "diet.md"),
      old_string: "pescatarian",
      new_string: KEY,
    }),
    denied:
      /^Refused the edit of \/\S+\/diet\.md: an old_string is not in the file as written\. .*Read the file/,
  },
  {
    name: "Edit whose old string has other quote marks than the file (Claude Code's Edit matches them)",
    tool: "Edit",
    files: {
      "quote.md": factFile("Quote", "A quote", "The user\u2019s motto is \u201Cship it\u201D."),
    },
    input: (root) => ({
      file_path: join(root, "quote.md"),
      old_string: 'The user\'s motto is "ship it".',
      new_string: `The user's motto is ${KEY}.`,
    }),
    denied: /an old_string is not in the file as written/,
  },
  {
    name: "Edit of a missing file with an old string",
    tool: "Edit",
    input: (root) => ({ file_path: join(root, "nope.md"), old_string: "x", new_string: KEY }),
    denied: /the file does not exist, so only an old_string of "" \(a new file\) applies/,
  },
  {
    name: "Edit across lines of a CRLF file (Claude Code matches it with \\n)",
    tool: "Edit",
    files: {
      "tea.md": factFile(
        "Tea",
        "Tea",
        "The user likes green tea.\nThe user drinks no coffee.",
      ).replace(/\n/g, "\r\n"),
    },
    input: (root) => ({
      file_path: join(root, "tea.md"),
      old_string: "green tea.\nThe user",
      new_string: `green tea. ${KEY}\nThe user`,
    }),
    denied: /secret/,
  },
  {
    name: "Write over a fact in Claude Code's own front matter (checked as the fact made anew)",
    tool: "Write",
    input: (root) => ({
      file_path: join(root, "diet.md"),
      content: claudeCodeFact("diet", "The user's diet.", "The user is vegan."),
    }),
  },
  {
    name: "Write over a fact in Claude Code's front matter with a secret",
    tool: "Write",
    input: (root) => ({
      file_path: join(root, "diet.md"),
      content: claudeCodeFact("diet", "The user's diet.", `The user is vegan. ${KEY}`),
    }),
    denied: /^Refused the create of \/\S+\/memory\/diet\.md: it holds a secret/,
  },
  {
    name: "Write over a fact in Claude Code's front matter with a relative time",
    tool: "Write",
    input: (root) => ({
      file_path: join(root, "diet.md"),
      content: claudeCodeFact("diet", "The user's diet.", "The user went vegan yesterday."),
    }),
    denied: /Write "on \d{4}\/\d{2}\/\d{2}" for "yesterday"/,
  },
  {
    name: "Write over a fact in Claude Code's front matter with a secret in its description",
    tool: "Write",
    input: (root) => ({
      file_path: join(root, "diet.md"),
      content: claudeCodeFact("diet", `Diet ${KEY}`, "The user is vegan."),
    }),
    denied: /secret/,
  },
  {
    name: "Write over a fact keeping memfiles' front matter but for updated:",
    tool: "Write",
    input: (root) => ({
      file_path: join(root, "diet.md"),
      content:
        "---\nname: Diet\ndescription: The user's diet\ntype: user\n---\nThe user is vegan.\n",
    }),
  },
  {
    name: "Edit of a fact's description line",
    tool: "Edit",
    input: (root) => ({
      file_path: join(root, "diet.md"),
      old_string: "description: The user's diet",
      new_string: "description: What the user eats",
    }),
  },
  {
    name: "Edit putting a secret into a fact's description line",
    tool: "Edit",
    input: (root) => ({
      file_path: join(root, "diet.md"),
      old_string: "description: The user's diet",
      new_string: `description: ${KEY}`,
    }),
    denied: /secret/,
  },
  {
    name: "Edit with an empty old string creating a file (Claude Code writes the new string)",
    tool: "Edit",
    input: (root) => ({
      file_path: join(root, "editor.md"),
      old_string: "",
      new_string: factFile("Editor", "The user's editor", "The user edits in Helix."),
    }),
  },
  {
    name: "Edit with an empty old string creating a file with a secret",
    tool: "Edit",
    input: (root) => ({
      file_path: join(root, "deploy-token.md"),
      old_string: "",
      new_string: factFile("Deploy token", "token", `The deploy token is ${KEY}`),
    }),
    denied: /^Refused the create of \/\S+\/memory\/deploy-token\.md: it holds a secret/,
  },
  {
    name: "Edit with an empty old string filling a blank file with a secret",
    tool: "Edit",
    files: { "notes.md": "\n" },
    input: (root) => ({
      file_path: join(root, "notes.md"),
      old_string: "",
      new_string: factFile("Notes", "notes", `The key is ${KEY}`),
    }),
    denied: /^Refused the create of \/\S+\/memory\/notes\.md: it holds a secret/,
  },
  {
    name: "Write of a secret over a blank file",
    tool: "Write",
    files: { "notes.md": "" },
    input: (root) => ({
      file_path: join(root, "notes.md"),
      content: factFile("Notes", "notes", `The key is ${KEY}`),
    }),
    denied: /^Refused the create of \/\S+\/memory\/notes\.md: it holds a secret/,
  },
  {
    name: "Edit with an empty old string creating a file at a path the fact layout refuses",
    tool: "Edit",
    input: (root) => ({
      file_path: join(root, "user_role.md"),
      old_string: "",
      new_string: factFile("User role", "The user's role", "The user is a data engineer."),
    }),
    denied: /user_role\.md/,
  },
  {
    name: "Edit with an empty old string creating a .txt file",
    tool: "Edit",
    input: (root) => ({ file_path: join(root, "tea.txt"), old_string: "", new_string: "Tea.\n" }),
    denied: /^Refused the create of \/\S+\/memory\/tea\.txt: it is not a memory file/,
  },
  {
    name: "Edit with an empty old string creating MEMORY.md with a secret",
    tool: "Edit",
    files: { "MEMORY.md": "" },
    input: (root) => ({
      file_path: join(root, "MEMORY.md"),
      old_string: "",
      new_string: `- [AWS](aws.md) ${KEY}\n`,
    }),
    denied: /MEMORY\.md: it holds what looks like a secret/,
  },
  {
    name: "MultiEdit whose first edit has an empty old string, creating a file with a secret",
    tool: "MultiEdit",
    input: (root) => ({
      file_path: join(root, "aws.md"),
      edits: [
        { old_string: "", new_string: factFile("AWS", "keys", "The key is KEY.") },
        { old_string: "KEY.", new_string: `${KEY}.` },
      ],
    }),
    denied: /secret/,
  },
  {
    name: "another tool",
    tool: "Bash",
    input: (root) => ({ command: `echo ${KEY} > ${join(root, "x.md")}` }),
  },
];

// Each case on a folder without a recall index (every check reads the folder whole) and with one
// stored (the checks it answers read the files it names, decision 0128): the same verdict.
const FOLDERS = [
  { folder: "no recall index", indexed: false },
  { folder: "a stored recall index", indexed: true },
] as const;

describe("PreToolUse: Claude Code's edits of the memory folder go through the check pipeline", () => {
  it.each(CASES.flatMap((one) => FOLDERS.map((folder) => ({ ...one, ...folder }))))(
    "$name ($folder)",
    async ({ tool, input, denied, files = {}, indexed }) => {
      const { cwd, root } = await hookFolders();
      for (const [name, content] of Object.entries(files))
        await writeFile(join(root, name), content);
      if (indexed) await storeRecallIndex(root);
      const before = (await readdir(root)).filter((name) => name !== ".memfiles");
      const diet = await readFile(join(root, "diet.md"), "utf8");
      const stdin = hookInput(cwd, {
        hook_event_name: "PreToolUse",
        tool_name: tool,
        tool_input: input(root),
      });
      const { stdout } = await runHook({ event: "pre-tool-use", stdin, root });
      if (denied === undefined) {
        expect(stdout).toBe("");
      } else {
        const output = JSON.parse(stdout);
        expect(output.hookSpecificOutput).toEqual({
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: expect.stringMatching(denied),
        });
        // The reason never repeats the secret.
        expect(stdout).not.toContain("AKIAIOSFODNN7EXAMPLE");
        // It names files as Claude Code knows them, not by the memory tool's /memories/ paths.
        expect(stdout).not.toContain("/memories/");
      }
      // The check writes nothing: Claude Code makes the edit itself once allowed.
      expect((await readdir(root)).filter((name) => name !== ".memfiles")).toEqual(before);
      expect(await readFile(join(root, "diet.md"), "utf8")).toBe(diet);
    },
  );

  it.each(FOLDERS)(
    "denies bringing back a forgotten fact (tombstones, $folder)",
    async ({ indexed }) => {
      const { cwd, root } = await hookFolders();
      await forget({ store: new MemoryStore({ root, layout: "fact" }), query: "Fly.io deploys" });
      if (indexed) await storeRecallIndex(root);
      const content = factFile(
        "Deploy host",
        "Where the user deploys apps",
        "The user deploys everything on Fly.io.",
      );
      const stdin = hookInput(cwd, {
        tool_name: "Write",
        tool_input: { file_path: join(root, "deploy-host.md"), content },
      });
      const { stdout } = await runHook({ event: "pre-tool-use", stdin, root });
      expect(JSON.parse(stdout).hookSpecificOutput.permissionDecisionReason).toMatch(
        /the user asked on .* to forget it/,
      );
      // Nor as a Write over another fact in Claude Code's own front matter.
      const over = hookInput(cwd, {
        tool_name: "Write",
        tool_input: {
          file_path: join(root, "diet.md"),
          content: claudeCodeFact(
            "diet",
            "The user's diet.",
            "The user deploys everything on Fly.io.",
          ),
        },
      });
      const replaced = await runHook({ event: "pre-tool-use", stdin: over, root });
      expect(JSON.parse(replaced.stdout).hookSpecificOutput.permissionDecisionReason).toMatch(
        /the user asked on .* to forget it/,
      );
    },
  );

  describe("a path through a symbolic link into the memory folder is inside it", () => {
    const secretWrite = (filePath: string) => ({
      tool_name: "Write",
      tool_input: {
        file_path: filePath,
        content: factFile("Diet", "The user's diet", `The user is vegetarian. ${KEY}`),
      },
    });
    const denies = async (cwd: string, root: string, filePath: string) => {
      const { stdout } = await runHook({
        event: "pre-tool-use",
        stdin: hookInput(cwd, secretWrite(filePath)),
        root,
      });
      expect(stdout).not.toBe("");
      expect(JSON.parse(stdout).hookSpecificOutput.permissionDecisionReason).toMatch(/secret/);
    };

    it("a new file under a linked folder", async () => {
      const { cwd, root } = await hookFolders();
      await symlink(root, join(cwd, "notes"));
      await denies(cwd, root, join(cwd, "notes", "creds2.md"));
    });

    it("a linked file, existing or dangling", async () => {
      const { cwd, root } = await hookFolders();
      await symlink(join(root, "diet.md"), join(cwd, "diet-link.md"));
      await symlink(join(root, "new.md"), join(cwd, "new-link.md"));
      await denies(cwd, root, join(cwd, "diet-link.md"));
      await denies(cwd, root, join(cwd, "new-link.md"));
    });

    it("the memory root given through a link", async () => {
      const { cwd, root } = await hookFolders();
      await symlink(root, join(cwd, "memory"));
      await denies(cwd, join(cwd, "memory"), join(root, "creds.md"));
    });
  });

  it('a refused path in the subject layout quotes the rule\'s ".md" as written', async () => {
    const { cwd, root } = await hookFolders();
    for (const name of ["deploy-host.md", "diet.md"]) await rm(join(root, name));
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(
      join(root, "profile.md"),
      "---\nname: profile\ndescription: Who.\n---\n[stated 2026/09/12] is Ana\n",
    );
    const stdin = hookInput(cwd, {
      tool_name: "Write",
      tool_input: { file_path: join(root, "notes", "Big Notes.md"), content: "hello\n" },
    });
    const { stdout } = await runHook({ event: "pre-tool-use", stdin, root });
    const reason: string = JSON.parse(stdout).hookSpecificOutput.permissionDecisionReason;
    expect(reason).toContain(
      `Use ${join(root, "profile.md")}, ${join(root, "preferences.md")}, or ${join(root, "topics")}/, ${join(root, "projects")}/ or ${join(root, "people")}/ plus one kebab-case name ending in ".md", such as "${join(root, "topics", "home-cooking.md")}".`,
    );
  });

  // The project rule's own explanation, as `remember` gives it: the file of the project to use.
  it("a project file the project rule does not name is refused naming the file to use", async () => {
    const { cwd, root } = await hookFolders();
    for (const name of ["deploy-host.md", "diet.md"]) await rm(join(root, name));
    await writeFile(
      join(root, "profile.md"),
      "---\nname: profile\ndescription: Who.\n---\n[stated 2026/09/12] is Ana\n",
    );
    const stdin = hookInput(cwd, {
      tool_name: "Write",
      tool_input: { file_path: join(root, "projects", "my_app.md"), content: "hello\n" },
    });
    const { stdout } = await runHook({ event: "pre-tool-use", stdin, root });
    const reason: string = JSON.parse(stdout).hookSpecificOutput.permissionDecisionReason;
    expect(reason).toContain(
      `so "my_app" is not one: use "${join(root, "projects", "my-app.md")}".`,
    );
  });

  describe.each(["fact", "subject"] as const)(
    "a whole-file Write that changes the front matter (%s layout)",
    (layout) => {
      const file = layout === "fact" ? "diet.md" : "topics/drinks.md";
      const body =
        layout === "fact"
          ? "The user is vegan."
          : "[stated 2026/09/12] likes green tea\n[stated 2026/09/12] drinks no coffee";
      it.each(
        [
          { name: "allowed", extra: "", denied: undefined },
          { name: "a secret denied", extra: ` ${KEY}`, denied: /secret/ },
        ].flatMap((one) => FOLDERS.map((folder) => ({ ...one, ...folder }))),
      )("is checked as the file made anew: $name ($folder)", async ({ extra, denied, indexed }) => {
        const { cwd, root } = await hookFolders();
        if (layout === "subject") {
          for (const name of ["deploy-host.md", "diet.md"]) await rm(join(root, name));
          await mkdir(join(root, "topics"), { recursive: true });
          await writeFile(
            join(root, file),
            `---\nname: drinks\ndescription: What the user drinks.\n---\n${body}\n`,
          );
          expect(await detectLayout(root)).toBe("subject");
        }
        if (indexed) await storeRecallIndex(root);
        const stdin = hookInput(cwd, {
          tool_name: "Write",
          tool_input: {
            file_path: join(root, file),
            content: claudeCodeFact("drinks", "What the user drinks.", `${body}${extra}`),
          },
        });
        const { stdout } = await runHook({ event: "pre-tool-use", stdin, root });
        if (denied === undefined) expect(stdout).toBe("");
        else expect(JSON.parse(stdout).hookSpecificOutput.permissionDecisionReason).toMatch(denied);
      });
    },
  );

  describe.each(["fact", "subject"] as const)("a CRLF memory file (%s layout)", (layout) => {
    const file = layout === "fact" ? "tea.md" : "topics/drinks.md";
    const content =
      layout === "fact"
        ? factFile("Tea", "What the user drinks", "The user likes green tea.")
        : "---\nname: drinks\ndescription: What the user drinks.\n---\n[stated 2026/09/12] likes green tea\n[stated 2026/09/12] drinks no coffee\n";

    it.each(
      ["\n", "\r\n"].flatMap((lineBreak) => FOLDERS.map((folder) => ({ lineBreak, ...folder }))),
    )(
      "is edited like an LF one (line break $lineBreak, $folder)",
      async ({ lineBreak, indexed }) => {
        const { cwd, root } = await hookFolders();
        if (layout === "subject") {
          for (const name of ["deploy-host.md", "diet.md"]) await rm(join(root, name));
          expect(await detectLayout(root)).toBe("subject");
          await mkdir(join(root, "topics"), { recursive: true });
        }
        await writeFile(join(root, file), content.replace(/\n/g, lineBreak));
        if (indexed) await storeRecallIndex(root);
        const edit = (newString: string) =>
          hookInput(cwd, {
            tool_name: "Edit",
            tool_input: {
              file_path: join(root, file),
              old_string: "likes green tea",
              new_string: newString,
            },
          });
        const allowed = await runHook({
          event: "pre-tool-use",
          stdin: edit("likes oolong tea"),
          root,
        });
        expect(allowed.stdout).toBe("");
        const denied = await runHook({
          event: "pre-tool-use",
          stdin: edit(`likes tea ${KEY}`),
          root,
        });
        expect(JSON.parse(denied.stdout).hookSpecificOutput.permissionDecisionReason).toMatch(
          /secret/,
        );
      },
    );
  });
});
