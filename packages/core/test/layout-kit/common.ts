import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Layout } from "../../src/layouts/index.js";
import { MemoryStore, type MemoryStoreOptions } from "../../src/store/index.js";
import type { Transcript } from "../../src/transcript/index.js";
import type { LayoutFixture } from "./fixture.js";

/** The model the kit's write passes name. */
export const MODEL = "claude-haiku-4-5";
/** Key-shaped strings are assembled at run time so the repository holds no literal secrets. */
export const FAKE_KEY = ["sk", "ant", "api03", "Zx9Qw7Er5Ty3Ui1Op"].join("-");

/** An empty memory folder in the layout, opened as `Store` (a `MemoryStore` or a subclass). */
export async function storeIn<Store extends MemoryStore = MemoryStore>(
  layout: Layout,
  options: Partial<MemoryStoreOptions> = {},
  Kind: new (options: MemoryStoreOptions) => Store = MemoryStore as never,
): Promise<Store> {
  const root = join(await mkdtemp(join(tmpdir(), `memfiles-kit-${layout.name}-`)), "memory");
  await mkdir(root, { recursive: true });
  return new Kind({ ...options, root, layout: layout.name });
}

/** Writes one stored fact in the layout's file shape; returns its path. */
export async function seed(
  store: MemoryStore,
  fixture: LayoutFixture,
  given: Parameters<LayoutFixture["file"]>[0],
): Promise<string> {
  const path = fixture.path(given.slug);
  await mkdir(dirname(join(store.root, path)), { recursive: true });
  await writeFile(join(store.root, path), fixture.file(given));
  return path;
}

/** A one-turn session of the user on `date`. */
export function session(date: string, said: string): Transcript {
  return { date, sessionId: `s-${date}`, turns: [{ role: "user", content: said }] };
}
