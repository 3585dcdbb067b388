import { describe, expect, it } from "vitest";
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
    ["Arabic", "غدا أذهب إلى الطبيب", "2026/09/13 أذهب إلى الطبيب"],
    ["Korean (word list)", "내일은 치과에 간다", "2026/09/13은 치과에 간다"],
    ["Turkish (word list)", "yarın gidiyorum", "2026/09/13 gidiyorum"],
    ["Polish (word list)", "wczoraj zacząłem", "2026/09/11 zacząłem"],
    ["Swedish (word list)", "jag börjar i morgon", "jag börjar 2026/09/13"],
  ])("resolves %s against 2026-09-12", (_, text, expected) => {
    const result = resolveRelativeDates(text, "2026-09-12");
    expect(result.ok && result.text).toBe(expected);
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
