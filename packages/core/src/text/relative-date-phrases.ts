// Relative dates chrono-node 2.10 has no parser for, or whose parser misses them: "last"/"next"
// beside a weekday, a week or a weekend in Korean, Turkish, Polish, Swedish and Finnish (chrono's
// sv and fi parsers are left out: see PARSERS), a weekday of last or next week in Chinese and
// Japanese, last or next week in Spanish and Portuguese, and days and weeks ago in Spanish,
// Portuguese ("hace dos días", "há dois dias": chrono reads no number word there), Chinese,
// Japanese, Korean, Turkish, Polish, Swedish and Finnish (decision 0129). Each phrase is Wiktionary's
// (the entries of each word), and each row says what it stands for as chrono reads it: an
// English phrase ("last friday", "last week", "2 days ago"), or for a weekday of last or next
// week the Chinese one ("上周五"), whose parser counts that week's days from its Monday as a
// person saying 先週の金曜日 or 지난주 금요일 does, where English "last friday" is the latest.

/**
 * What a row of {@link RELATIVE_DATE_PHRASES} is read as: chrono's `locale` parses `phrase`;
 * `kind` is the English phrase of the same kind when `phrase` is not English ("last friday" for
 * 上周五: one day, not a week).
 */
export type RelativeDatePhrase = { locale: "en" | "zh"; phrase: string; kind?: string };

/**
 * One row: a regular expression source (matched case-insensitively, Unicode) and what a match
 * stands for, given the match's numbered groups. Latin-script rows are wrapped in word bounds by
 * {@link latin}; Chinese, Japanese and Korean rows bound themselves.
 */
export type RelativeDatePhraseRow = readonly [
  source: string,
  reading: (groups: readonly string[]) => RelativeDatePhrase | undefined,
];

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

// Monday first, in each language's form after "last"/"next" (Wiktionary).
const KOREAN_DAYS = ["월", "화", "수", "목", "금", "토", "일"];
const TURKISH_DAYS = ["pazartesi", "salı", "çarşamba", "perşembe", "cuma", "cumartesi", "pazar"];
// Polish takes the accusative after "w zeszły"/"w przyszły": środę, sobotę, niedzielę.
const POLISH_DAYS = [
  "poniedziałek",
  "wtorek",
  "środę",
  "czwartek",
  "piątek",
  "sobotę",
  "niedzielę",
];
// Swedish "i fredags" is last Friday (a form of its own), "nästa fredag" the next one: the stems.
const SWEDISH_DAY_STEMS = ["månd", "tisd", "onsd", "torsd", "fred", "lörd", "sönd"];
const FINNISH_DAYS = [
  "maanantaina",
  "tiistaina",
  "keskiviikkona",
  "torstaina",
  "perjantaina",
  "lauantaina",
  "sunnuntaina",
];
// Monday to Saturday of a week in Chinese and Japanese. A Sunday of last or next week is left
// out: weeks start on a Monday in China, on a Sunday in many Japanese calendars and in chrono's
// Chinese parser (上周日 on a Monday is the day before yesterday there), so which Sunday is meant
// is not known.
const CHINESE_DAYS = ["一", "二", "三", "四", "五", "六"];
const JAPANESE_DAYS = ["月", "火", "水", "木", "金", "土"];

const english = (phrase: string): RelativeDatePhrase => ({ locale: "en", phrase });
const dayAt = (days: readonly string[], written: string | undefined) =>
  WEEKDAYS[days.indexOf(written?.toLowerCase() ?? "")];
const placed = (place: "last" | "next", days: readonly string[]) => (groups: readonly string[]) => {
  const day = dayAt(days, groups[0]);
  return day === undefined ? undefined : english(`${place} ${day}`);
};
const ofWeek = (place: "last" | "next", days: readonly string[]) => (groups: readonly string[]) => {
  const at = days.indexOf(groups[0] ?? "");
  if (at < 0) return undefined;
  const phrase = `${place === "last" ? "上" : "下"}周${CHINESE_DAYS[at]}`;
  return { locale: "zh" as const, phrase, kind: `${place} ${WEEKDAYS[at]}` };
};
const always = (phrase: string) => () => english(phrase);
const choice = (words: readonly string[]) => `(${words.join("|")})`;

// Number words of Spanish and Portuguese up to ten (Wiktionary), or digits.
const SPANISH_NUMBERS: Record<string, number> = {
  un: 1,
  una: 1,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
};
const PORTUGUESE_NUMBERS: Record<string, number> = {
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  três: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
};
// Turkish, Polish, Swedish and Finnish number words up to ten (Wiktionary).
const TURKISH_NUMBERS: Record<string, number> = {
  bir: 1,
  iki: 2,
  üç: 3,
  dört: 4,
  beş: 5,
  altı: 6,
  yedi: 7,
  sekiz: 8,
  dokuz: 9,
  on: 10,
};
const POLISH_NUMBERS: Record<string, number> = {
  jeden: 1,
  dwa: 2,
  dwie: 2,
  trzy: 3,
  cztery: 4,
  pięć: 5,
  sześć: 6,
  siedem: 7,
  osiem: 8,
  dziewięć: 9,
  dziesięć: 10,
};
const SWEDISH_NUMBERS: Record<string, number> = {
  en: 1,
  ett: 1,
  två: 2,
  tre: 3,
  fyra: 4,
  fem: 5,
  sex: 6,
  sju: 7,
  åtta: 8,
  nio: 9,
  tio: 10,
};
const FINNISH_NUMBERS: Record<string, number> = {
  yksi: 1,
  kaksi: 2,
  kolme: 3,
  neljä: 4,
  viisi: 5,
  kuusi: 6,
  seitsemän: 7,
  kahdeksan: 8,
  yhdeksän: 9,
  kymmenen: 10,
};
// Korean counts days with native words of their own (Wiktionary: 하루 one day, 이틀 two days, …,
// 열흘 ten days) and weeks with 한/두/세/네 before 주.
const KOREAN_DAY_COUNTS = [
  "하루",
  "이틀",
  "사흘",
  "나흘",
  "닷새",
  "엿새",
  "이레",
  "여드레",
  "아흐레",
  "열흘",
];
const KOREAN_WEEK_COUNTS: Record<string, number> = { 한: 1, 두: 2, 세: 3, 네: 4 };

const CJK_DIGITS = "一二三四五六七八九";

// A count written in digits (ASCII or full width), in a language's number words, or in Chinese
// and Japanese numerals up to 99 (十 ten, 二十 twenty, 十二 twelve, 两 two); `undefined` when it is
// none of them.
function countOf(written: string, numbers: Record<string, number> = {}): number | undefined {
  const plain = written.normalize("NFKC").toLowerCase().replace(/\s+/gu, "");
  if (/^\d+$/u.test(plain)) return Number(plain);
  if (numbers[plain] !== undefined) return numbers[plain];
  const cjk = /^([一二两兩三四五六七八九]?)(十?)([一二三四五六七八九]?)$/u.exec(plain);
  if (cjk === null || plain === "") return undefined;
  const [, tens = "", ten = "", ones = ""] = cjk;
  const digit = (numeral: string) =>
    /[两兩]/u.test(numeral) ? 2 : CJK_DIGITS.indexOf(numeral) + 1;
  if (ten === "") return tens !== "" && ones === "" ? digit(tens) : undefined;
  if (/[两兩]/u.test(tens)) return undefined;
  return (tens === "" ? 1 : digit(tens)) * 10 + (ones === "" ? 0 : digit(ones));
}

// "N days ago" or "N weeks ago" as English says it: the count is the first group, the unit the
// last, a day when `isDay` reads it so. A unit that `alone` reads as one ("tydzień temu", a week
// ago) needs no count; a plural one without a count is a few ("kilka dni temu") and no date.
const ago =
  (
    numbers: Record<string, number>,
    isDay: (unit: string) => boolean,
    alone: (unit: string) => boolean = () => false,
  ) =>
  (groups: readonly string[]) => {
    const written = groups.length >= 2 ? groups[0] : undefined;
    const unit = groups[groups.length - 1] ?? "";
    if (written === undefined && !alone(unit)) return undefined;
    const count = written === undefined ? 1 : countOf(written, numbers);
    if (count === undefined || count === 0) return undefined;
    const name = isDay(unit) ? "day" : "week";
    return english(`${count} ${name}${count === 1 ? "" : "s"} ago`);
  };
const koreanAgo = (groups: readonly string[]) => {
  const [written = ""] = groups;
  const native = KOREAN_DAY_COUNTS.indexOf(written) + 1;
  if (native > 0) return english(`${native} day${native === 1 ? "" : "s"} ago`);
  if (written === "일주일") return english("1 week ago");
  const unit = /주$/u.test(written) ? "week" : "day";
  const count = countOf(written.replace(/\s*[일주]$/u, ""), KOREAN_WEEK_COUNTS);
  if (count === undefined || count === 0) return undefined;
  return english(`${count} ${unit}${count === 1 ? "" : "s"} ago`);
};

/** A row source bounded as a word: no letter or hyphen on either side. */
export function latin(source: string): string {
  return `(?<![\\p{L}-])(?:${source})(?![\\p{L}-])`;
}

// A Korean word ends where the next one starts or a particle follows: "지난주에", but not "지난
// 주문" (last order) or "다음 주소" (next address).
const KOREAN_END = "(?=$|[^가-힣]|에|는|도|부터|까지|의)";
const KOREAN_START = "(?<![가-힣])";
// "Two days before" a named thing is no date of its own: in Korean a noun right before the count
// ("시험 이틀 전", two days before the exam; "12월 3일 전", before December 3rd), in Japanese a
// noun or の ("出発の2日前", two days before leaving; "12月2日前", before December 2nd), in
// Turkish a word in the ablative ("toplantıdan iki gün önce", two days before the meeting). A
// Korean word ending in a particle (는, 은, 이, 가, 도, 에, 서, 고, 요) or the pronoun 나/저 may
// stand before "N days ago".
const KOREAN_NO_NOUN_BEFORE = "(?<!(?![는은이가도에서고요나저])[가-힣]\\s+)";
const JAPANESE_NO_NOUN_BEFORE = "(?<![の\\p{Script=Han}\\p{Script=Katakana}ー0-9０-９])";
const TURKISH_NO_ABLATIVE_BEFORE = "(?<!\\p{L}(?:dan|den|tan|ten)\\s+)";
const CJK_COUNT = "[一二两兩三四五六七八九十]{1,3}|[0-9０-９]{1,2}";

/**
 * The rows, in the order they are tried at a place (a longer phrase before the one it holds:
 * "geçen hafta sonu" before "geçen hafta"). Spans, not points in time, stay as written: Spanish
 * "desde hace dos días" and "hace dos días que", Portuguese "há dois dias que"; months and years
 * ago in Spanish and Portuguese are left out, being more often how long something has lasted
 * ("moro aqui há dois anos") than when it happened.
 */
export const RELATIVE_DATE_PHRASES: readonly RelativeDatePhraseRow[] = [
  // Korean: 지난주 금요일 (Friday of last week), 지난 금요일 (last Friday), 지난주, 지난 주말.
  [
    `${KOREAN_START}지난\\s*주\\s*${choice(KOREAN_DAYS.slice(0, 6))}요일`,
    ofWeek("last", KOREAN_DAYS),
  ],
  [
    `${KOREAN_START}다음\\s*주\\s*${choice(KOREAN_DAYS.slice(0, 6))}요일`,
    ofWeek("next", KOREAN_DAYS),
  ],
  [`${KOREAN_START}지난\\s+${choice(KOREAN_DAYS)}요일`, placed("last", KOREAN_DAYS)],
  [`${KOREAN_START}다음\\s+${choice(KOREAN_DAYS)}요일`, placed("next", KOREAN_DAYS)],
  [`${KOREAN_START}지난\\s*주말${KOREAN_END}`, always("last weekend")],
  [`${KOREAN_START}다음\\s*주말${KOREAN_END}`, always("next weekend")],
  [`${KOREAN_START}지난\\s*주${KOREAN_END}`, always("last week")],
  [`${KOREAN_START}다음\\s*주${KOREAN_END}`, always("next week")],
  // Chinese: 上周五 / 上个星期五 (Friday of last week), 上周末, 上周; not 上周五个人 ("five people
  // last week"): a counter after the numeral makes it a number.
  [
    `(上|下)(?:个|個)?(?:周|週|星期|礼拜|禮拜)${choice(CHINESE_DAYS)}(?![个個次天位人名年月点點块塊本件只条條岁歲十百千万萬])`,
    (groups) => ofWeek(groups[0] === "上" ? "last" : "next", CHINESE_DAYS)([groups[1] ?? ""]),
  ],
  ["上(?:个|個)?(?:周|週|星期|礼拜|禮拜)末", always("last weekend")],
  ["下(?:个|個)?(?:周|週|星期|礼拜|禮拜)末", always("next weekend")],
  ["上(?:个|個)?(?:周|週|星期|礼拜|禮拜)(?![一二三四五六日天末])", always("last week")],
  ["下(?:个|個)?(?:周|週|星期|礼拜|禮拜)(?![一二三四五六日天末])", always("next week")],
  // Japanese: 先週の金曜日 / 先週金曜 (Friday of last week), 先週末, 先週.
  [`先週の?${choice(JAPANESE_DAYS)}曜日?`, ofWeek("last", JAPANESE_DAYS)],
  [`来週の?${choice(JAPANESE_DAYS)}曜日?`, ofWeek("next", JAPANESE_DAYS)],
  ["先週末", always("last weekend")],
  ["来週末", always("next weekend")],
  ["先週(?!の?[月火水木金土日]曜|末)", always("last week")],
  ["来週(?!の?[月火水木金土日]曜|末)", always("next week")],
  // Turkish: geçen cuma, gelecek/önümüzdeki pazartesi, geçen hafta sonu, geçen hafta, haftaya.
  [latin(`geçen\\s+${choice(TURKISH_DAYS)}`), placed("last", TURKISH_DAYS)],
  [latin(`(?:gelecek|önümüzdeki)\\s+${choice(TURKISH_DAYS)}`), placed("next", TURKISH_DAYS)],
  [latin("geçen\\s+hafta\\s*sonu"), always("last weekend")],
  [latin("(?:gelecek|önümüzdeki)\\s+hafta\\s*sonu"), always("next weekend")],
  [latin("geçen\\s+hafta"), always("last week")],
  [latin("(?:gelecek|önümüzdeki)\\s+hafta|haftaya"), always("next week")],
  // Polish: w zeszły piątek, w przyszły poniedziałek, w zeszłym tygodniu, w zeszły weekend.
  [
    latin(`(?:w\\s+)?(?:zeszł[yą]|ubiegł[yą]|przeszł[yą])\\s+${choice(POLISH_DAYS)}`),
    placed("last", POLISH_DAYS),
  ],
  [
    latin(`(?:w\\s+)?(?:przyszł[yą]|najbliższ[yą])\\s+${choice(POLISH_DAYS)}`),
    placed("next", POLISH_DAYS),
  ],
  [latin("(?:w\\s+)?(?:zeszły|ubiegły|przeszły)\\s+weekend"), always("last weekend")],
  [latin("(?:w\\s+)?(?:przyszły|najbliższy)\\s+weekend"), always("next weekend")],
  [
    latin(
      "w\\s+(?:zeszłym|ubiegłym|poprzednim|przeszłym)\\s+tygodniu|(?:zeszły|ubiegły|poprzedni)\\s+tydzień",
    ),
    always("last week"),
  ],
  [
    latin("w\\s+(?:przyszłym|następnym)\\s+tygodniu|(?:przyszły|następny)\\s+tydzień"),
    always("next week"),
  ],
  // Swedish: i fredags, nästa fredag, förra veckan, nästa vecka, förra helgen, nästa helg.
  [latin(`i\\s+${choice(SWEDISH_DAY_STEMS)}ags`), placed("last", SWEDISH_DAY_STEMS)],
  [latin(`nästa\\s+${choice(SWEDISH_DAY_STEMS)}ag`), placed("next", SWEDISH_DAY_STEMS)],
  [latin("förra\\s+helgen"), always("last weekend")],
  [latin("nästa\\s+helg"), always("next weekend")],
  [latin("förra\\s+veckan"), always("last week")],
  [latin("nästa\\s+vecka"), always("next week")],
  // Finnish: viime perjantaina, ensi maanantaina, viime viikonloppuna, viime viikolla.
  [latin(`viime\\s+${choice(FINNISH_DAYS)}`), placed("last", FINNISH_DAYS)],
  [latin(`ensi\\s+${choice(FINNISH_DAYS)}`), placed("next", FINNISH_DAYS)],
  [latin("viime\\s+viikonloppuna"), always("last weekend")],
  [latin("ensi\\s+viikonloppuna"), always("next weekend")],
  [latin("viime\\s+viikolla"), always("last week")],
  [latin("ensi\\s+viikolla"), always("next week")],
  // Spanish and Portuguese: la semana pasada, la próxima semana, la semana que viene; a semana
  // passada, a próxima semana, a semana que vem.
  [latin("(?:la\\s+)?semana\\s+pasada"), always("last week")],
  [latin("(?:la\\s+)?(?:pr[óo]xima\\s+semana|semana\\s+que\\s+viene)"), always("next week")],
  [latin("(?:a\\s+)?semana\\s+passada"), always("last week")],
  [latin("(?:a\\s+)?(?:pr[óo]xima\\s+semana|semana\\s+que\\s+vem)"), always("next week")],
  // hace dos días, hace una semana; há dois dias, há uma semana.
  [
    `(?<!desde\\s+)${latin(`hace\\s+(\\d{1,2}|${Object.keys(SPANISH_NUMBERS).join("|")})\\s+(d[íi]as?|semanas?)`)}(?!\\s+que(?![\\p{L}]))`,
    ago(SPANISH_NUMBERS, (unit) => /^d/iu.test(unit)),
  ],
  [
    `(?<!desde\\s+)${latin(`há\\s+(\\d{1,2}|${Object.keys(PORTUGUESE_NUMBERS).join("|")})\\s+(dias?|semanas?)`)}(?!\\s+que(?![\\p{L}]))`,
    ago(PORTUGUESE_NUMBERS, (unit) => /^d/iu.test(unit)),
  ],
  // Days and weeks ago (Wiktionary): Chinese 两天前 / 三个星期前, Japanese 二日前 / 2週間前, Korean
  // 이틀 전 / 3일 전 / 일주일 전, Turkish "iki gün önce", Polish "dwa dni temu" / "tydzień temu",
  // Swedish "för två dagar sedan", Finnish "kaksi päivää sitten". 几天前, "kilka dni temu" (a
  // few) name no count and stay.
  [
    `(?<![的第几幾])(${CJK_COUNT})(?:个|個)?(天|周|週|星期|礼拜|禮拜)(?:之|以)?前`,
    ago({}, (unit) => unit === "天"),
  ],
  [`${JAPANESE_NO_NOUN_BEFORE}(${CJK_COUNT})(日|週間)前`, ago({}, (unit) => unit === "日")],
  [
    `${KOREAN_START}${KOREAN_NO_NOUN_BEFORE}(${KOREAN_DAY_COUNTS.join("|")}|일주일|\\d{1,2}\\s*일|(?:\\d{1,2}|한|두|세|네)\\s*주)\\s*전(?=$|[^가-힣]|에|부터|까지|의)`,
    koreanAgo,
  ],
  [
    // The word bound first: it fails at once inside a word, where the ablative look costs more.
    latin(
      `${TURKISH_NO_ABLATIVE_BEFORE}(\\d{1,2}|${Object.keys(TURKISH_NUMBERS).join("|")})\\s+(gün|hafta)\\s+önce`,
    ),
    ago(TURKISH_NUMBERS, (unit) => unit.toLowerCase() === "gün"),
  ],
  [
    latin(
      `(?:(\\d{1,2}|${Object.keys(POLISH_NUMBERS).join("|")})\\s+)?(dzień|dni|tydzień|tygodnie|tygodni)\\s+temu`,
    ),
    ago(
      POLISH_NUMBERS,
      (unit) => /^d/iu.test(unit),
      (unit) => /^(?:dzień|tydzień)$/iu.test(unit),
    ),
  ],
  [
    latin(
      `för\\s+(\\d{1,2}|${Object.keys(SWEDISH_NUMBERS).join("|")})\\s+(dag|dagar|vecka|veckor)\\s+(?:sedan|sen)`,
    ),
    ago(SWEDISH_NUMBERS, (unit) => /^d/iu.test(unit)),
  ],
  [
    latin(
      `(\\d{1,2}|${Object.keys(FINNISH_NUMBERS).join("|")})\\s+(päivä|päivää|viikko|viikkoa)\\s+sitten`,
    ),
    ago(FINNISH_NUMBERS, (unit) => /^p/iu.test(unit)),
  ],
];
