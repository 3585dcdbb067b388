// The cases of `restatesFact` and `reversesFact`: [fact, stored line, expected]. Shared by their
// own tests and by the write stage's line index, which must give the same answers.

/** Whether the fact only restates the line. */
export const RESTATEMENT_CASES: ReadonlyArray<readonly [string, string, boolean]> = [
  ["main editor is Neovim", "uses Neovim as the main editor", true],
  ["Neovim is the user's main editor", "uses Neovim as the main editor", true],
  ["deploys to Fly.io", "[stated 2026/09/12] deploys on Fly.io (previously Heroku)", true],
  ["is allergic to peanuts", "has a peanut allergy: allergic to peanuts", true],
  ["住在柏林", "我住在柏林", true],
  ["uses Neovim and tmux", "uses Neovim as the main editor", false],
  ["eats pork", "doesn't eat pork anymore", false],
  ["does not eat pork", "doesn't eat pork anymore", true],
  ["deploys on Railway", "deploys on Fly.io", false],
  ["the", "uses Neovim", false],
  // New-user trial: two languages, not one word "C".
  ["writes C++ at work", "writes C# at work", false],
  ["writes C# at work", "[stated 2026/09/12] writes C# at work daily", true],
  // A reversed fact is not a restatement of its opposite, in either direction.
  ["lives in Berlin", "used to live in Berlin", false],
  ["drinks coffee", "stopped drinking coffee", false],
  ["uses Vim", "quit using Vim for Emacs", false],
  ["stopped drinking coffee", "drinks coffee", false],
  ["used to live in Berlin", "lives in Berlin", false],
  ["drinks coffee", "gave up coffee", false],
  ["works at Google", "former Google engineer, works at Google no more", false],
  ["lives in Berlin", "moved away from Berlin", false],
  ["wohnt in Berlin", "wohnt nicht mehr in Berlin", false],
  ["vive en Madrid", "ya no vive en Madrid", false],
  ["在柏林住", "不再在柏林住", false],
  // Same polarity still restates.
  ["quit drinking coffee", "stopped drinking coffee", true],
  ["is used to cold weather", "got used to cold weather", true],
  // A long hand-written line that happens to hold a short fact's words does not state it.
  [
    "likes painting",
    "Wow, Melanie! The colors really blend nicely. Painting looks like a great outlet for expressing yourself.",
    false,
  ],
  ["deploys on Fly.io", "deploys on Fly.io (previously Heroku, moved in August)", true],
];

/** Whether the fact says the opposite of the line. */
export const REVERSAL_CASES: ReadonlyArray<readonly [string, string, boolean]> = [
  ["lives in Berlin", "used to live in Berlin", true],
  ["drinks coffee", "stopped drinking coffee", true],
  ["uses Vim", "quit using Vim for Emacs", true],
  ["stopped drinking coffee", "drinks coffee", true],
  ["no longer lives in Berlin", "lives in Berlin", true],
  ["lives in Berlin", "moved away from Berlin", true],
  ["eats pork", "doesn't eat pork anymore", true],
  ["wohnt in Berlin", "wohnt nicht mehr in Berlin", true],
  ["vive en Madrid", "ya no vive en Madrid", true],
  ["在柏林住", "不再在柏林住", true],
  ["smoke alarm beeps at night", "quit smoking", false],
  ["drinks tea", "stopped drinking coffee", false],
  ["drinks coffee", "drinks coffee", false],
  ["is used to cold weather", "got used to cold weather", false],
  ["deploys to Fly.io", "deploys on Fly.io (previously Heroku)", false],
];
