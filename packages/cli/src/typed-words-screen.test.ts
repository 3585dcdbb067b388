import { maskSecretsOfEach } from "@memfiles/core/internal";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { typedWordsOutput } from "./typed-words.js";

// The screen, watched: which words the output sends to it, and when. A module mock: this file
// has a module registry of its own (vitest.config.ts).
vi.mock("@memfiles/core/internal", async (original) => {
  const core = await original<typeof import("@memfiles/core/internal")>();
  return { ...core, maskSecretsOfEach: vi.fn(core.maskSecretsOfEach) };
});

const TOKEN = "ghp_Zq8vR2mK9xLp4TnW7yB3cD6fH1jA5sE0uGiO";

describe("typed words are screened only when a printed text holds one", () => {
  const screen = vi.mocked(maskSecretsOfEach);
  beforeEach(() => {
    screen.mockClear();
  });
  const printed = () => {
    const texts: string[] = [];
    return { texts, to: { stdout: (text: string) => texts.push(text), stderr: () => {} } };
  };

  it("a text without a typed word is written at once, and nothing is screened", async () => {
    const { texts, to } = printed();
    const output = typedWordsOutput(["search", "-m", "memory", TOKEN], to);
    output.stdout("No match.\n");
    expect(texts).toEqual(["No match.\n"]);
    await output.written();
    expect(screen).not.toHaveBeenCalled();
  });

  it("only the typed words a text holds are screened, each once, with the words joined", async () => {
    const { texts, to } = printed();
    const output = typedWordsOutput(["search", "-m", "memory", TOKEN], to);
    output.stdout("memory/profile.md\n");
    output.stdout("memory/people/ana.md\n");
    await output.written();
    // The join of the words a command may join with spaces, "memory" among them.
    expect(screen.mock.calls).toEqual([[["memory", `search memory ${TOKEN}`]]]);
    expect(texts).toEqual(["memory/profile.md\n", "memory/people/ana.md\n"]);
  });
});
