import { maskSecretsOfEach, REDACTED, shownArgument, shownText } from "@memfiles/core/internal";

/** Where printed text goes: the process's streams, or a test's. */
export type PrintedOutput = {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
};

/** {@link PrintedOutput} showing typed words as core shows them; see {@link typedWordsOutput}. */
export type TypedWordsOutput = PrintedOutput & {
  /** A text (a question to ask) as it would be printed. */
  shown: (text: string) => Promise<string>;
  /** Resolves when every text given so far is written; rejects when the secret check failed. */
  written: () => Promise<void>;
};

/**
 * How `memfiles` prints what the user typed: each typed word that core's `shownArgument` would
 * not echo (a secret the guard flags, or a word over core's cap of 160 chars) is replaced by its
 * shown form wherever it appears, also JSON-escaped (a value quoted with `JSON.stringify`). A
 * word is each argument and what the parser can make of it: the value of `--option=value`, the
 * value of a short option written with it (`-m<folder>`) and the rest commander reports after a
 * short flag (`-y<rest>` → `-<rest>`), and each part of those between `/` (a message may name a
 * folder as a resolved path). The words a command may join with spaces (a query) are checked
 * joined too: a secret found only there (`password hunter2`, a key typed as two arguments) is
 * shown as the join masked, and each of its words the mask removed as `[redacted]` wherever it
 * appears. `runMemfiles` prints every line, its own errors and commander's included, through
 * this, so no message need do it itself.
 *
 * Lazy: a word is screened (`maskSecretsOfEach`; the secret check loads only for what the screen
 * cannot clear), with the joins it is in, when a text about to be printed contains it, not
 * before. A text holding a word not yet screened waits for it, and every text after it keeps its
 * place in the order.
 *
 * @param argv - The words typed after the program name, e.g. `["ls", "ghp_…"]`.
 * @param to - Where the shown text goes.
 * @returns The output to print through; await `written()` before the process ends.
 * @example typedWordsOutput(["ls", token], io).stderr(`No memory folder at /x/${token}.\n`) // prints "No memory folder at /x/[redacted].\n"
 */
export function typedWordsOutput(argv: readonly string[], to: PrintedOutput): TypedWordsOutput {
  const { forms, joinsOf, membersOf } = formsOf(argv);
  // Each typed word's (or join's) shown form once decided; `undefined` is "shown as typed".
  const decided = new Map<string, string | undefined>();
  let queue: Promise<void> | undefined;

  // A word is decided with the joins it is in: a secret typed over several words is found there.
  const needed = (form: Form) => [form.word, ...(joinsOf.get(form.word) ?? [])];
  const ready = (form: Form) => needed(form).every((word) => decided.has(word));
  const contained = (text: string) => forms.filter((form) => text.includes(form.text));
  const apply = (text: string, found: readonly Form[]) => {
    let shown = text;
    for (const form of found) {
      const replacement = decided.get(form.word);
      if (replacement === undefined) continue;
      const as = form.json ? JSON.stringify(replacement).slice(1, -1) : replacement;
      if (shown.includes(form.text)) shown = shown.split(form.text).join(as);
    }
    return shown;
  };
  const shown = async (text: string) => {
    const found = contained(text);
    const pending = [...new Set(found.flatMap(needed))].filter((w) => !decided.has(w));
    if (pending.length > 0) {
      const masked = await maskSecretsOfEach(pending);
      const hidden: string[] = [];
      for (const [at, word] of pending.entries()) {
        const maskedText = masked[at]?.text ?? REDACTED;
        const suspect = maskedText !== word || shownText(word) !== word;
        const as = suspect ? await shownArgument(word) : word;
        decided.set(word, as === word ? undefined : as);
        // A word of a join the check flagged, gone from the join as masked, is (part of) a secret.
        if (maskedText !== word)
          for (const member of membersOf.get(word) ?? [])
            if (!maskedText.includes(member)) hidden.push(member);
      }
      for (const member of hidden) decided.set(member, REDACTED);
    }
    return apply(text, found);
  };
  const print = (write: (text: string) => void) => (text: string) => {
    const found = contained(text);
    if (queue === undefined && found.every(ready)) {
      write(apply(text, found));
      return;
    }
    const previous = queue ?? Promise.resolve();
    const next: Promise<void> = previous.then(async () => {
      write(await shown(text));
      if (queue === next) queue = undefined;
    });
    queue = next;
  };
  return {
    stdout: print(to.stdout),
    stderr: print(to.stderr),
    shown,
    written: async () => {
      while (queue !== undefined) await queue;
    },
  };
}

/** One way a typed word may appear in printed text: as it is, or JSON-escaped. */
type Form = { word: string; text: string; json: boolean };

/** The typed words' forms, and which joins of positional words each word is in. */
type Forms = {
  forms: Form[];
  joinsOf: Map<string, string[]>;
  membersOf: Map<string, string[]>;
};

// Longest first, so a word inside a longer one is not replaced in it first.
function formsOf(argv: readonly string[]): Forms {
  const words = new Set<string>();
  for (const typed of argv) {
    const parsed = [typed, ...parsedParts(typed)];
    for (const part of parsed) {
      words.add(part);
      for (const piece of part.split("/")) words.add(piece);
    }
  }
  const joinsOf = new Map<string, string[]>();
  const membersOf = new Map<string, string[]>();
  for (const members of positionalRuns(argv)) {
    const join = members.join(" ");
    if (members.length < 2 || membersOf.has(join)) continue;
    words.add(join);
    membersOf.set(join, members);
    for (const member of members) joinsOf.set(member, [...(joinsOf.get(member) ?? []), join]);
  }
  words.delete("");
  const forms = [...words].flatMap((word) => {
    const json = JSON.stringify(word).slice(1, -1);
    return [
      { word, text: word, json: false },
      ...(json === word ? [] : [{ word, text: json, json: true }]),
    ];
  });
  return { forms: forms.sort((a, b) => b.text.length - a.text.length), joinsOf, membersOf };
}

// The words a command may join with spaces (`search`'s words, `forget`'s query): the typed words
// without options, once with each word after an option (it may be the option's value) and once
// without. Core's check of a join finds a secret typed over several words, e.g. `password hunter2`.
function positionalRuns(argv: readonly string[]): string[][] {
  const withValues: string[] = [];
  const withoutValues: string[] = [];
  let afterOption = false;
  for (const [at, typed] of argv.entries()) {
    if (typed === "--") {
      const rest = argv.slice(at + 1);
      return [
        [...withValues, ...rest],
        [...withoutValues, ...rest],
      ];
    }
    const option = typed.startsWith("-") && typed.length > 1;
    if (!option) {
      withValues.push(typed);
      if (!afterOption) withoutValues.push(typed);
    }
    afterOption = option && !typed.includes("=");
  }
  return [withValues, withoutValues];
}

// What commander makes of a typed word besides the word: `--option=value`'s value; for `-x<rest>`
// the value of a short option written with it (`-m./memory`) and, when `-x` is a flag, the rest
// as commander parses it next (`-<rest>`, and so on for each flag of a cluster like `-yv…`).
function parsedParts(typed: string): string[] {
  const parts: string[] = [];
  const value = /^--?[^=\s]+=(.*)$/s.exec(typed)?.[1];
  if (value !== undefined) parts.push(value);
  if (typed.startsWith("--")) return parts;
  let rest = typed;
  for (let flag = 0; flag < SHORT_FLAG_CLUSTER && /^-./s.test(rest) && rest.length > 2; flag++) {
    rest = `-${rest.slice(2)}`;
    parts.push(rest.slice(1), rest);
  }
  return parts;
}

// Short flags commander splits off one word, one after another: `forget -y` is memfiles' only
// short flag, and no person types four in one word.
const SHORT_FLAG_CLUSTER = 4;
