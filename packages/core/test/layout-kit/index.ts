import { describe } from "vitest";
import type { Layout } from "../../src/layouts/index.js";
import { useMessagesApi } from "../messages-api.js";
import { describeCheckPipeline } from "./check-pipeline.js";
import { describeConflictRetry } from "./conflict-retry.js";
import type { LayoutFixture } from "./fixture.js";
import { describeItems } from "./items.js";
import { describeMemoryToolChecks } from "./memory-tool.js";
import { describeWriteParity } from "./parity.js";
import { describePropose } from "./propose.js";
import { describeWriteRequest } from "./write-request.js";

export type { LayoutFixture, MemoryToolFixture, ProposalGiven } from "./fixture.js";

/**
 * The conformance kit of a layout (in the manner of unstorage's `testDriver`): the write request,
 * the write stage's guarantees, a client's proposals, every row of the check pipeline, a file's items, the memory
 * tool's checks and every writing surface's version-conflict retry, each a table run on `layout`.
 * Call once at the top level of a test file.
 *
 * @param layout - The layout under test.
 * @param fixture - How its files look and how its tool phrases a proposal.
 * @example testLayout(factLayout, FACT_FIXTURE);
 */
export function testLayout(layout: Layout, fixture: LayoutFixture): void {
  describe(`the ${layout.name} layout`, () => {
    const server = useMessagesApi();
    describeWriteRequest(layout, fixture, server);
    describeWriteParity(layout, fixture, server);
    describePropose(layout, fixture);
    describeCheckPipeline(layout, fixture, server);
    describeItems(layout, fixture);
    describeMemoryToolChecks(layout, fixture);
    describeConflictRetry(layout, fixture, server);
  });
}
