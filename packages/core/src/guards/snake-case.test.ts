import { describe, expect, it } from "vitest";
import { snakeCase } from "./secret-guard.js";

describe("snakeCase of secretlint message ids", () => {
  it.each([
    ["AWSAccessKeyID", "aws_access_key_id"],
    ["AWSSecretAccessKey", "aws_secret_access_key"],
    ["PostgreSQLConnection", "postgresql_connection"],
    ["GitHubToken", "git_hub_token"],
    ["BasicAuth", "basic_auth"],
    ["SLACK_TOKEN", "slack_token"],
  ])("%s -> %s", (id, kind) => {
    expect(snakeCase(id)).toBe(kind);
  });
});
