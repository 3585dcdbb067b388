// The HTML eval report in a real browser: headless Chromium (scripts/setup.sh installs Debian's;
// MEMFILES_CHROMIUM picks another) driven by playwright-core, opening a report written by
// `writeRunReport` from a fabricated run, with one earlier run in its history.
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireChromium } from "../../scripts/chromium.mjs";
import type { ReportView } from "../src/report/html/report-view.js";
import { appendRunHistory, type RunSummary } from "../src/report/run-history.js";
import { writeRunReport } from "../src/report/write-run-report.js";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const SCREENSHOT = fileURLToPath(new URL("../out/eval-report.png", import.meta.url));
// Starting Chromium takes 2-10 s on a busy 2-core machine shared with other test runs, and Vega
// renders the charts in about a second; each check after that well under a second. Two minutes
// covers the slowest start seen.
const BROWSER_TIMEOUT_MS = 120_000;

const SCRIPT_FACT = "writes <script>window.pwned = true</script> in bug reports";

const view: ReportView = {
  title: "pnpm eval — extraction@1",
  command: "eval",
  counts: { cells: 4, passedCells: 2, epochs: 4, passedEpochs: 2 },
  cells: [
    {
      scenarioId: "remember",
      model: "claude-haiku-5-5",
      prompt: "extraction@1",
      outcome: "pass",
      reason: "",
      provenance: ["recorded"],
    },
    {
      scenarioId: "remember",
      model: "claude-opus-5-5",
      prompt: "extraction@1",
      outcome: "pass",
      reason: "",
      provenance: ["recorded"],
    },
    {
      scenarioId: "forget",
      model: "claude-haiku-5-5",
      prompt: "extraction@1",
      outcome: "fail",
      reason: "file_lacks: found",
      provenance: ["authored"],
    },
    {
      scenarioId: "forget",
      model: "claude-opus-5-5",
      prompt: "extraction@1",
      outcome: "error",
      reason: "MissingRecordingError",
      provenance: [],
    },
  ],
  stageCosts: [
    {
      model: "claude-haiku-5-5",
      prompt: "extraction@1",
      stage: "write",
      usdPerSession: 0.002,
      provenance: ["recorded", "authored"],
    },
    {
      model: "claude-haiku-5-5",
      prompt: "extraction@1",
      stage: "chat",
      usdPerSession: 0.001,
      provenance: ["recorded", "authored"],
    },
    {
      model: "claude-opus-5-5",
      prompt: "extraction@1",
      stage: "write",
      usdPerSession: 0.008,
      provenance: ["recorded"],
    },
    {
      model: "claude-opus-5-5",
      prompt: "extraction@1",
      stage: "chat",
      usdPerSession: 0.004,
      provenance: ["recorded"],
    },
  ],
  cacheWarnings: [
    {
      model: "claude-haiku-5-5",
      breakpoint: "memory_block",
      tokens: 703,
      minimum: 4096,
      scenarios: ["remember"],
    },
  ],
  writeRates: [
    {
      scenarioId: "remember",
      model: "claude-haiku-5-5",
      prompt: "extraction@1",
      session: 1,
      sync: 0.000271775,
      batch: 0.000212825,
    },
  ],
  provenanceNotes: ["recorded from the API (claude-haiku-5-5, 2026-11-29)"],
  details: [
    {
      scenarioId: "forget",
      model: "claude-haiku-5-5",
      prompt: "extraction@1",
      outcome: "fail",
      answer: "Here are your deploy notes: you deploy on Fly.io.",
      failedChecks: [{ name: 'file_lacks(topics/tools.md, "Fly.io")', reason: "found on line 5" }],
      verdicts: [
        {
          session: 1,
          stage: "write",
          code: "applied",
          refused: false,
          path: "topics/tools.md",
          text: "deploys on Fly.io",
          detail: ["evidence: we deploy on Fly.io"],
        },
        {
          session: 1,
          stage: "write",
          code: "evidence_not_found",
          refused: true,
          path: "topics/bugs.md",
          text: SCRIPT_FACT,
          detail: ["no user turn quotes it"],
        },
      ],
      toolCalls: [
        {
          session: "question",
          name: "memory_read",
          input: '{"path":"topics/tools.md"}',
          result: "- deploys on Fly.io",
          isError: false,
        },
      ],
    },
  ],
};

const earlier: RunSummary = {
  command: "eval",
  commit: "aaaaaaa",
  date: "2026-11-30T10:00:00.000Z",
  prompts: ["extraction@1"],
  models: ["claude-haiku-5-5", "claude-opus-5-5"],
  scenarios: ["forget", "remember"],
  runs: 4,
  passed: 4,
  failing: [],
  costPerSession: { "claude-haiku-5-5": 0.002, "claude-opus-5-5": 0.012 },
};

describe("the HTML eval report in Chromium", { timeout: BROWSER_TIMEOUT_MS }, () => {
  let browser: BrowserContext;
  let page: Page;
  let changesText: string;

  beforeAll(async () => {
    // Missing Chromium fails here, naming the fix: a run that skipped the page would pass
    // having checked nothing in a browser.
    const executablePath = requireChromium();
    const folder = await mkdtemp(join(tmpdir(), "memfiles-report-"));
    const historyFile = join(folder, "history.jsonl");
    await appendRunHistory(historyFile, earlier);
    const written = await writeRunReport({
      view,
      outDir: folder,
      historyFile,
      repositoryDir: fileURLToPath(new URL(".", import.meta.url)),
      now: new Date("2026-12-01T10:00:00.000Z"),
    });
    changesText = written.changesText;
    const profile = await mkdtemp(join(tmpdir(), "memfiles-chromium-"));
    browser = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: FLAGS,
      timeout: BROWSER_TIMEOUT_MS,
      // The report is self-contained: any request it makes fails the test below.
      offline: true,
    });
    page = browser.pages()[0] ?? (await browser.newPage());
    // Playwright's own 30 s default for a wait (a click, an "Undone" notice) failed a correct page
    // under load; the test's limit is the one ceiling.
    page.setDefaultTimeout(BROWSER_TIMEOUT_MS);
    await page.goto(pathToFileURL(written.reportFile).href);
  }, BROWSER_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
  });

  it("shows the pass matrix in colour and text, with provenance", async () => {
    const rows = await page
      .locator("#matrix tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim())),
      );
    expect(rows).toEqual([
      ["remember", "PASS (recorded)", "PASS (recorded)"],
      ["forget", "FAIL (authored)file_lacks: found", "ERROR (no recording)MissingRecordingError"],
    ]);
    const colours = await page
      .locator("#matrix td")
      .evaluateAll((cells) =>
        cells.map((cell) => cell.ownerDocument.defaultView?.getComputedStyle(cell).backgroundColor),
      );
    expect(colours).toEqual([
      "rgb(216, 243, 220)",
      "rgb(216, 243, 220)",
      "rgb(255, 214, 214)",
      "rgb(255, 232, 179)",
    ]);
    expect(await page.locator("#summary").textContent()).toContain(
      "2 of 4 cells passed, 2 of 4 epochs; a cell is one scenario x model x prompt over its epochs",
    );
  });

  it("opens on the verdict and the first failure with its reason and the model's answer", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate("window.scrollTo(0, 0)");
    const verdict = page.locator("#verdict");
    expect(await verdict.textContent()).toBe("FAIL: 2 of 4 cells passed, 2 of 4 epochs");
    // The verdict sits directly above the failures; provenance and the usage-estimation
    // paragraph come after them.
    expect(await page.locator("#verdict + h2 + #failures").count()).toBe(1);
    expect(
      await page.evaluate(
        "Boolean(document.querySelector('#failures').compareDocumentPosition(document.querySelector('#provenance')) & Node.DOCUMENT_POSITION_FOLLOWING)",
      ),
    ).toBe(true);
    const first = page.locator("#failures .failure").first();
    expect(await first.locator("h3").textContent()).toBe(
      'FAIL: forget · file_lacks(topics/tools.md, "Fly.io")',
    );
    expect(await first.locator(".reason").textContent()).toBe("found on line 5");
    expect(await first.locator(".cells li").allTextContents()).toEqual([
      "claude-haiku-5-5 · extraction@1 (authored)",
    ]);
    expect(await first.locator(".answer").textContent()).toBe(
      "Here are your deploy notes: you deploy on Fly.io.",
    );
    // All three are on the first screen, without scrolling or hovering.
    for (const locator of [verdict, first.locator(".reason"), first.locator(".answer")]) {
      const box = await locator.boundingBox();
      expect(box?.y).toBeGreaterThanOrEqual(0);
      expect((box?.y ?? 800) + (box?.height ?? 0)).toBeLessThanOrEqual(800);
    }
    await page.screenshot({ path: SCREENSHOT.replace(/\.png$/, "-first-screen.png") });
  });

  it("shows failures only when the filter is ticked", async () => {
    const visibleRows = () => page.locator("#matrix tbody tr:visible").count();
    expect(await visibleRows()).toBe(2);
    await page.locator("#only-failures").check();
    expect(await visibleRows()).toBe(1);
    await page.locator("#only-failures").uncheck();
    expect(await visibleRows()).toBe(2);
  });

  it("draws the cost per session by model and stage as a chart with the right numbers", async () => {
    const chart = page.locator("#cost-chart svg");
    expect((await chart.boundingBox())?.width).toBeGreaterThan(300);
    const bars = await chart
      .locator("path[aria-roledescription=bar]")
      .evaluateAll((paths) => paths.map((path) => path.getAttribute("aria-label")).sort());
    expect(bars).toEqual([
      "model and prompt: claude-haiku-5-5 extraction@1; USD per session: 0.001; stage: chat",
      "model and prompt: claude-haiku-5-5 extraction@1; USD per session: 0.002; stage: write",
      "model and prompt: claude-opus-5-5 extraction@1; USD per session: 0.004; stage: chat",
      "model and prompt: claude-opus-5-5 extraction@1; USD per session: 0.008; stage: write",
    ]);
    expect(await chart.textContent()).toContain("provenance: recorded + authored");
  });

  it("lists each write pass at the sync and the batch rate", async () => {
    const rows = await page
      .locator("#write-rates tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim())),
      );
    expect(rows).toEqual([
      ["remember", "claude-haiku-5-5", "extraction@1", "1", "$0.000272", "$0.000213"],
    ]);
  });

  it("draws the trend of pass rate and cost per session over the runs", async () => {
    const points = await page
      .locator("#pass-trend svg path[aria-roledescription=point]")
      .evaluateAll((paths) => paths.map((path) => path.getAttribute("aria-label")));
    expect(points).toEqual([
      "run: 1. aaaaaaa 2026-11-30 10:00; % passed: 100",
      expect.stringMatching(/^run: 2\. \S+ 2026-12-01 10:00; % passed: 50$/),
    ]);
    const costs = await page
      .locator("#cost-trend svg path[aria-roledescription=point]")
      .evaluateAll((paths) => paths.map((path) => path.getAttribute("aria-label")));
    expect(costs).toEqual([
      "run: 1. aaaaaaa 2026-11-30 10:00; USD per session: 0.002; model: claude-haiku-5-5",
      "run: 1. aaaaaaa 2026-11-30 10:00; USD per session: 0.012; model: claude-opus-5-5",
      expect.stringMatching(
        /^run: 2\. \S+ 2026-12-01 10:00; USD per session: 0.003; model: claude-haiku-5-5$/,
      ),
      expect.stringMatching(
        /^run: 2\. \S+ 2026-12-01 10:00; USD per session: 0.012; model: claude-opus-5-5$/,
      ),
    ]);
    expect(changesText).toContain("Cost per session, claude-haiku-5-5: up $0.001000 (+50.0%)");
    expect(changesText).toContain(
      "New failures (2): forget · claude-haiku-5-5 · extraction@1; forget · claude-opus-5-5 · extraction@1",
    );
  });

  it("never scrolls sideways at phone width (390 px): wide tables and charts scroll in their box", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate("window.scrollTo(0, 0)");
    // A string: the test's own types have no DOM.
    const widths = (await page.evaluate(
      "({ page: document.documentElement.scrollWidth, body: document.body.scrollWidth, viewport: document.documentElement.clientWidth })",
    )) as { page: number; body: number; viewport: number };
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(widths.body).toBeLessThanOrEqual(widths.viewport);
    await page.screenshot({ path: SCREENSHOT.replace(/\.png$/, "-390px.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("lists the proposals with their verdicts and shows a <script> fact as text", async () => {
    const run = page.locator("details.run");
    expect(await run.locator("td.refused").allTextContents()).toEqual([
      "refused: evidence_not_found",
    ]);
    expect(await run.getByText(SCRIPT_FACT, { exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => "pwned" in globalThis)).toBe(false);
    expect(await run.locator("td", { hasText: "memory_read" }).count()).toBe(1);
    expect(await page.locator("ul.warning").textContent()).toContain("memory_block");
    await mkdir(dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
  });
});
