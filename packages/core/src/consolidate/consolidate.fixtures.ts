/** A hosting file that needs consolidating: a duplicate and a contradiction (used by tests). */
export const HOSTING_BEFORE = `---
name: hosting
description: Where and how the user deploys services. Read for deployment or hosting questions.
updated: 2026/09/20
---
[stated 2026/03/02] deploys on Heroku
[stated 2026/03/02] uses Postgres for the main database
[stated 2026/06/10] uses Postgres for the main database
[stated 2026/09/20] moved from Heroku to Fly.io
[stated 2026/09/20] deploys every service with GitHub Actions
`;

/** A good consolidation of `HOSTING_BEFORE`: shorter, every fact from the input, dates kept. */
export const HOSTING_GOOD = `---
name: hosting
description: Where and how the user deploys services. Read for deployment or hosting questions.
updated: 2026/09/20
---
[stated 2026/06/10] uses Postgres for the main database
[stated 2026/09/20] deploys every service on Fly.io (previously Heroku) with GitHub Actions
`;

const HEADER = HOSTING_GOOD.slice(0, HOSTING_GOOD.indexOf("[stated"));

/** `HOSTING_GOOD` with other body lines. */
export function hostingWith(...lines: string[]): string {
  return `${HEADER}${lines.join("\n")}\n`;
}

/**
 * The new-user repro: 12 dated fact lines (656 chars) under a 670-char cap. Holds one duplicate
 * (`POSTGRES_OLD` of `POSTGRES_NEW`) and one superseded line (`API_OLD`, by `API_NEW`); every other
 * line is a distinct fact.
 */
export const FULL_BEFORE = `---
name: hosting
description: Where the user hosts services.
updated: 2026/09/01
---
[stated 2026/01/05] hosts the API on Heroku
[stated 2026/01/19] uses Postgres for the main database
[stated 2026/02/02] uses Cloudflare for DNS
[stated 2026/02/20] builds with Docker
[stated 2026/03/11] sends logs to Grafana Loki
[stated 2026/04/01] pages on-call via Opsgenie
[stated 2026/04/22] keeps backups in S3
[stated 2026/05/14] runs cron jobs on GitHub Actions
[stated 2026/06/03] uses Postgres for the main database
[stated 2026/07/09] pins Node 20 in production
[stated 2026/08/18] moved the API to Railway
[stated 2026/09/01] runs the staging copy on Render
`;

export const API_OLD = "[stated 2026/01/05] hosts the API on Heroku";
export const API_NEW = "[stated 2026/08/18] moved the API to Railway";
export const POSTGRES_OLD = "[stated 2026/01/19] uses Postgres for the main database";
export const POSTGRES_NEW = "[stated 2026/06/03] uses Postgres for the main database";

const FULL_HEADER = FULL_BEFORE.slice(0, FULL_BEFORE.indexOf("[stated"));
const FULL_LINES = FULL_BEFORE.slice(FULL_HEADER.length).trimEnd().split("\n");

/** The bad rewrite of the repro: the header and the newest line, 11 facts gone. */
export const FULL_NEWEST_ONLY = `${FULL_HEADER}${FULL_LINES.at(-1)}\n`;

/** A good rewrite of `FULL_BEFORE`: the duplicate and the superseded line dropped, all else kept. */
export const FULL_GOOD = `${FULL_HEADER}${FULL_LINES.filter((line) => line !== API_OLD && line !== POSTGRES_OLD).join("\n")}\n`;

/** `FULL_BEFORE`'s header with other body lines. */
export function fullWith(...lines: string[]): string {
  return `${FULL_HEADER}${lines.join("\n")}\n`;
}

/** Every body line of `FULL_BEFORE`, in order. */
export const FULL_FACTS: readonly string[] = FULL_LINES;
