import { foldText } from "./fold.js";
import { memoizeText } from "./memo.js";

/**
 * Words that name a person by their relation to someone: relatives, partners, friends and
 * colleagues, in English, German, French, Spanish, Portuguese and Italian (the languages the
 * first-person guard reads; each word's Wiktionary entry). A regular-expression alternation,
 * matched case-insensitively between letters: `sister`, `Schwester`, `hermana`, `fianc[eé]e?`.
 * The first-person guard reads it after "my" ("my sister Ana is allergic"); the duplicate rule
 * reads it to tell "Anna lives in Madrid" from "Anna's sister lives in Madrid" ({@link namedRelations}).
 */
export const RELATION_WORDS =
  "sister|brother|mom|mum|mother|dad|father|wife|husband|partner|boyfriend|girlfriend|fianc[eé]e?|friend|best friend|buddy|coworker|co-worker|colleague|boss|manager|son|daughter|kids?|child|children|neighbou?r|cousin|aunt|uncle|grandma|grandmother|grandpa|grandfather|roommate|flatmate|teammate|niece|nephew|parents|sibling|in-laws|" +
  "schwester|bruder|mutter|mama|vater|papa|frau|mann|freund|freundin|kollege|kollegin|chef|chefin|sohn|tochter|nachbar|nachbarin|" +
  "sœur|soeur|frère|frere|mère|mere|père|pere|femme|mari|ami|amie|copain|copine|collègue|collegue|patron|fils|fille|voisin|voisine|" +
  "hermana|hermano|madre|padre|esposa|esposo|amigo|amiga|compañero|compañera|jefe|jefa|hijo|hija|vecino|vecina|" +
  "irmã|irmão|mãe|pai|mulher|marido|colega|filho|filha|vizinho|vizinha|" +
  "sorella|fratello|moglie|amica|collega|capo|figlio|figlia|vicino|vicina";

// A relation word alone ("sister", not "sisterhood"; "Mann", not "Mannheim").
const RELATION = new RegExp(`(?<![\\p{L}])(?:${RELATION_WORDS})(?![\\p{L}])`, "giu");
// Whose relation it is: a capitalized name's, written before it with "'s" or a German "s"
// ("Anna's sister", "Annas Schwester") or after it with "of" and its words in the other languages
// ("la hermana de Anna", "la sorella di Anna", "la sœur d'Anna", "die Schwester von Anna").
const NAME_BEFORE = /(?:^|[^\p{L}])\p{Lu}[\p{L}\p{M}-]*(?:['’]s?|s)\s+$/u;
const NAME_AFTER = /^\s+(?:(?:of|de|di|da|do|von|del|della|des|du)\s+|d['’]\s*)\p{Lu}/u;

const memoizedRelations = memoizeText((text: string): ReadonlySet<string> => {
  const found = new Set<string>();
  for (const match of text.matchAll(RELATION)) {
    const before = text.slice(0, match.index);
    const after = text.slice(match.index + match[0].length);
    if (NAME_BEFORE.test(before) || NAME_AFTER.test(after)) found.add(foldText(match[0]));
  }
  return found;
});

/**
 * The relation words ({@link RELATION_WORDS}) a text names of someone by name, folded
 * (`foldText`): "Anna's sister", "Annas Schwester", "la hermana de Anna". Such a fact is that
 * relative's, not the named person's: "Anna lives in Madrid" and "Anna's sister lives in Madrid"
 * are two people's facts. "my sister" is not one: in `people/sister.md` "my sister is allergic to
 * shellfish" is the file's own subject, and a fact about the user is told apart by its file.
 *
 * @param text - A fact or a stored line (chars).
 * @returns The folded words, empty when there is none.
 * @example namedRelations("la hermana de Anna vive en Madrid") // Set { "hermana" }
 */
export function namedRelations(text: string): ReadonlySet<string> {
  return memoizedRelations(text);
}

/**
 * Whether two texts name the same relations of a named person ({@link namedRelations}): the
 * duplicate and update rules' test that they speak of the same person.
 *
 * @example sameRelations("Anna lives in Madrid", "Anna's sister lives in Madrid") // false
 */
export function sameRelations(one: string, other: string): boolean {
  const first = namedRelations(one);
  const second = namedRelations(other);
  return first.size === second.size && [...first].every((word) => second.has(word));
}
