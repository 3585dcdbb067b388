import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { openDatabase } from "../src/index.js";
import { describeClosing } from "./closing-contract.js";

// A PGlite folder, so what the calls left is read back after the database is opened again.
const folder = await mkdtemp(join(tmpdir(), "memfiles-closed-"));
afterAll(() => rm(folder, { recursive: true, force: true }));

describeClosing("PGlite", () => openDatabase({ dataDir: join(folder, "db") }), "closing");
