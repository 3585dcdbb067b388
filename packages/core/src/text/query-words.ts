import { foldSearchText } from "./fold-accents.js";
import { searchTermGroups } from "./search-terms.js";
import { queryStopWords } from "./stop-words.js";

const IDEOGRAPH = /\p{Script=Han}/u;

/**
 * The words of a query that a search looks up, in order: each word with the terms added for it
 * (`searchTermGroups`: a CJK word's characters, a Korean noun without its particle), the query's
 * stop words left out (`queryStopWords`, in the query's language). A stop word is left out with
 * the terms added for it, and so is a word whose ideographs are each a stop word ("我的").
 * The one query rule of recall's plan and of the pre-filter's search (decisions 0061, 0067).
 *
 * @param query - Any text: a request, a prompt.
 * @returns The words as written (not folded), with repeats.
 * @example queryWords("告诉我关于我的鹈鹕") // ["告诉", "告", "诉", "鹈鹕", "鹈", "鹕"]
 */
export function queryWords(query: string): string[] {
  const words: string[] = [];
  const groups = searchTermGroups(query);
  const folded = groups.map((group) => group.map(foldSearchText));
  const stops = queryStopWords(folded.flat());
  groups.forEach((group, at) => {
    const foldedGroup = folded[at] as string[];
    if (isStopGroup(foldedGroup, stops)) return;
    group.forEach((word, part) => {
      if (!stops.has(foldedGroup[part] as string)) words.push(word);
    });
  });
  return words;
}

// Whether a word of the query is left out with what is searched for it: a stop word, or a word of
// ideographs that are each a stop word (ICU keeps "我的" as one word; "我" and "的" are stop words).
function isStopGroup(folded: readonly string[], stops: ReadonlySet<string>): boolean {
  const [word, ...parts] = folded;
  if (stops.has(word as string)) return true;
  return (
    parts.length > 0 && IDEOGRAPH.test(word as string) && parts.every((part) => stops.has(part))
  );
}
