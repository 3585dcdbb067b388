import { describe, expect, it } from "vitest";
import { findQuestionsBack } from "./question-back.js";

describe("findQuestionsBack", () => {
  it.each([
    {
      name: "a second-person question",
      text: "Which host do you use? I can tailor it.",
      expected: ["Which host do you use?"],
    },
    {
      name: "an offer in the model's voice",
      text: "Shall I write the config? It takes a minute.",
      expected: ["Shall I write the config?"],
    },
    {
      name: "a closing question without 'you'",
      text: "Run fly deploy.\n\nAnything else?",
      expected: ["Anything else?"],
    },
    {
      name: "a question in a list item",
      text: "Steps:\n- Are your secrets set?\n- Run the deploy.",
      expected: ["Are your secrets set?"],
    },
    {
      name: "a bolded question",
      text: "**Do you want Postgres too?** It is one command.",
      expected: ["Do you want Postgres too?"],
    },
    {
      name: "typographic apostrophes",
      text: "Where’re you deploying? Tell me.",
      expected: ["Where're you deploying?"],
    },
  ])("finds $name", ({ text, expected }) => {
    expect(findQuestionsBack(text)).toEqual(expected);
  });

  it.each([
    { name: "statements only", text: "Run `fly launch`, then `fly deploy`." },
    {
      name: "a rhetorical question answered in place",
      text: "Why Fly.io? Its machines start in seconds. Run fly deploy.",
    },
    {
      name: "a heading that ends in ? (even one addressing the user)",
      text: "## Which host should you pick?\nFly.io: it builds the image for you. Run fly deploy.",
    },
    { name: "a ? in a code fence", text: "```sh\nls src/*.t?\n```\nThen deploy." },
    {
      name: "a question to the user inside a code fence",
      text: "```js\n// which region do you want?\nconst region = process.env.REGION;\n```\nThen deploy.",
    },
    { name: "a ? in inline code", text: "Use `a ? b : c` for the port. Done." },
    {
      name: "a quoted CLI prompt",
      text: 'Answer no when it asks "Would you like to set up a Postgres database now?" and deploy.',
    },
    { name: "an unclosed fence", text: "Deploy with:\n```\nwhat? fly deploy" },
  ])("allows $name", ({ text }) => {
    expect(findQuestionsBack(text)).toEqual([]);
  });
});
