import { lazy } from "./lazy.js";

// Letters and digits around a word: `\b` in a JavaScript regex knows only ASCII.
const START = "(?<![\\p{L}\\p{N}])";
const END = "(?![\\p{L}\\p{N}])";
const word = (alternatives: string) => `${START}(?:${alternatives})${END}`;

/**
 * Phrases that say a stated fact has ended ("used to live in Berlin", "stopped drinking coffee",
 * "quit using Vim", "no longer", "former", "gave up", "moved away from"), in English and in the
 * other languages the relative-date and password rules cover (Japanese, Chinese, Korean, French,
 * German, Spanish, Portuguese, Italian, Dutch, Russian, Ukrainian, Arabic; each language's usual
 * words for "no longer", "used to", "stopped", "former", from Wiktionary's translations of those
 * English entries). Matched on folded text (see `foldText`). "Previously" is left out: a merged
 * line says "deploys on Fly.io (previously Heroku)" of a fact that still holds. Built on first use
 * (the write pass and consolidation ask; a process that only recalls never does).
 *
 * @returns The regex (flags `giu`), the same object on every call.
 * @example "used to live in Berlin".replace(endedPhrases(), "") // " live in Berlin"
 */
export const endedPhrases = lazy(
  () =>
    new RegExp(
      [
        // English; "got used to" and "is used to" say the opposite of "used to".
        `${START}(?<!(?:got|get|gets|getting|is|am|are|was|were|be|been|become|became) )used to${END}`,
        word(
          "no longer|not any ?more|no more|stopped|stopping|quit|quits|quitting|gave up|give up|given up|gives up|giving up|former|formerly|ex|moved (?:away|out)(?: of| from)?|moved from|ceased|retired from",
        ),
        // German, Dutch
        word(
          "nicht mehr|keine? mehr|keinen mehr|nicht länger|früher|ehemalige?[nrs]?|aufgehört|hörte auf|gab auf|aufgegeben|weggezogen|niet meer|geen \\p{L}+ meer|gestopt|vroeger|voormalige?|verhuisd uit|verhuisd van",
        ),
        // French, Spanish, Portuguese, Italian
        word(
          "ne \\p{L}+ plus|n'\\p{L}+ plus|ne plus|plus jamais|a arrêté|arrêté de|autrefois|ancien|ancienne|avait l'habitude|a quitté|a déménagé de|a abandonné|ya no|dejó de|dejo de|solía|solia|se mudó de|abandonó|já não|não \\p{L}+ mais|parou de|deixou de|costumava|non più|non \\p{L}+ più|ha smesso|smesso di|ha lasciato|un tempo|una volta",
        ),
        // Russian, Ukrainian, Arabic
        word(
          "больше не|уже не|бросил|бросила|бросили|перестал|перестала|перестали|раньше|бывший|бывшая|більше не|вже не|кинув|кинула|перестав|перестала|раніше|колишній|колишня|لم يعد|لم تعد|توقف عن|توقفت عن|سابقا|سابقاً|كان سابقا",
        ),
        // Chinese, Japanese, Korean: no spaces between words, so no boundaries either.
        "不再|已经不|已經不|以前|曾经|曾經|戒了|辞去|辭去|搬离|搬離|停止了|不干了|やめた|辞めた|止めた|以前は|かつて|もう.{0,8}ない|더 이상|그만뒀|그만두었|예전에|전에는",
      ].join("|"),
      "giu",
    ),
);
