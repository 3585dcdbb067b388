import { afterEach, describe, expect, it, vi } from "vitest";
import { findClaims, formatStalenessNote, verifyClaims } from "./staleness.js";

describe("findClaims", () => {
  it.each([
    [
      "a path with folders",
      "[stated 2026/08/01] invoices are built in src/billing/invoice.ts",
      "path",
      "src/billing/invoice.ts",
    ],
    [
      "a relative path",
      "[stated 2026/08/01] run ./scripts/setup.sh first",
      "path",
      "./scripts/setup.sh",
    ],
    [
      "a bare source file name",
      "[stated 2026/08/01] the config is in fly.toml",
      "path",
      "fly.toml",
    ],
    [
      "a function",
      "[stated 2026/08/01] totals come from renderInvoice() now",
      "function",
      "renderInvoice()",
    ],
    [
      "a dotted function",
      "[stated 2026/08/01] call store.list() for rows",
      "function",
      "store.list()",
    ],
    [
      "a flag",
      "[stated 2026/08/01] always deploys with --strategy bluegreen",
      "flag",
      "--strategy",
    ],
    [
      "an endpoint",
      "[stated 2026/08/01] invoices go to POST /v1/invoices",
      "endpoint",
      "POST /v1/invoices",
    ],
    [
      "a URL",
      "[stated 2026/08/01] status page at https://status.example.com/api",
      "endpoint",
      "https://status.example.com/api",
    ],
  ])("finds %s", (_name, line, kind, text) => {
    expect(findClaims("projects/billing.md", `${line}\n`)).toEqual([
      { kind, text, path: "projects/billing.md", line: 1, date: "2026/08/01" },
    ]);
  });

  it.each([
    ["plain prose", "[stated 2026/08/01] deploys every service on Fly.io"],
    ["a date", "[stated 2026/08/01] moved hosts in 2026/07"],
    ["a hyphenated word", "[stated 2026/08/01] prefers well-kept libraries"],
  ])("finds nothing in %s", (_name, line) => {
    expect(findClaims("topics/tools.md", `${line}\n`)).toEqual([]);
  });

  it("skips the header and dates an undated line with the file's updated", () => {
    const text =
      "---\nname: billing\ndescription: The billing API (src/billing/).\nupdated: 2026/08/03\n---\nbuild with make.sh\n";
    expect(findClaims("projects/billing.md", text, "2026/08/03")).toEqual([
      { kind: "path", text: "make.sh", path: "projects/billing.md", line: 6, date: "2026/08/03" },
    ]);
  });

  it("does not count an endpoint's path again as a path", () => {
    const claims = findClaims("a.md", "[stated 2026/08/01] GET /v1/users/list.json\n");
    expect(claims.map((claim) => claim.kind)).toEqual(["endpoint"]);
  });
});

describe("verifyClaims", () => {
  const claims = findClaims(
    "projects/billing.md",
    "[stated 2026/08/01] invoices are built in src/billing/invoice.ts\n[stated 2026/08/02] deploy with --strategy bluegreen\n",
  );

  it("marks a claim the hook does not find as missing and one it finds as verified", async () => {
    const checked = await verifyClaims(claims, (claim) => claim.kind === "flag");
    expect(checked.map((claim) => [claim.text, claim.status])).toEqual([
      ["src/billing/invoice.ts", "missing"],
      ["--strategy", "verified"],
    ]);
  });

  it("leaves every claim unchecked without a hook", async () => {
    const checked = await verifyClaims(claims, undefined);
    expect(checked.map((claim) => claim.status)).toEqual(["unchecked", "unchecked"]);
  });

  it("turns a throwing hook and a hook past its time into error, without throwing", async () => {
    const checked = await verifyClaims(
      claims,
      async (claim) => {
        if (claim.kind === "path") throw new Error("EACCES: permission denied");
        return new Promise<boolean>(() => {});
      },
      20,
    );
    expect(checked.map((claim) => [claim.status, claim.reason])).toEqual([
      ["error", "EACCES: permission denied"],
      ["error", "the verify hook took longer than 20 ms"],
    ]);
  });
});

describe("formatStalenessNote", () => {
  it("says possibly stale with the date for a missing claim, and nothing for a verified one", async () => {
    const checked = await verifyClaims(
      findClaims(
        "projects/billing.md",
        "[stated 2026/08/01] invoices are built in src/billing/invoice.ts\n[stated 2026/08/02] deploy with --strategy bluegreen\n",
      ),
      (claim) => claim.kind === "flag",
    );
    expect(formatStalenessNote(checked)).toBe(
      "<staleness>\n- possibly stale: line 1 (stated 2026/08/01) names the path src/billing/invoice.ts, which was not found when checked; do not rely on it\n</staleness>",
    );
  });

  it("is empty when there is nothing to say", () => {
    expect(formatStalenessNote([])).toBe("");
  });
});

// New-user trial (issue f2): paths in other scripts, home dot-files, Windows paths, and a hook
// that never answers costing its timeout once per recall, not once per claim.
describe("findClaims beyond ASCII and POSIX paths", () => {
  it("finds a path in Japanese, a home dot-file and a whole Windows path", () => {
    const claims = findClaims(
      "projects/billing-api.md",
      "[stated 2026/11/02] 請求書PDFは src/請求/描画.ts で生成する\n[stated 2026/11/03] config lives in C:\\Users\\me\\billing\\config.yaml and ~/.billingrc\n",
    );
    expect(claims.map((claim) => [claim.kind, claim.text, claim.line])).toEqual([
      ["path", "src/請求/描画.ts", 1],
      ["path", "C:\\Users\\me\\billing\\config.yaml", 2],
      ["path", "~/.billingrc", 2],
    ]);
  });
});

describe("verifyClaims with a hook that never answers", () => {
  const five = findClaims("projects/billing.md", "[stated 2026/08/01] a.ts b.ts c.ts d.ts e.ts\n");

  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks about every claim at once and gives up on all of them after one timeout", async () => {
    vi.useFakeTimers();
    let asked = 0;
    let settled = false;
    const checking = verifyClaims(
      five,
      () => {
        asked++;
        return new Promise<boolean>(() => {});
      },
      500,
    ).then((checked) => {
      settled = true;
      return checked;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toBe(5);
    await vi.advanceTimersByTimeAsync(500);
    expect(settled).toBe(true);
    expect((await checking).map((claim) => claim.status)).toEqual([
      "error",
      "error",
      "error",
      "error",
      "error",
    ]);
  });

  it("stops at the recall's deadline when it comes before the timeout", async () => {
    vi.useFakeTimers();
    let settled = false;
    const checking = verifyClaims(five, () => new Promise<boolean>(() => {}), 500, {
      deadline: Date.now() + 100,
    }).then((checked) => {
      settled = true;
      return checked;
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(true);
    expect((await checking)[0]?.reason).toBe(
      "the verify hook did not answer before the recall's deadline",
    );
  });
});
