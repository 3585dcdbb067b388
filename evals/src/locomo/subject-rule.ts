import { contentWords } from "@memfiles/core/internal";

/**
 * The subject files the oracle's rule writes to, each with the words (stemmed as the write guards
 * stem them) that send a fact there. Written once for LoCoMo's kind of small talk (family, work,
 * hobbies...), not tuned to any question.
 */
export const SUBJECT_KEYWORDS: ReadonlyArray<{ file: string; words: readonly string[] }> = [
  {
    file: "topics/family.md",
    words: [
      "famili",
      "kid",
      "child",
      "children",
      "son",
      "daughter",
      "husband",
      "wife",
      "mom",
      "mother",
      "dad",
      "father",
      "parent",
      "sister",
      "brother",
      "grandma",
      "grandmoth",
      "grandpa",
      "babi",
      "marri",
      "wed",
      "partner",
    ],
  },
  {
    file: "topics/work.md",
    words: [
      "job",
      "work",
      "career",
      "compani",
      "boss",
      "busi",
      "offic",
      "colleagu",
      "project",
      "client",
      "startup",
      "store",
      "shop",
      "promot",
      "interview",
      "hire",
    ],
  },
  {
    file: "topics/health.md",
    words: [
      "health",
      "doctor",
      "hospit",
      "ill",
      "sick",
      "injuri",
      "injur",
      "exercis",
      "gym",
      "diet",
      "therapi",
      "stress",
      "mental",
      "run",
      "yoga",
      "workout",
    ],
  },
  {
    file: "topics/hobbies.md",
    words: [
      "paint",
      "art",
      "music",
      "guitar",
      "piano",
      "violin",
      "book",
      "read",
      "game",
      "hike",
      "camp",
      "photographi",
      "photo",
      "danc",
      "cook",
      "bake",
      "garden",
      "sport",
      "basketbal",
      "footbal",
      "movi",
      "film",
      "write",
      "poem",
      "song",
      "concert",
      "pottery",
      "potteri",
      "craft",
    ],
  },
  {
    file: "topics/travel.md",
    words: [
      "trip",
      "travel",
      "visit",
      "vacat",
      "citi",
      "countri",
      "beach",
      "road",
      "flight",
      "tour",
    ],
  },
  {
    file: "topics/pets.md",
    words: ["dog", "cat", "pet", "puppi", "kitten", "turtl", "hors", "anim"],
  },
  {
    file: "topics/education.md",
    words: [
      "school",
      "class",
      "studi",
      "colleg",
      "degre",
      "cours",
      "univers",
      "teacher",
      "exam",
      "learn",
    ],
  },
  {
    file: "topics/community.md",
    words: [
      "volunt",
      "chariti",
      "support",
      "group",
      "commun",
      "activ",
      "lgbtq",
      "event",
      "church",
      "mentor",
    ],
  },
];

/** Where a fact no subject claims goes. */
export const FALLBACK_FILE = "profile.md";

/**
 * The oracle's file choice for the subject layout, standing in for the model (documented in
 * evals/locomo/README.md): the subject of {@link SUBJECT_KEYWORDS} whose words the fact's content
 * words (stemmed) hit most, ties to the one listed first; none hit: `profile.md`.
 *
 * @param fact - The annotated fact.
 * @returns A memory path, e.g. `topics/family.md`.
 * @example chooseSubjectFile("Melanie takes her kids camping every summer") // "topics/family.md"
 */
export function chooseSubjectFile(fact: string): string {
  const words = contentWords(fact);
  let best: { file: string; hits: number } = { file: FALLBACK_FILE, hits: 0 };
  for (const subject of SUBJECT_KEYWORDS) {
    const hits = words.filter((word) => subject.words.includes(word)).length;
    if (hits > best.hits) best = { file: subject.file, hits };
  }
  return best.file;
}
