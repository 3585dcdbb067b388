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

// Key-shaped halves assembled at run time: the repository holds no literal secret.
const TOKEN = `${"ghp"}_${"Zq8vR2mK9xLp4TnW7yB3cD6fH1jA5sE0uGiO"}`;
const PASSWORD = ["Hunter2", "Rv8kQ2mZ"].join("");

/**
 * Folders where one file holds a secret (or a near miss) by hand and the others are clean, as a
 * person writes them (trial 10's folders): each layout, each prompt, what its recall must show.
 */
const BESIDE_CLEAN: Array<{
  name: string;
  files: Record<"fact" | "subject", Record<string, string>>;
  prompt: string;
  shown: string[];
  hidden: string[];
}> = [
  {
    name: "a password line beside clean files",
    files: {
      subject: {
        "topics/staging.md": subjectFile("staging", "Staging.", [
          "- The user deploys on Fly.io.",
          `- The user's staging password: ${PASSWORD}`,
        ]),
        "topics/server.md": subjectFile("server", "Server.", [
          "- The staging server runs Debian 12.",
        ]),
      },
      fact: {
        "staging.md": factFile("Staging", "Staging", `The staging password: ${PASSWORD}`),
        "server-os.md": factFile("Server OS", "Server OS", "The staging server runs Debian 12."),
      },
    },
    prompt: "What OS does the staging server run, and what is the staging password?",
    shown: ["Debian 12", "password: [redacted]"],
    hidden: [PASSWORD],
  },
  {
    name: "a near miss beside clean files",
    files: {
      subject: {
        "topics/bank.md": subjectFile("bank", "Bank.", [
          "- The user banks with N26.",
          "- Bank password: see the vault",
        ]),
        "topics/rent.md": subjectFile("rent", "Rent.", ["- The user pays rent on the 1st."]),
      },
      fact: {
        "bank.md": factFile(
          "Bank",
          "Bank",
          "The user banks with N26. Bank password: see the vault",
        ),
        "rent.md": factFile("Rent", "Rent", "The user pays rent on the 1st."),
      },
    },
    prompt: "Which bank do I use, and when do I pay rent?",
    shown: ["N26", "rent on the 1st"],
    hidden: [],
  },
  {
    name: "a token split over two lines",
    files: {
      subject: {
        "topics/keys.md": subjectFile("keys", "Keys.", [
          `- GitHub ${TOKEN.slice(0, 22)}`,
          TOKEN.slice(22),
          "- The user keeps keys for staging here.",
        ]),
      },
      fact: {
        "keys.md": factFile("Keys", "Keys", `GitHub ${TOKEN.slice(0, 22)}\n${TOKEN.slice(22)}`),
        "host.md": factFile("Host", "Host", "The staging GitHub org is acme."),
      },
    },
    prompt: "What is my GitHub token for staging?",
    shown: ["[redacted]"],
    hidden: [TOKEN.slice(0, 22), TOKEN.slice(22)],
  },
];

describe.each(["fact", "subject"] as const)(
  "UserPromptSubmit shows masked memory and never drops clean memory (%s layout)",
  (layout) => {
    it.each(BESIDE_CLEAN)("$name", async ({ files, prompt, shown, hidden }) => {
      const base = await mkdtemp(join(tmpdir(), "memfiles-claude-code-"));
      const cwd = join(base, "project");
      const root = join(base, "memory");
      await mkdir(cwd, { recursive: true });
      await mkdir(join(root, "topics"), { recursive: true });
      for (const [path, text] of Object.entries(files[layout])) {
        await writeFile(join(root, path), text);
      }
      const { stdout } = await runHook({
        event: "user-prompt-submit",
        stdin: hookInput(cwd, { prompt }),
        root,
      });
      for (const text of shown) expect(stdout).toContain(text);
      for (const text of hidden) expect(stdout).not.toContain(text);
      expect(await hookLog(root).catch(() => "")).not.toMatch(/left out/);
      await rm(base, { recursive: true, force: true });
    });
  },
);
