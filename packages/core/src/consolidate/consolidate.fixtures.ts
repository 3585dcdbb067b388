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
