import { describe, expect, it } from "vitest";
import { dayOfWord } from "./relative-dates-other-languages.js";
import { resolveRelativeDates } from "./resolve-relative-dates.js";

// New-user trial (issue f2): relative dates outside English were saved undated.
describe("resolveRelativeDates in other languages", () => {
  it.each([
    ["Japanese", "明日は歯医者に行く", "2026/09/13は歯医者に行く"],
    ["French", "je commence demain", "je commence 2026/09/13"],
    ["French, a week", "la semaine prochaine je pars", "2026/09/14-2026/09/20 je pars"],
    ["French, a month", "le mois prochain je déménage", "2026/10 je déménage"],
    ["German", "ich fange morgen an", "ich fange 2026/09/13 an"],
    ["Spanish", "empiezo mañana", "empiezo 2026/09/13"],
    ["Portuguese", "começo amanhã", "começo 2026/09/13"],
    ["Italian", "inizio domani", "inizio 2026/09/13"],
    ["Dutch", "ik begin morgen", "ik begin 2026/09/13"],
    ["Chinese", "我明天去看牙医", "我2026/09/13去看牙医"],
    ["Russian", "я начну завтра", "я начну 2026/09/13"],
    ["Ukrainian", "завтра почну", "2026/09/13 почну"],
    // "сегодня" and "сьогодні" hold "год" (year): they were saved as "2026".
    ["Russian, today", "сегодня я купил велосипед", "2026/09/12 я купил велосипед"],
    [
      "Russian, this morning",
      "сегодня утром я купил велосипед",
      "2026/09/12 утром я купил велосипед",
    ],
    ["Ukrainian, today", "сьогодні я купив велосипед", "2026/09/12 я купив велосипед"],
    ["Russian, last year", "в прошлом году я переехал", "2025 я переехал"],
    ["Arabic", "غدا أذهب إلى الطبيب", "2026/09/13 أذهب إلى الطبيب"],
    ["Korean (word list)", "내일은 치과에 간다", "2026/09/13은 치과에 간다"],
    ["Turkish (word list)", "yarın gidiyorum", "2026/09/13 gidiyorum"],
    ["Polish (word list)", "wczoraj zacząłem", "2026/09/11 zacząłem"],
    ["Swedish (word list)", "jag börjar i morgon", "jag börjar 2026/09/13"],
  ])("resolves %s against 2026-09-12", (_, text, expected) => {
    const result = resolveRelativeDates(text, "2026-09-12");
    expect(result.ok && result.text).toBe(expected);
  });

  // A new user's trial (decision 0116): "avant-hier" was saved "avant-2026/12/06" and "mañana
  // por la mañana" "2026/12/08 por la 2026/12/08".
  it.each([
    [
      "French, the day before yesterday",
      "je suis allé chez le médecin avant-hier",
      "je suis allé chez le médecin 2026/09/10",
    ],
    ["French, the day after tomorrow", "Après-demain je pars", "2026/09/14 je pars"],
    ["Spanish, the day before yesterday", "fui al médico anteayer", "fui al médico 2026/09/10"],
    ["Spanish, the day after tomorrow", "me voy pasado mañana", "me voy 2026/09/14"],
    [
      "Spanish, tomorrow morning",
      "tengo cita mañana por la mañana",
      "tengo cita 2026/09/13 por la mañana",
    ],
    ["Portuguese, the day after tomorrow", "vou depois de amanhã", "vou 2026/09/14"],
    ["Portuguese, the day before yesterday", "fui ao médico anteontem", "fui ao médico 2026/09/10"],
    ["Italian, the day before yesterday", "sono partito l'altro ieri", "sono partito 2026/09/10"],
    ["Dutch, the day before yesterday", "ik was eergisteren ziek", "ik was 2026/09/10 ziek"],
    ["Dutch, the day after tomorrow", "ik ga overmorgen", "ik ga 2026/09/14"],
    ["Russian, the day before yesterday", "я был у врача позавчера", "я был у врача 2026/09/10"],
    ["Russian, the day after tomorrow", "я уеду послезавтра", "я уеду 2026/09/14"],
  ])("resolves %s as its day", (_, text, expected) => {
    const result = resolveRelativeDates(text, "2026-09-12");
    expect(result.ok && result.text).toBe(expected);
  });

  // A new user's trial (decision 0123): 一昨日 was saved "一2026/12/06" (chrono read 昨日 in it),
  // 내일모레 "2026/12/08모레", and a time of day chrono read with the day word was deleted
  // ("hier soir j'ai vu un film" saved "2026/12/06 j'ai vu un film"). 2026-12-07 is a Monday.
  it.each([
    ["Japanese, the day before yesterday", "一昨日自転車を買った", "2026/12/05自転車を買った"],
    ["Japanese, with a particle", "一昨日は歯医者に行った", "2026/12/05は歯医者に行った"],
    ["Japanese, three days ago", "一昨昨日買った", "2026/12/04買った"],
    ["Japanese, yesterday", "昨日自転車を買った", "2026/12/06自転車を買った"],
    ["Japanese, the night before yesterday", "一昨日の夜映画を見た", "2026/12/05の夜映画を見た"],
    ["Chinese, the day before yesterday", "前天买了自行车", "2026/12/05买了自行车"],
    ["Chinese, three days ago", "我大前天买了自行车", "我2026/12/04买了自行车"],
    ["Chinese, in three days", "我大后天走", "我2026/12/10走"],
    ["Korean, the day after tomorrow", "내일모레 간다", "2026/12/09 간다"],
    ["Korean, the day before yesterday", "그저께 샀다", "2026/12/05 샀다"],
    ["Korean, the day after tomorrow (모레)", "모레 간다", "2026/12/09 간다"],
    [
      "English, tomorrow morning",
      "tomorrow morning I see the dentist",
      "on the morning of 2026/12/08 I see the dentist",
    ],
    [
      "English, yesterday evening",
      "yesterday evening I watched Dune",
      "on the evening of 2026/12/06 I watched Dune",
    ],
    [
      "English, a clock time",
      "tomorrow at 5pm I see the dentist",
      "on 2026/12/08 at 5pm I see the dentist",
    ],
    // A day of several words: its clock time was deleted with it (a new user's trial).
    [
      "English, the day after tomorrow and a clock time",
      "the day after tomorrow at 9am I have a flight to Oslo",
      "on 2026/12/09 at 9am I have a flight to Oslo",
    ],
    [
      "English, the day before yesterday and a clock time",
      "the day before yesterday at 5pm I sold my car",
      "on 2026/12/05 at 5pm I sold my car",
    ],
    [
      "English, in two days and a clock time",
      "in two days at 9am I fly to Oslo",
      "on 2026/12/09 at 9am I fly to Oslo",
    ],
    [
      "English, two days ago and a clock time",
      "two days ago at 3pm I sold my car",
      "on 2026/12/05 at 3pm I sold my car",
    ],
    [
      "English, last night and a clock time",
      "last night at 11pm my flight landed",
      "on the night of 2026/12/06 at 11pm my flight landed",
    ],
    [
      "German, the day after tomorrow and a clock time",
      "übermorgen um 9 Uhr fliege ich",
      "2026/12/09 um 9 Uhr fliege ich",
    ],
    [
      "French, tomorrow morning",
      "demain matin je vais chez le dentiste",
      "2026/12/08 matin je vais chez le dentiste",
    ],
    ["French, last night", "hier soir j'ai vu un film", "2026/12/06 soir j'ai vu un film"],
    ["French, a clock time", "demain à 15h je pars", "2026/12/08 à 15h je pars"],
    [
      "Italian, tomorrow morning",
      "domani mattina vado dal dentista",
      "2026/12/08 mattina vado dal dentista",
    ],
    [
      "Italian, yesterday evening",
      "ieri sera ho visto un film",
      "2026/12/06 sera ho visto un film",
    ],
    ["Russian, tomorrow morning", "завтра утром иду к врачу", "2026/12/08 утром иду к врачу"],
    [
      "Russian, yesterday evening",
      "вчера вечером смотрел фильм",
      "2026/12/06 вечером смотрел фильм",
    ],
    ["Portuguese, last night", "ontem à noite vi um filme", "2026/12/06 à noite vi um filme"],
    ["German, tomorrow morning", "morgen früh gehe ich", "2026/12/08 früh gehe ich"],
    ["Spanish, tomorrow afternoon", "mañana por la tarde voy", "2026/12/08 por la tarde voy"],
  ])("resolves %s as its day and keeps the rest", (_, text, expected) => {
    const result = resolveRelativeDates(text, "2026-12-07");
    expect(result.ok && result.text).toBe(expected);
  });

  it.each([
    ["Japanese, the year before last", "一昨年東京に引っ越した"],
    ["Japanese, the day after tomorrow", "明後日出発する"],
    ["Korean, these days", "어제오늘 바빴다"],
    ["Korean, a few days ago", "엊그제 샀다"],
  ])("leaves %s as written, unmangled", (_, text) => {
    expect(resolveRelativeDates(text, "2026-12-07")).toEqual({ ok: true, text, resolved: [] });
  });

  it.each([
    ["a Spanish morning", "corro por la mañana"],
    ["a Spanish morning, this one", "esta mañana corrí 10 km"],
    ["a word joined by a hyphen", "le sous-demain est un mot inventé"],
  ])("leaves %s as written", (_, text) => {
    expect(resolveRelativeDates(text, "2026-09-12")).toEqual({ ok: true, text, resolved: [] });
  });

  it.each([
    "va al médico el lunes",
    "오늘날 사람들은 책을 덜 읽는다",
    "Morgan likes tea",
    "the meeting is on Monday",
  ])("leaves %j as written", (text) => {
    expect(resolveRelativeDates(text, "2026-09-12")).toEqual({ ok: true, text, resolved: [] });
  });

  it("refuses a word that means both yesterday and tomorrow (Hindi कल) as relative_date", () => {
    expect(resolveRelativeDates("मैं कल जाऊँगा", "2026-09-12")).toMatchObject({
      ok: false,
      code: "relative_date",
      found: "कल",
    });
  });

  it("refuses without a session date, as in English", () => {
    expect(resolveRelativeDates("je commence demain", "someday")).toMatchObject({
      ok: false,
      code: "no_session_date",
      found: "demain",
    });
  });
});

// "last"/"next" with a weekday or the weekend, in the languages forget knows (decision 0101): the
// same day as the English phrase. 2026-12-07 is a Monday.
describe("a weekday or weekend placed by last/next in another language", () => {
  const ENGLISH = [
    ["moved to Porto last Friday", "moved to Porto on 2026/12/04"],
    ["starts next Monday", "starts on 2026/12/14"],
    ["was in Rome last weekend", "was in Rome on the weekend of 2026/12/05"],
  ];
  it.each(ENGLISH)("English %j is the reference", (text, expected) => {
    expect(resolveRelativeDates(text, "2026-12-07")).toMatchObject({ ok: true, text: expected });
  });

  it.each([
    [
      "German",
      "ich bin letzten Freitag nach Porto gezogen",
      "ich bin 2026/12/04 nach Porto gezogen",
    ],
    ["German, next", "ich fange nächsten Montag an", "ich fange 2026/12/14 an"],
    [
      "German, weekend",
      "letztes Wochenende war ich in Rom",
      "2026/12/05-2026/12/06 war ich in Rom",
    ],
    ["French, next", "je commence lundi prochain", "je commence 2026/12/14"],
    ["French, last", "je suis arrivé vendredi dernier", "je suis arrivé 2026/12/04"],
    ["French, weekend", "le week-end dernier à Rome", "le 2026/12/05-2026/12/06 à Rome"],
    ["Spanish, last", "empecé el viernes pasado", "empecé el 2026/12/04"],
    ["Spanish, next", "empiezo el próximo lunes", "empiezo el 2026/12/14"],
    [
      "Spanish, weekend",
      "el fin de semana pasado fui a Roma",
      "el 2026/12/05-2026/12/06 fui a Roma",
    ],
    [
      "Spanish, next weekend after it",
      "el fin de semana que viene voy a Roma",
      "el 2026/12/19-2026/12/20 voy a Roma",
    ],
    ["Portuguese, last", "comecei na sexta-feira passada", "comecei na 2026/12/04"],
    ["Portuguese, next", "começo na próxima segunda-feira", "começo na 2026/12/14"],
    ["Italian, last", "ho iniziato venerdì scorso", "ho iniziato 2026/12/04"],
    ["Italian, next", "inizio lunedì prossimo", "inizio 2026/12/14"],
    ["Dutch, last", "ik ben afgelopen vrijdag verhuisd", "ik ben 2026/12/04 verhuisd"],
    ["Dutch, next", "ik begin volgende maandag", "ik begin 2026/12/14"],
    ["Russian, last", "я переехал в прошлую пятницу", "я переехал 2026/12/04"],
    ["Russian, next", "начну в следующий понедельник", "начну 2026/12/14"],
  ])("%s: %j", (_, text, expected) => {
    expect(resolveRelativeDates(text, "2026-12-07")).toMatchObject({ ok: true, text: expected });
  });

  // A text's last line break is kept, and the words alone are named (new-user trial: the
  // PreToolUse hint quoted "lundi prochain\n", and the resolved text lost its line break).
  it.each([
    ["je commence lundi prochain\n", "je commence 2026/12/14\n", "lundi prochain"],
    ["ich fange nächsten Montag an\n", "ich fange 2026/12/14 an\n", "nächsten Montag"],
    [
      "nous étions à Nice le week-end dernier\n",
      "nous étions à Nice le 2026/12/05-2026/12/06\n",
      "week-end dernier",
    ],
    ["demain\n", "2026/12/08\n", "demain"],
  ])("%j keeps its line break", (text, expected, named) => {
    expect(resolveRelativeDates(text, "2026-12-07")).toMatchObject({
      ok: true,
      text: expected,
      resolved: [{ text: named }],
    });
  });

  it.each([
    "Freitag ist mein Lieblingstag",
    "am Freitag gehe ich schwimmen",
    "le lundi au soleil",
    "viernes negro",
    "los viernes juego al fútbol",
    "sexta-feira é o meu dia favorito",
    "il venerdì vado in palestra",
    "op vrijdag sport ik",
    "по пятницам я играю в шахматы",
    "das Wochenende ist kurz",
  ])("leaves %j as written", (text) => {
    expect(resolveRelativeDates(text, "2026-12-07")).toEqual({ ok: true, text, resolved: [] });
  });
});

// A new user's trial (decision 0118): "last Friday", last week, "since Monday" and "two days ago"
// were saved as written in the languages below. 2026-12-09 is a Wednesday: last Friday is
// 2026/12/04, last week 2026/11/30-2026/12/06, two days ago 2026/12/07.
describe("last Friday, last week, since Monday and days ago in every language", () => {
  it.each([
    ["English, since", "I have worked there since Monday", "I have worked there since 2026/12/07"],
    ["Chinese", "我上周五搬到了波尔图", "我2026/12/04搬到了波尔图"],
    ["Chinese, 上个星期", "上个星期五我搬家了", "2026/12/04我搬家了"],
    ["Chinese, next", "下周三开会", "2026/12/16开会"],
    ["Japanese", "先週の金曜日にポルトへ引っ越した", "2026/12/04にポルトへ引っ越した"],
    ["Japanese, next", "来週の水曜日に会議", "2026/12/16に会議"],
    ["Korean", "지난 금요일에 포르투로 이사했다", "2026/12/04에 포르투로 이사했다"],
    ["Korean, of last week", "지난주 금요일에 이사했다", "2026/12/04에 이사했다"],
    ["Turkish", "geçen cuma Porto'ya taşındım", "2026/12/04 Porto'ya taşındım"],
    [
      "Turkish, Saturday holds Friday",
      "geçen cumartesi Roma'ya gittim",
      "2026/12/05 Roma'ya gittim",
    ],
    ["Polish", "w zeszły piątek przeprowadziłem się", "2026/12/04 przeprowadziłem się"],
    ["Polish, feminine", "w zeszłą sobotę byłem w Rzymie", "2026/12/05 byłem w Rzymie"],
    ["Swedish", "i fredags flyttade jag till Porto", "2026/12/04 flyttade jag till Porto"],
    // "next" as English "next Friday" reads it: the Friday of next week.
    ["Swedish, next", "nästa fredag börjar jag", "2026/12/18 börjar jag"],
    ["Finnish", "viime perjantaina muutin Portoon", "2026/12/04 muutin Portoon"],
    ["Spanish, days ago", "llegué hace dos días", "llegué 2026/12/07"],
    ["Spanish, a week ago", "empecé hace una semana", "empecé 2026/11/30-2026/12/06"],
    ["Spanish, last week", "la semana pasada fui a Roma", "2026/11/30-2026/12/06 fui a Roma"],
    ["Spanish, next week", "la semana que viene voy a Roma", "2026/12/14-2026/12/20 voy a Roma"],
    ["German, days ago", "ich kam vor zwei Tagen an", "ich kam 2026/12/07 an"],
    ["German, since", "seit Montag arbeite ich dort", "seit 2026/12/07 arbeite ich dort"],
    ["French, days ago", "je suis arrivé il y a trois jours", "je suis arrivé 2026/12/06"],
    ["French, since", "je travaille ici depuis lundi", "je travaille ici depuis 2026/12/07"],
    ["Italian, days ago", "sono arrivato tre giorni fa", "sono arrivato 2026/12/06"],
    ["Portuguese, days ago", "cheguei há dois dias", "cheguei 2026/12/07"],
    [
      "Portuguese, last week",
      "na semana passada fui a Roma",
      "na 2026/11/30-2026/12/06 fui a Roma",
    ],
    ["Russian, days ago", "я приехал два дня назад", "я приехал 2026/12/07"],
    ["Dutch, since", "ik werk hier sinds maandag", "ik werk hier sinds 2026/12/07"],
    ["Chinese, last week", "上周我去了罗马", "2026/11/30-2026/12/06我去了罗马"],
    ["Chinese, last weekend", "上周末我去了罗马", "2026/12/05-2026/12/06我去了罗马"],
    ["Japanese, last week", "先週ローマに行った", "2026/11/30-2026/12/06ローマに行った"],
    ["Korean, last week", "지난주에 로마에 갔다", "2026/11/30-2026/12/06에 로마에 갔다"],
    ["Korean, last weekend", "지난 주말에 로마에 갔다", "2026/12/05-2026/12/06에 로마에 갔다"],
    ["Turkish, last week", "geçen hafta Roma'ya gittim", "2026/11/30-2026/12/06 Roma'ya gittim"],
    ["Turkish, last weekend", "geçen hafta sonu Roma'daydım", "2026/12/05-2026/12/06 Roma'daydım"],
    [
      "Polish, last week",
      "w zeszłym tygodniu byłem w Rzymie",
      "2026/11/30-2026/12/06 byłem w Rzymie",
    ],
    ["Swedish, last week", "förra veckan var jag i Rom", "2026/11/30-2026/12/06 var jag i Rom"],
    ["Finnish, last week", "viime viikolla olin Roomassa", "2026/11/30-2026/12/06 olin Roomassa"],
  ])("%s: %j", (_, text, expected) => {
    expect(resolveRelativeDates(text, "2026-12-09")).toMatchObject({ ok: true, text: expected });
  });

  // Neighbours: a word that holds a day name, a weekday that is a name, a span, a counter.
  it.each([
    ["a company", "customer since Monday.com launched"],
    ["a plural weekday", "since Mondays are busy I run at night"],
    ["a weekday as a name", "Friday is the name of my cat"],
    ["Chinese, five people last week", "我上周五个人去了长城"],
    ["Chinese, a Sunday of last week", "上周日我去了长城"],
    ["Japanese, a Sunday of last week", "先週の日曜日に長城へ行った"],
    ["Korean, last order", "지난 주문을 취소했다"],
    ["Korean, next address", "다음 주소로 보내 주세요"],
    ["Swedish, a Friday treat", "vi har alltid fredagsmys hemma"],
    ["Spanish, a span since", "vivo aquí desde hace dos días"],
    ["Spanish, a span with que", "hace dos días que no duermo"],
    ["Spanish, years ago", "hace dos años me mudé a Lima"],
    ["Portuguese, years lived", "moro aqui há dois anos"],
    ["German, here", "ich wohne hier seit 2020"],
    ["Dutch, here", "ik woon hier sinds 2020"],
  ])("leaves %s as written: %j", (_, text) => {
    expect(resolveRelativeDates(text, "2026-12-09")).toEqual({ ok: true, text, resolved: [] });
  });
});

// Decision 0129: days and weeks ago in Chinese, Japanese, Korean, Turkish, Polish, Swedish and
// Finnish; last night and tonight as one word; German "Morgen" the morning. 2026-12-08 is a
// Tuesday: two days ago is 2026/12/06, a week ago falls in 2026/11/30-2026/12/06.
describe("days ago, a night in one word and the German morning", () => {
  it.each([
    ["Chinese, two days ago", "我两天前买了自行车", "我2026/12/06买了自行车"],
    ["Chinese, the day before yesterday", "前天买了自行车", "2026/12/06买了自行车"],
    ["Chinese, digits", "我3天前到的", "我2026/12/05到的"],
    ["Chinese, ten and two", "十二天前我搬家了", "2026/11/26我搬家了"],
    ["Chinese, weeks", "三个星期前我搬家了", "2026/11/16-2026/11/22我搬家了"],
    ["Chinese, 以前", "两天以前我买了书", "2026/12/06我买了书"],
    ["Japanese, two days ago", "二日前に自転車を買った", "2026/12/06に自転車を買った"],
    ["Japanese, digits", "2日前に自転車を買った", "2026/12/06に自転車を買った"],
    ["Japanese, full-width digits, weeks", "２週間前に買った", "2026/11/23-2026/11/29に買った"],
    ["Japanese, after は", "私は三日前に東京へ行った", "私は2026/12/05に東京へ行った"],
    ["Korean, two days ago", "이틀 전에 샀다", "2026/12/06에 샀다"],
    ["Korean, after a particle", "나는 이틀 전에 샀다", "나는 2026/12/06에 샀다"],
    ["Korean, digits", "3일 전에 샀다", "2026/12/05에 샀다"],
    ["Korean, a week", "일주일 전에 샀다", "2026/11/30-2026/12/06에 샀다"],
    ["Korean, two weeks", "2주 전에 샀다", "2026/11/23-2026/11/29에 샀다"],
    ["Turkish, two days ago", "iki gün önce geldim", "2026/12/06 geldim"],
    ["Turkish, a week ago", "bir hafta önce geldim", "2026/11/30-2026/12/06 geldim"],
    ["Turkish, digits", "3 gün önce geldim", "2026/12/05 geldim"],
    ["Polish, two days ago", "dwa dni temu przyjechałem", "2026/12/06 przyjechałem"],
    ["Polish, a day ago", "dzień temu przyjechałem", "2026/12/07 przyjechałem"],
    ["Polish, a week ago", "tydzień temu przyjechałem", "2026/11/30-2026/12/06 przyjechałem"],
    ["Polish, weeks", "dwa tygodnie temu byłem w Rzymie", "2026/11/23-2026/11/29 byłem w Rzymie"],
    ["Swedish, two days ago", "för två dagar sedan kom jag", "2026/12/06 kom jag"],
    ["Swedish, a week, sen", "jag kom för en vecka sen", "jag kom 2026/11/30-2026/12/06"],
    ["Finnish, two days ago", "kaksi päivää sitten tulin", "2026/12/06 tulin"],
    ["Finnish, weeks", "tulin kolme viikkoa sitten", "tulin 2026/11/16-2026/11/22"],
    ["Spanish, as before", "hace dos días llegué", "2026/12/06 llegué"],
    [
      "English, last night",
      "last night I watched Dune",
      "on the night of 2026/12/07 I watched Dune",
    ],
    ["English, tonight", "tonight I watch Dune", "on the night of 2026/12/08 I watch Dune"],
    [
      "English, yesterday evening",
      "yesterday evening I watched Dune",
      "on the evening of 2026/12/07 I watched Dune",
    ],
    [
      "German, yesterday evening",
      "gestern Abend war ich im Kino",
      "2026/12/07 Abend war ich im Kino",
    ],
    [
      "German, yesterday morning",
      "gestern Morgen war ich laufen",
      "2026/12/07 Morgen war ich laufen",
    ],
    ["German, this morning", "heute Morgen war ich laufen", "2026/12/08 Morgen war ich laufen"],
    [
      "German, tomorrow evening",
      "morgen Abend gehe ich ins Kino",
      "2026/12/09 Abend gehe ich ins Kino",
    ],
    ["German, tomorrow morning", "Morgen früh gehe ich", "2026/12/09 früh gehe ich"],
    ["German, a clock time", "morgen um 15 Uhr gehe ich", "2026/12/09 um 15 Uhr gehe ich"],
    ["German, tomorrow after a verb", "wir gehen morgen ins Kino", "wir gehen 2026/12/09 ins Kino"],
    ["German, tomorrow first", "Morgen ist ein neuer Tag", "2026/12/09 ist ein neuer Tag"],
    ["Chinese, yesterday evening", "昨天晚上我看了电影", "2026/12/07晚上我看了电影"],
    ["Chinese, last night", "昨晚我看了电影", "2026/12/07晚上我看了电影"],
    ["Chinese, tonight", "今晚我看电影", "2026/12/08晚上我看电影"],
    ["Chinese, tomorrow morning", "明天上午开会", "2026/12/09上午开会"],
    ["Japanese, last night", "昨夜映画を見た", "2026/12/07の夜映画を見た"],
    ["Japanese, tonight", "今夜映画を見る", "2026/12/08の夜映画を見る"],
    ["Japanese, yesterday's night", "昨日の夜映画を見た", "2026/12/07の夜映画を見た"],
    ["French, last night", "hier soir j'ai vu un film", "2026/12/07 soir j'ai vu un film"],
    ["Spanish, last night", "anoche vi una película", "2026/12/07 por la noche vi una película"],
    [
      "Spanish, yesterday night",
      "ayer por la noche vi una película",
      "2026/12/07 por la noche vi una película",
    ],
    [
      "Italian, yesterday evening",
      "ieri sera ho visto un film",
      "2026/12/07 sera ho visto un film",
    ],
    ["Italian, tonight", "stasera vedo un film", "2026/12/08 sera vedo un film"],
    ["Dutch, last night", "gisteravond zag ik een film", "2026/12/07 's avonds zag ik een film"],
    ["Dutch, tonight", "vanavond zie ik een film", "2026/12/08 's avonds zie ik een film"],
    ["Portuguese, last night", "ontem à noite vi um filme", "2026/12/07 à noite vi um filme"],
  ])("%s: %j", (_, text, expected) => {
    expect(resolveRelativeDates(text, "2026-12-08")).toMatchObject({ ok: true, text: expected });
  });

  // The same words in other senses: a place, a morning, "then", "before" a named thing, a few.
  it.each([
    ["German, in the morning", "am Morgen trinke ich Kaffee"],
    ["German, every morning", "jeden Morgen laufe ich"],
    ["German, a greeting", "Guten Morgen sagte er"],
    ["German, the morning", "der Morgen war kalt"],
    ["German, an adjective before", "an einem kalten Morgen kam er"],
    ["German, a fine morning", "ein schöner Morgen"],
    ["German, mornings", "morgens trinke ich Tee"],
    ["Dutch, the morning", "de morgen was koud"],
    ["Dutch, every morning", "ik loop elke morgen"],
    ["Chinese, in front of the door", "我在门前等你"],
    ["Chinese, formerly", "以前我住在北京"],
    ["Chinese, a few days ago", "几天前我买了书"],
    ["Chinese, years ago", "十年前我搬到了东京"],
    ["Chinese, the second day before", "第二天前往上海"],
    ["Japanese, in front of the station", "駅の前で会った"],
    ["Japanese, two days before leaving", "出発の2日前に荷造りした"],
    ["Japanese, before December 2nd", "12月2日前に提出する"],
    ["Japanese, before the deadline", "締切3日前に終えた"],
    ["Korean, two days before the exam", "시험 이틀 전에 공부했다"],
    ["Korean, before December 3rd", "12월 3일 전에 내야 한다"],
    ["Korean, a phone call", "이틀 전화를 안 받았다"],
    ["Turkish, before the meeting", "toplantıdan iki gün önce geldim"],
    ["Turkish, first", "önce kahvaltı yaparım"],
    ["Turkish, in advance", "iki gün önceden haber ver"],
    ["Polish, a few days ago", "kilka dni temu byłem w Rzymie"],
    ["Polish, long ago", "dawno temu mieszkałem w Rzymie"],
    ["Swedish, since", "jag har bott här sedan 2020"],
    ["Swedish, then", "sen gick vi hem"],
    ["Finnish, then", "ja sitten menimme kotiin"],
    ["Finnish, a day, then", "se oli hyvä päivä sitten kun satoi"],
    ["German, here", "ich wohne hier seit 2020"],
    // Left as written on purpose (decision 0129): years ago, a time of day without a day word,
    // a night that is last night or tonight, a misspelt "Morgen", a pronoun without a particle.
    ["Chinese, years ago", "两年前我搬家了"],
    ["Japanese, years ago", "2年前に引っ越した"],
    ["Turkish, years ago", "iki yıl önce taşındım"],
    ["French, this evening", "ce soir je vois un film"],
    ["Spanish, tonight", "esta noche veo una película"],
    ["French, last night or tonight", "cette nuit j'ai mal dormi"],
    ["Dutch, last night or tonight", "vannacht sliep ik slecht"],
    ["German, a capital after a verb", "ich gehe Morgen zum Arzt"],
    ["Korean, a pronoun without a particle", "우리 이틀 전에 만났다"],
  ])("leaves %s as written: %j", (_, text) => {
    expect(resolveRelativeDates(text, "2026-12-08")).toEqual({ ok: true, text, resolved: [] });
  });
});

// The day word of a span with a time of day is read by the parsers alone: no rule about the
// text around it ("hier" is yesterday here though "hier" alone is no French sentence).
describe("dayOfWord", () => {
  const instant = new Date("2026-12-08T12:00:00Z");
  it.each([
    ["yesterday", "2026-12-07"],
    ["hier", "2026-12-07"],
    ["gestern", "2026-12-07"],
    ["morgen", "2026-12-09"],
    ["昨天", "2026-12-07"],
    ["ieri", "2026-12-07"],
    ["soir", undefined],
    ["Abend", undefined],
    ["昨", undefined],
  ])("%j is %j", (word, day) => {
    expect(dayOfWord(word, instant)).toBe(day);
  });
});
