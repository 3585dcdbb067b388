import { describe, expect, it } from "vitest";
import { findNarration, NARRATION_PATTERNS } from "./narration.js";

describe("findNarration", () => {
  it.each([
    {
      text: "As you mentioned, Fly.io is your host.",
      expected: [{ id: "you_said", match: "you mentioned" }],
    },
    {
      text: "You’ve said before that you like tabs.",
      expected: [{ id: "you_said", match: "You've said" }],
    },
    {
      text: "Since you told me you use Railway, run railway up.",
      expected: [{ id: "you_said", match: "you told me" }],
    },
    {
      text: "As noted, the app runs on Fly.",
      expected: [{ id: "as_mentioned", match: "As noted" }],
    },
    {
      text: "Based on your memories, Railway is the host.",
      expected: [{ id: "based_on", match: "Based on your memories" }],
    },
    {
      text: "Based on what you've told me, use Railway.",
      expected: [
        { id: "you_said", match: "you've told me" },
        { id: "based_on", match: "Based on what you've told" },
      ],
    },
    {
      text: "According to my notes, you deploy on Fly.io.",
      expected: [{ id: "according_to", match: "According to my notes" }],
    },
    {
      text: "From my memory of our chats, Fly.io.",
      expected: [{ id: "my_memory", match: "From my memory" }],
    },
    {
      text: "My notes say you deploy on Fly.io.",
      expected: [{ id: "my_memory", match: "My notes say" }],
    },
    {
      text: "I remember that you deploy on Fly.io.",
      expected: [{ id: "i_remember", match: "I remember that you" }],
    },
    { text: "I know you prefer Railway.", expected: [{ id: "i_remember", match: "I know you" }] },
    { text: "I see you deploy on Fly.io.", expected: [{ id: "i_see", match: "I see you" }] },
    {
      text: "I've noted that you are vegetarian.",
      expected: [{ id: "i_noted", match: "I've noted that you" }],
    },
    {
      text: "Last time, you said Railway.",
      expected: [
        { id: "you_said", match: "you said" },
        { id: "last_time", match: "Last time, you said" },
      ],
    },
    {
      text: "Your profile says you're vegetarian.",
      expected: [{ id: "your_memory_says", match: "Your profile says" }],
    },
    {
      text: "If I remember correctly, the app is on Fly.",
      expected: [{ id: "if_i_recall", match: "If I remember correctly" }],
    },
    {
      text: "In our previous conversation we set up Railway.",
      expected: [{ id: "previous_conversation", match: "In our previous conversation" }],
    },
    {
      text: "Same setup as last time we talked.",
      expected: [{ id: "previous_conversation", match: "last time we talked" }],
    },
  ])("catches $text", ({ text, expected }) => {
    expect(findNarration(text)).toEqual(expected);
  });

  it.each([
    "Run fly deploy from the service folder.",
    "As you can see in the log, the build failed.",
    "If you say yes at the prompt, it creates a Postgres app.",
    "The memory limit for the machine is 256 MB; raise it in fly.toml.",
    "Notes: the health check path must return 200.",
    "I see two options in the docs; use the first.",
    "Restart it if the previous session token expired.",
    "Recall that health checks run every 15 seconds.",
  ])("lets ordinary advice through: %s", (text) => {
    expect(findNarration(text)).toEqual([]);
  });

  it("has unique ids", () => {
    const ids = NARRATION_PATTERNS.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
