import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { settleWrittenFiles } from "@memfiles/core/test";
import { describe, expect, it, vi } from "vitest";
import { factFile, hookInput } from "../test/memory-folder.js";
import { runHook } from "./run-hook.js";

// A key as a hand-edited memory file may hold it (never written by memfiles: the write guard refuses it).
const KEY = `sk-ant-api03-${"Xq7Lm2Pz9Rt4Vw8Yb1Nc5Hd3Jf6Kg0Ls".repeat(3)}-AbCdEfAA`;

const subjectFile = (name: string, description: string, lines: string[]) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n${lines.join("\n")}\n`;

/** A folder of either layout where one deploy fact holds a key and another does not. */
async function folderWithKey(layout: "fact" | "subject"): Promise<{ cwd: string; root: string }> {
  const base = await mkdtemp(join(tmpdir(), "memfiles-claude-code-"));
  const cwd = join(base, "project");
  const root = join(base, "memory");
  await mkdir(cwd, { recursive: true });
  await mkdir(join(root, "topics"), { recursive: true });
  if (layout === "fact") {
    await writeFile(
      join(root, "deploy-host.md"),
      factFile("Deploy host", "Where the user deploys apps", "The user deploys the app on Fly.io."),
    );
    await writeFile(
      join(root, "deploy-key.md"),
      factFile("Deploy key", "The key the app deploys with", `The app deploys with ${KEY}`),
    );
  } else {
    await writeFile(
      join(root, "profile.md"),
      subjectFile("profile", "Who the user is.", [
        "[stated 2026/09/12] deploys the app on Fly.io",
        `[stated 2026/09/12] the app deploys with ${KEY}`,
      ]),
    );
    await writeFile(
      join(root, "topics", "deploy.md"),
      subjectFile("deploy", "How the user deploys the app.", [
        "[stated 2026/09/12] deploys the app from the main branch",
        `[stated 2026/09/12] the deploy key of the app is ${KEY}`,
      ]),
    );
  }
  return { cwd, root };
}

const hookLog = async (root: string) =>
  readFile(join(root, ".memfiles/claude-code/hook.log"), "utf8");

describe.each(["fact", "subject"] as const)(
  "hook output never carries a secret (%s layout)",
  (layout) => {
    it("UserPromptSubmit shows the unit holding a key as [redacted] and logs that it did", async () => {
      const { cwd, root } = await folderWithKey(layout);
      const stdin = hookInput(cwd, { prompt: "How does the app deploy? Which key?" });
      const { stdout } = await runHook({ event: "user-prompt-submit", stdin, root });
      expect(stdout).toContain("deploys the app");
      expect(stdout).toContain("[redacted]");
      expect(stdout).not.toContain("sk-ant-");
      const log = await hookLog(root);
      expect(log).toMatch(
        /"event":"user-prompt-submit".*showed 1 units? of memory .* as \[redacted\]/,
      );
      expect(log).not.toContain("sk-ant-");
    });

    it("SessionStart shows the text holding a key as [redacted] and logs that it did", async () => {
      const { cwd, root } = await folderWithKey(layout);
      await writeFile(
        join(root, "preferences.md"),
        layout === "fact"
          ? factFile("Preferences", "The user's preferences", `Likes tea. Key ${KEY}`, "feedback")
          : subjectFile("preferences", "The user's preferences.", [
              "[stated 2026/09/12] likes tea",
              `[stated 2026/09/12] key ${KEY}`,
            ]),
      );
      const { stdout } = await runHook({ event: "session-start", stdin: hookInput(cwd), root });
      expect(stdout).toContain("<memory>");
      expect(stdout).toContain("[redacted]");
      expect(stdout).not.toContain("sk-ant-");
      const log = await hookLog(root);
      expect(log).toMatch(/"event":"session-start".*showed \d+ texts of memory .* as \[redacted\]/);
      expect(log).not.toContain("sk-ant-");
    });

    it("SessionStart masks a key put by hand into a shown file after the index was stored", async () => {
      const { cwd, root } = await folderWithKey(layout);
      // The folder without its keys: only the hand edit below puts one in.
      for (const path of ["deploy-key.md", "profile.md", "topics/deploy.md"])
        await rm(join(root, path), { force: true });
      const host = layout === "fact" ? "deploy-host.md" : "topics/deploy.md";
      await writeFile(
        join(root, host),
        layout === "fact"
          ? factFile("Deploy host", "Where the user deploys apps", "The user deploys on Fly.io.")
          : subjectFile("deploy", "How the user deploys.", ["[stated 2026/09/12] uses Fly.io"]),
      );
      await runHook({ event: "session-start", stdin: hookInput(cwd), root });
      expect(await hookLog(root).catch(() => "")).not.toMatch(/left out|redacted/);
      // 3 s on: the files are settled, so the next start checks only the shown files' stamps.
      settleWrittenFiles();
      try {
        const text = await readFile(join(root, host), "utf8");
        await writeFile(
          join(root, host),
          text.replace(/^description: .*$/m, `description: ${KEY}`),
        );
        const { stdout } = await runHook({ event: "session-start", stdin: hookInput(cwd), root });
        expect(stdout).toContain("<memory>");
        expect(stdout).toContain("[redacted]");
        expect(stdout).not.toContain("sk-ant-");
        expect(await hookLog(root)).toMatch(
          /"event":"session-start".*showed \d+ texts of memory .* as \[redacted\]/,
        );
      } finally {
        vi.useRealTimers();
      }
    });
  },
);
