import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { findSplitSecrets } from "./find-split-secrets.js";
import { findSecretsOfEach } from "./secret-guard.js";

// 1,000 sentences of the kind people say about their lives (test/fixtures/everyday-sentences.txt,
// generated from templates: short codes such as "zq27" beside words, tickets, seats, flights,
// doses, amounts, dates, "password" and "PIN" in prose). A refused fact is a lost fact, so none
// may read as a secret. Before the IBAN candidate stopped spanning spaces between single
// characters, some of "my ticket zq27 is for the concert" passed its checksum.
const everyday = async () => {
  const url = new URL("../../test/fixtures/everyday-sentences.txt", import.meta.url);
  return (await readFile(url, "utf8")).split("\n").filter((line) => line !== "");
};

describe("everyday sentences", () => {
  it("none reads as a secret", async () => {
    const sentences = await everyday();
    expect(sentences).toHaveLength(1000);
    const results = await findSecretsOfEach(sentences);
    const flagged = sentences.filter((_, at) => (results[at]?.findings.length ?? 0) > 0);
    console.log(`everyday sentences: ${flagged.length} of ${sentences.length} read as a secret`);
    expect(flagged).toEqual([]);
  });

  // Said one after another as a write pass's facts, each joined with the next as a key's halves
  // are, label words between them dropped: no two make a secret either.
  it("no two neighbours read as a split secret", async () => {
    const sentences = await everyday();
    const split = await findSplitSecrets(sentences);
    const flagged = [...split.keys()].map((index) => sentences[index]);
    console.log(
      `everyday sentences: ${flagged.length} of ${sentences.length} read as half a secret`,
    );
    expect(flagged).toEqual([]);
  });
});
