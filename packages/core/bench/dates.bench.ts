import { resolveRelativeDates } from "../src/text/resolve-relative-dates.js";
import { type BenchSection, median, ms, timeIt } from "./section.js";

const FACTS = 2_000;
const ROUNDS = 3;

const SETS: ReadonlyArray<[label: string, fact: (index: number) => string]> = [
  ["English, no date", (i) => `deploys service ${i} on Fly.io with blue-green releases`],
  ["English, tomorrow", (i) => `flies to Oslo tomorrow for meeting ${i}`],
  ["Japanese, 明日", (i) => `明日は歯医者に行く ${i}`],
  ["French, demain", (i) => `je commence demain le projet ${i}`],
  ["Korean, 내일 (word list)", (i) => `내일은 치과에 간다 ${i}`],
  ["Chinese, 上周五 (phrase table)", (i) => `我上周五搬到了波尔图 ${i}`],
  ["Spanish, hace dos días (phrase table)", (i) => `llegué hace dos días al proyecto ${i}`],
  ["Chinese, 两天前 (phrase table)", (i) => `我两天前买了自行车 ${i}`],
  ["French, hier soir (a time of day)", (i) => `hier soir j'ai vu le film ${i}`],
  ["Japanese, 一昨日 (day word table)", (i) => `一昨日自転車を買った ${i}`],
];

/** Time per fact of `resolveRelativeDates` with chrono's other locales (issue f2). */
const section: BenchSection = {
  name: "dates",
  title: "relative dates: chrono English plus the other locales, loaded on a cue",
  async run({ log }) {
    const start = performance.now();
    resolveRelativeDates("明日 demain morgen mañana amanhã domani завтра غدا", "2026-09-12");
    log(`First call, loading every locale: ${ms(performance.now() - start)}`);
    log("");
    log("| facts | count | median total | per fact |");
    log("| --- | --- | --- | --- |");
    for (const [label, fact] of SETS) {
      const samples: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        samples.push(
          await timeIt(async () => {
            for (let index = 0; index < FACTS; index++)
              resolveRelativeDates(fact(index), "2026-09-12");
          }),
        );
      }
      log(
        `| ${label} | ${FACTS.toLocaleString("en")} | ${ms(median(samples))} | ${ms(median(samples) / FACTS)} |`,
      );
    }
  },
};

export default section;
