import { foldSearchText } from "./fold-accents.js";
import { LIST_MARKER } from "./list-marker.js";
import { splitWords } from "./split-words.js";
import { endsSentence, queryStopWords } from "./stop-words.js";

/** One fact of a fact file's body: its text (list marker dropped) and its body lines (0-based). */
export type BodyFact = { text: string; lines: number[] };

// `**Why:** …` and `**How to apply:** …` (Claude Code's feedback and project files) and indented
// lines say more about the fact above them, so they go with it.
const CONTINUATION = /^(?:\s+\S|\s*\*\*[^*\n]+:\*\*)/;
/** A Markdown heading line (`# …`): no fact, and never dropped by an update or a forget. */
export const HEADING = /^\s*#/;

/**
 * The facts of a fact file's body (decisions 0059, 0068): each line of text (a bullet, a line
 * `remember` added), with the lines that continue it: indented lines, `**Why:**` lines, and the
 * lines of a hard-wrapped sentence (a line that ends no sentence, followed by lines up to one
 * that ends it; a line starting with a capital letter only after a function word or a comma).
 * Blank lines and headings are no fact.
 *
 * @param body - The body as parsed (`FactFile.body`), any line breaks.
 * @returns The facts in order; `lines` are 0-based lines of `body`.
 * @example bodyFacts("Edits in Helix.\n- Vim keys\n  everywhere\n") // [{ text: "Edits in Helix.", lines: [0] }, { text: "Vim keys everywhere", lines: [1, 2] }]
 */
export function bodyFacts(body: string): BodyFact[] {
  const facts: BodyFact[] = [];
  const lines = body.split(/\r?\n/);
  lines.forEach((line, at) => {
    if (!isFactLine(line)) return;
    const last = facts[facts.length - 1];
    const follows = last !== undefined && last.lines.at(-1) === at - 1;
    if (follows && (CONTINUATION.test(line) || wrapsSentence(lines, at))) {
      last.lines.push(at);
      last.text += ` ${line.trim()}`;
    } else {
      facts.push({ text: line.replace(LIST_MARKER, "").trim(), lines: [at] });
    }
  });
  return facts;
}

const isFactLine = (line: string) => line.trim() !== "" && !HEADING.test(line);

// The Unicode property Sentence_Terminal (. ! ? 。 ！ ？ । ...) and an ellipsis, then closing
// quotes and brackets: the end of a sentence in any script.
const SENTENCE_END = /[\p{Sentence_Terminal}…][\p{Pe}\p{Pf}\p{Pi}"']*$/u;
const STARTS_CAPITAL = /^\p{Lu}/u;
// A comma, semicolon, colon, dash or opening bracket or quote: a line ending so goes on.
const OPEN_END = /[,;:\-–—\p{Ps}\p{Pi}]$/u;

// Whether line `at` carries on the sentence the line before it began: that line ends no sentence,
// and from `at` on, lines that are no list item reach one that does. Lines that end no sentence at
// all stay apart: they are a list of facts without full stops (a shopping list, a name and an
// address).
function wrapsSentence(lines: readonly string[], at: number): boolean {
  if (SENTENCE_END.test((lines[at - 1] ?? "").trimEnd())) return false;
  for (let next = at; next < lines.length; next++) {
    const line = lines[next] ?? "";
    if (!isFactLine(line) || LIST_MARKER.test(line)) return false;
    if (STARTS_CAPITAL.test(line.trim()) && !goesOnAfter(lines[next - 1] ?? "", line)) return false;
    if (SENTENCE_END.test(line.trimEnd())) return true;
  }
  return false;
}

// Whether a line starting with a capital letter goes on from the open line above it. `remember`
// writes facts without full stops, so a capital after an open line is a new fact ("The user
// prefers Vim keybindings" / "The user writes Rust at work."), unless the line above cannot end
// there: it ends in a comma or the like, or in a function word of its language (the query's stop
// words, `queryStopWords`: "with" / "Marta", "mit dem" / "Fahrrad") that is no adverb a sentence
// can end in (`endsSentence`: "jazz too" / "Mondays ..."), and the line itself does not start with
// one ("... uses it" / "The user deploys ..."). A content word before the break ("their
// sister" / "Marta") cannot be told from a fact without a full stop: the lines stay apart.
function goesOnAfter(above: string, line: string): boolean {
  const [first] = wordsOf(line);
  const aboveWords = wordsOf(above);
  const stops = queryStopWords([...aboveWords, ...wordsOf(line)]);
  if (first === undefined || stops.has(first)) return false;
  if (OPEN_END.test(above.trimEnd())) return true;
  const last = aboveWords.at(-1);
  return last !== undefined && stops.has(last) && !endsSentence(last);
}

// A line's words as the stop-word lists hold them (apostrophes dropped, folded as search folds).
const wordsOf = (text: string) => splitWords(text).map(foldSearchText);
