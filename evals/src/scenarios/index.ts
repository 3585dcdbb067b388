export {
  type AuthoredBlock,
  AuthoredBlockSchema,
  type AuthoredReplies,
  AuthoredRepliesSchema,
  type AuthoredReply,
  AuthoredReplySchema,
  loadAuthoredReplies,
  parseAuthoredReplies,
  type StepLabel,
  StepLabelSchema,
} from "./authored.js";
export {
  loadScenario,
  loadScenarios,
  type ParseFixtureResult,
  parseScenario,
  scenarioRuns,
} from "./load-scenario.js";
export { type FixtureIssue, ScenarioFileError } from "./scenario-file-error.js";
export * from "./schema.js";
