// The memory page in a real browser: headless Chromium (scripts/setup.sh installs Debian's;
// MEMFILES_CHROMIUM picks another) driven by playwright-core, against `startMemoryPage` on a temporary folder.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type MemoryStore, remember } from "@memfiles/core";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireChromium } from "../../../scripts/chromium.mjs";
import { type MemoryPage, startMemoryPage } from "../src/page/memory-page-server.js";
import { memoryFixture } from "./memory-fixture.js";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const SCREENSHOT = fileURLToPath(new URL("../../../evals/out/memory-page.png", import.meta.url));
// Starting Chromium takes 2-10 s on a busy 2-core machine shared with other test runs; each step
// of a test (a click, a reload) well under a second. Two minutes covers the slowest start seen.
const BROWSER_TIMEOUT_MS = 120_000;

describe("the memory page in Chromium", { timeout: BROWSER_TIMEOUT_MS }, () => {
  let browser: BrowserContext;
  let page: Page;
  let memoryPage: MemoryPage;
  let store: MemoryStore;
  const refused: Array<{ reason: string; method: string; path: string; origin?: string }> = [];

  beforeAll(async () => {
    // Missing Chromium fails here, naming the fix: a run that skipped the page would pass
    // having checked nothing in a browser.
    const executablePath = requireChromium();
    ({ store } = await memoryFixture());
    memoryPage = await startMemoryPage({ store, onRefused: (request) => refused.push(request) });
    // A fresh profile each run (Playwright takes it as launchPersistentContext's user data dir).
    const profile = await mkdtemp(join(tmpdir(), "memfiles-chromium-"));
    browser = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: FLAGS,
      timeout: BROWSER_TIMEOUT_MS,
    });
    page = browser.pages()[0] ?? (await browser.newPage());
    // Playwright's own 30 s default for a wait (a click, an "Undone" notice) failed a correct page
    // under load; the test's limit is the one ceiling.
    page.setDefaultTimeout(BROWSER_TIMEOUT_MS);
  }, BROWSER_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await memoryPage?.close();
  });

  async function open(): Promise<void> {
    await page.goto(memoryPage.url);
    await page.waitForSelector("body[data-loaded=true]");
  }

  function line(text: string) {
    return page.locator("li.line", { hasText: text });
  }

  it("lists every file and line with its date, and shows a <script> fact as text", async () => {
    await open();
    expect(await page.locator("section.file h2").allTextContents()).toEqual([
      "profile.md",
      "topics/tools.md",
    ]);
    expect(await line("uses Neovim").locator(".date").textContent()).toBe("2026/09/12");
    const scriptFact = line("in bug reports").locator(".text");
    expect(await scriptFact.textContent()).toBe(
      "writes <script>window.pwned = true</script> in bug reports",
    );
    expect(
      await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned),
    ).toBeUndefined();
    expect(await page.locator("main script").count()).toBe(0);
    await mkdir(join(SCREENSHOT, ".."), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
  });

  it("search keeps only the matching lines", async () => {
    await open();
    await page.fill("#search", "neovim");
    expect(await page.locator("li.line:visible .text").allTextContents()).toEqual([
      "uses Neovim, not VS Code",
    ]);
    expect(await page.locator("section.file:visible h2").allTextContents()).toEqual([
      "topics/tools.md",
    ]);
  });

  it("deletes one line: the file changes on disk, a tombstone is written, undo brings it back", async () => {
    await open();
    await line("deploys on Fly.io").locator("button.delete-line").click();
    await page.waitForSelector("#status.ok");
    const text = await readFile(join(store.root, "topics/tools.md"), "utf8");
    expect(text).not.toContain("Fly.io");
    expect(text).toContain("uses Neovim, not VS Code");
    const tombstones = await readFile(join(store.root, ".memfiles/tombstones.json"), "utf8");
    // Format 3: short hashes of the fact key and words (decision 0026), never the words, and
    // the lines the forget left (decision 0107).
    expect(tombstones).toMatch(
      /"version":3,"tombstones":\[\n\{"date":"[^"]+","facts":\[\["[\w-]{11}",.*"kept":/,
    );
    expect(tombstones).not.toContain("Fly");
    await page.click("#undo");
    await page.waitForSelector("#status.ok >> text=Undone");
    expect(await readFile(join(store.root, "topics/tools.md"), "utf8")).toContain(
      "deploys on Fly.io",
    );
  });

  it("refuses a stale description edit, says so, and shows the current text", async () => {
    await open();
    const tools = page.locator("section.file[data-path='topics/tools.md']");
    await tools.locator("button.edit-description").click();
    await remember({ store, path: "topics/tools.md", fact: "uses tmux in every terminal" });
    const changed = await readFile(join(store.root, "topics/tools.md"), "utf8");
    await tools.locator("input.description-input").fill("Overwritten by a stale page.");
    await tools.locator("button.save-description").click();
    await page.waitForSelector("#status.conflict");
    expect(await page.locator("#status").textContent()).toContain("Conflict");
    expect(await page.locator("#status pre.current").textContent()).toContain(
      "uses tmux in every terminal",
    );
    expect(await readFile(join(store.root, "topics/tools.md"), "utf8")).toBe(changed);
  });

  it("keeps a refusal on screen and the typed text in its box until dismissed", async () => {
    await open();
    const tools = page.locator("section.file[data-path='topics/tools.md']");
    const before = await readFile(join(store.root, "topics/tools.md"), "utf8");
    await tools.locator("button.edit-description").click();
    const typed = "Editor and hosting; my password is Bk9xLq2Tz99";
    await tools.locator("input.description-input").fill(typed);
    await tools.locator("button.save-description").click();
    // Beside the file the user edited, and in the status bar.
    await tools.locator(".notice.error").waitFor();
    expect(await tools.locator(".notice.error").textContent()).toContain("secret");
    expect(await page.locator("#status.error").textContent()).toContain("secret");
    const input = tools.locator("input.description-input");
    expect(await input.isVisible()).toBe(true);
    expect(await input.inputValue()).toBe(typed);
    expect(await readFile(join(store.root, "topics/tools.md"), "utf8")).toBe(before);
    await tools.locator(".notice.error button.dismiss").click();
    expect(await tools.locator(".notice").count()).toBe(0);
    expect(await page.locator("#status").textContent()).toBe("");
  });

  it("shows a Delete's result beside the file it was in, with Undo there", async () => {
    await open();
    const tools = page.locator("section.file[data-path='topics/tools.md']");
    await line("uses Neovim").locator("button.delete-line").click();
    await tools.locator(".notice.ok").waitFor();
    expect(await tools.locator(".notice.ok").textContent()).toContain(
      "Deleted from topics/tools.md: uses Neovim, not VS Code",
    );
    await tools.locator(".notice.ok button.undo-here").click();
    await page.waitForSelector("#status.ok >> text=Undone");
    expect(await readFile(join(store.root, "topics/tools.md"), "utf8")).toContain("uses Neovim");
  });

  it("refuses a POST from another origin, even one that knows the token", async () => {
    const evil: Server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<!doctype html><title>another site</title>");
    });
    await new Promise<void>((resolveListen) => evil.listen(0, "127.0.0.1", resolveListen));
    try {
      const before = await readFile(join(store.root, "profile.md"), "utf8");
      const { version } = await store.read("profile.md");
      await page.goto(`http://127.0.0.1:${(evil.address() as AddressInfo).port}/`);
      const target = `http://127.0.0.1:${memoryPage.port}/api/forget-line?token=${memoryPage.token}`;
      // A "simple" request (no preflight): the form-style attack a browser lets any site send. The
      // page cannot read the answer (no-cors; CORP blocks it too), so the server's log tells.
      await page.evaluate(
        ([url, body]) =>
          fetch(url, {
            method: "POST",
            mode: "no-cors",
            headers: { "content-type": "text/plain" },
            body,
          }).catch((error: unknown) => String(error)),
        [
          target,
          JSON.stringify({
            file: "profile.md",
            version,
            line: "[stated 2026/09/12] lives in Lyon",
          }),
        ] as const,
      );
      expect(await readFile(join(store.root, "profile.md"), "utf8")).toBe(before);
      // The only refusal of the run: the page's own loads (its favicon included) ask nothing the
      // server refuses, so a refusal on stderr always means another page or tool.
      expect(refused).toEqual([
        {
          reason: "bad_origin",
          method: "POST",
          path: "/api/forget-line",
          origin: `http://127.0.0.1:${(evil.address() as AddressInfo).port}`,
        },
      ]);
    } finally {
      evil.closeAllConnections(); // the browser keeps its connection alive; close() would wait
      await new Promise((resolveClose) => evil.close(resolveClose));
    }
  });

  it("counts the undated lines of a file written by hand beside its facts", async () => {
    const path = join(store.root, "topics/hand.md");
    await writeFile(path, "uses Neovim\nlikes tea\n");
    try {
      await open();
      const meta = page.locator('section.file[data-path="topics/hand.md"] .meta');
      expect((await meta.textContent())?.split(" · ").slice(0, 2)).toEqual([
        "0 facts, 2 undated",
        "22 chars",
      ]);
    } finally {
      await rm(path);
    }
  });
});
