import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { secretScreenIdentity } from "../src/guards/secret-screen-identity.js";
import {
  flushRecallIndexes,
  forgetOpenRecallIndexes,
  openRecallIndex,
  RECALL_INDEX_FILE,
} from "../src/recall/recall-index.js";
import { MemoryStore } from "../src/store/index.js";
import type { StoreLayout } from "../src/store/types.js";
import { settleWrittenFiles } from "./recall-writes.js";

// Key-shaped strings are assembled at run time so the repository holds no literal secrets.
const GITHUB = `${"ghp"}_${"a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"}`;
const ANTHROPIC = ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1Op"].join("-");
const PASSWORD = ["hunter", "2xq!"].join("");
const HALVES = [GITHUB.slice(0, 22), GITHUB.slice(22)] as const;
// A line a person pasted that is one token of 45,000 chars: past `LONG_TOKEN_CHARS`, one opaque
// unit shown as `[redacted]` (decision 0125). The secret patterns read such a run from each of its
// starts to its end: unguarded, a surface took minutes, which the test's timeout catches. A fact
// file's body is one unit, and recall leaves out one over its budget (2,000 tokens): there the
// token is 4,000 chars, so recall shows the body masked.
const LONG_TOKEN = (layout: StoreLayout) => "a".repeat(layout === "subject" ? 45_000 : 4_000);

/**
 * A memory folder written by hand (no guard ran), with one file a surface is asked to show, and
 * what no surface may print of it. Every surface that prints memory to a model or a terminal runs
 * the whole table on both layouts: recall, the memory block (SessionStart), the memory tool's
 * `view`, MCP `list`/`read`/`search`, `memfiles ls`/`show`/`search`.
 */
export type ShownSecretCase = {
  name: string;
  /** The files as a person wrote them: memory path -> text. */
  files: (layout: StoreLayout) => Record<string, string>;
  /** The file a surface shows (`show`, `read`, `view`). */
  path: (layout: StoreLayout) => string;
  /** Words that match a line of it (search) and recall it (a query). */
  words: string;
  /** What no surface may print. */
  hidden: readonly string[];
  /** A clean file: shown byte for byte, its lines as written. */
  clean: boolean;
  /**
   * Lines beside the secret that a surface showing the whole file (`show`, `read`, `view`) prints
   * as written: masking one line takes nothing of the next.
   */
  kept?: readonly string[];
};

const DESCRIPTION = "Deploy notes for the ci.";

function fileText(
  layout: StoreLayout,
  name: string,
  body: string,
  description = DESCRIPTION,
): string {
  return layout === "subject"
    ? `---\nname: ${name}\ndescription: ${description}\nupdated: 2026/11/01\n---\n${body}\n`
    : `---\nname: ${name}\ndescription: ${description}\ntype: project\nupdated: 2026/11/01\n---\n${body}\n`;
}

const dated = (layout: StoreLayout, line: string) =>
  layout === "subject" ? `[stated 2026/11/01] ${line}` : line;

const one = (stem: string) => (layout: StoreLayout) =>
  layout === "subject" ? `topics/${stem}.md` : `${stem}.md`;

/** Every case of the table: a key on one line, split over two, a password in words, a key in a file name (two kinds), a key in the description, a token of 45,000 chars, a clean file. */
export const SHOWN_SECRET_CASES: readonly ShownSecretCase[] = [
  {
    name: "a key on one line",
    files: (layout) => ({
      [one("deploy")(layout)]: fileText(
        layout,
        "deploy",
        dated(layout, `deploy token for the ci is ${GITHUB}`),
      ),
    }),
    path: one("deploy"),
    words: "deploy token",
    hidden: [GITHUB, GITHUB.slice(4)],
    clean: false,
  },
  {
    name: "a key split over two lines",
    files: (layout) => ({
      [one("deploy")(layout)]: fileText(
        layout,
        "deploy",
        `- deploy token GitHub ${HALVES[0]}\n${HALVES[1]}`,
      ),
    }),
    path: one("deploy"),
    words: "deploy token",
    hidden: [...HALVES],
    clean: false,
  },
  {
    name: "a password stated in words",
    files: (layout) => ({
      [one("deploy")(layout)]: fileText(
        layout,
        "deploy",
        dated(layout, `deploy password for the ci is ${PASSWORD}`),
      ),
    }),
    path: one("deploy"),
    words: "deploy password",
    hidden: [PASSWORD],
    clean: false,
  },
  {
    name: "a password, then a line of its own",
    files: (layout) => ({
      [one("deploy")(layout)]: fileText(
        layout,
        "deploy",
        `${dated(layout, `deploy password for the ci is ${PASSWORD}`)}\n${dated(layout, "prefers tabs in the deploy scripts")}`,
      ),
    }),
    path: one("deploy"),
    words: "deploy password",
    hidden: [PASSWORD],
    clean: false,
    kept: ["prefers tabs in the deploy scripts"],
  },
  {
    name: "a GitHub token as the file's name",
    files: (layout) => ({
      [one(GITHUB)(layout)]: fileText(
        layout,
        "deploy",
        dated(layout, "deploy goes through the ci"),
      ),
    }),
    path: one(GITHUB),
    words: "deploy ci",
    hidden: [GITHUB, GITHUB.slice(4)],
    clean: false,
  },
  {
    name: "an Anthropic key as a person's file name",
    files: (layout) => ({
      [layout === "subject" ? `people/${ANTHROPIC}.md` : `${ANTHROPIC}.md`]: fileText(
        layout,
        "deploy",
        dated(layout, "deploy goes through the ci"),
      ),
    }),
    path: (layout) => (layout === "subject" ? `people/${ANTHROPIC}.md` : `${ANTHROPIC}.md`),
    words: "deploy ci",
    hidden: [ANTHROPIC, ANTHROPIC.slice(7)],
    clean: false,
  },
  {
    name: "a key in the description only",
    files: (layout) => ({
      [one("deploy")(layout)]: fileText(
        layout,
        "deploy",
        dated(layout, "deploy goes through the ci"),
        `Deploy notes, token ${GITHUB}.`,
      ),
    }),
    path: one("deploy"),
    words: "deploy ci",
    hidden: [GITHUB, GITHUB.slice(4)],
    clean: false,
  },
  {
    name: "a token of 45,000 chars on a line of its own",
    files: (layout) => ({
      [one("deploy")(layout)]: fileText(
        layout,
        "deploy",
        `${dated(layout, "deploy notes for the ci")}\n${LONG_TOKEN(layout)}`,
      ),
    }),
    path: one("deploy"),
    words: "deploy notes",
    hidden: ["a".repeat(1_001)],
    clean: false,
    kept: ["deploy notes for the ci"],
  },
  {
    name: "a clean file",
    files: (layout) => ({
      [one("deploy")(layout)]: fileText(layout, "deploy", dated(layout, "deploy runs on Fly.io")),
    }),
    path: one("deploy"),
    words: "deploy fly",
    hidden: [],
    clean: true,
  },
];

/** The case's body line as written, for a clean file's byte-for-byte check. */
export function shownSecretLine(testCase: ShownSecretCase, layout: StoreLayout): string {
  const text = testCase.files(layout)[testCase.path(layout)] ?? "";
  return text.split("\n").at(-2) ?? "";
}

/**
 * Writes the case's files into a new memory folder as a person would (no memfiles write, no
 * guard), with a `profile.md` so the folder reads as `layout`.
 *
 * @returns The folder (`memory` inside a fresh temporary folder).
 */
export async function shownSecretFolder(
  testCase: ShownSecretCase,
  layout: StoreLayout,
): Promise<string> {
  const root = join(await mkdtemp(join(tmpdir(), `memfiles-shown-${layout}-`)), "memory");
  const files = {
    ...testCase.files(layout),
    ...(layout === "subject"
      ? {
          "profile.md": `---\nname: profile\ndescription: Who the user is.\nupdated: 2026/11/01\n---\n[stated 2026/11/01] works on a ci\n`,
        }
      : {}),
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

// The stored index's files' line rewritten: its screen identity and one "cleared" char a file.
async function rewriteFlags(
  root: string,
  flags: (files: number) => { screen?: string; cleared: string },
): Promise<void> {
  const path = join(root, ".memfiles", RECALL_INDEX_FILE);
  const [first, ...rest] = (await readFile(path, "utf8")).split("\n");
  const line = JSON.parse(first ?? "") as { files: unknown[]; screen: string; cleared: string };
  const { screen, cleared } = flags(line.files.length);
  await writeFile(
    path,
    [JSON.stringify({ ...line, screen: screen ?? line.screen, cleared }), ...rest].join("\n"),
  );
  forgetOpenRecallIndexes();
}

/**
 * What a surface shows of a case's folder (from {@link shownSecretFolder}) with a stored recall
 * index whose "cleared" flags (decision 0085: a file's body, units, path names, name and
 * description) are, in turn: set by this build's screen; all dropped (every text and path
 * screened); and all set under the identity an older build stored, whose flags covered the body
 * alone (such flags must not be trusted: the files are screened again). The flags are a shortcut
 * only, so a surface shows the same text each time. Fakes `Date` (the files' stamps are trusted
 * only 2 s after a write): the caller restores the timers.
 *
 * @param root - The case's folder.
 * @param layout - Its layout.
 * @param show - The surface: what it sends, asked anew each time (a new process's view).
 * @returns The three texts.
 */
export async function shownUnderClearedFlags(
  root: string,
  layout: StoreLayout,
  show: () => Promise<string>,
): Promise<{ flagged: string; dropped: string; older: string }> {
  settleWrittenFiles();
  forgetOpenRecallIndexes();
  await openRecallIndex(new MemoryStore({ root, layout }));
  await flushRecallIndexes();
  const shown = async () => {
    forgetOpenRecallIndexes();
    const text = await show();
    await flushRecallIndexes();
    return text;
  };
  const flagged = await shown();
  await rewriteFlags(root, (files) => ({ cleared: "0".repeat(files) }));
  const dropped = await shown();
  await rewriteFlags(root, (files) => ({
    screen: secretScreenIdentity(),
    cleared: "1".repeat(files),
  }));
  const older = await shown();
  forgetOpenRecallIndexes();
  return { flagged, dropped, older };
}

/**
 * What a surface shows after a person edits a file the stored recall index had cleared: the case's
 * folder is first written with each of its secrets replaced by a plain word, indexed by this build
 * (its flags set), then written again by hand as the case holds it. `edited`: the first process
 * after the edit shows it (its index takes the file in again). `stale`: another process (a prompt's
 * recall) took the edit in first and appended it to the stored index's log, so the shown process
 * reads the clean text's flag from the index's first line and the edit from its log. Neither may
 * trust the flag the clean text left: each shows what {@link shownUnderClearedFlags} then shows
 * of its folder (`flagged`). Fakes `Date` as that does: the caller restores the timers.
 *
 * @param testCase - The case.
 * @param layout - Its layout.
 * @param show - The surface, given the folder: what it sends, asked anew each time.
 * @returns Each of `edited` and `stale` with its folder's `flagged`.
 */
export async function shownAfterHandEdit(
  testCase: ShownSecretCase,
  layout: StoreLayout,
  show: (root: string) => Promise<string>,
): Promise<{ edited: ShownTwice; stale: ShownTwice }> {
  const hidden = [...testCase.hidden].sort((a, b) => b.length - a.length);
  const clean = (text: string) =>
    hidden.reduce((written, secret) => written.split(secret).join("nothing"), text);
  // Besides the case's file, files enough that one file's change is appended to the stored index's
  // log (up to a quarter of the index) rather than stored whole.
  const others = Object.fromEntries(
    Array.from({ length: 24 }, (_, at) => [
      one(`garden-${at}`)(layout),
      fileText(layout, `garden-${at}`, dated(layout, `plants tomatoes in bed ${at}`), `Bed ${at}.`),
    ]),
  );
  const shown = async (root: string) => {
    forgetOpenRecallIndexes();
    const text = await show(root);
    await flushRecallIndexes();
    return text;
  };
  const afterEdit = async (logged: boolean): Promise<ShownTwice> => {
    const root = await shownSecretFolder(
      {
        ...testCase,
        files: (each) => ({
          ...others,
          ...Object.fromEntries(
            Object.entries(testCase.files(each)).map(([path, text]) => [path, clean(text)]),
          ),
        }),
      },
      layout,
    );
    settleWrittenFiles();
    forgetOpenRecallIndexes();
    await openRecallIndex(new MemoryStore({ root, layout }));
    await flushRecallIndexes();
    // The person's edit: the same paths, the secrets back in.
    for (const [path, text] of Object.entries(testCase.files(layout))) {
      await writeFile(join(root, path), text);
    }
    settleWrittenFiles();
    if (logged) {
      forgetOpenRecallIndexes();
      await openRecallIndex(new MemoryStore({ root, layout }));
      await flushRecallIndexes();
    }
    const text = await shown(root);
    const { flagged } = await shownUnderClearedFlags(root, layout, () => show(root));
    return { shown: text, flagged };
  };
  return { edited: await afterEdit(false), stale: await afterEdit(true) };
}

/** What a surface showed in a state, and what it shows of the same folder with this build's flags. */
export type ShownTwice = { shown: string; flagged: string };
