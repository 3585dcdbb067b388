import { describe, expect, it } from "vitest";
import { checkEvidenceSupport } from "./evidence-support.js";

describe("checkEvidenceSupport", () => {
  it.each([
    [
      "a sentence that states the fact",
      "I drink green tea every day",
      "likes green tea",
      "supported",
    ],
    [
      "a stem shared across forms",
      "We deploy everything on Fly.io",
      "deploys on Fly.io",
      "supported",
    ],
    ["one content word, 12 chars or more", "I'm vegetarian", "is vegetarian", "supported"],
    [
      "a request to forget it",
      "Please forget that my sister lives in Lyon.",
      "the user's sister lives in Lyon",
      "evidence_contradicts",
    ],
    [
      "a request to forget it, another script",
      "忘记我喜欢咖啡。",
      "likes coffee",
      "evidence_contradicts",
    ],
    ["a request to keep it", "Don't forget that I'm vegetarian!", "is vegetarian", "supported"],
    ["two content words under 12 chars", "love tea", "likes tea", "supported"],
    ["a pronoun", "I", "likes tea", "evidence_too_short"],
    ["function words only, under 12 chars", "it is", "likes tea", "evidence_too_short"],
    [
      "function words only, 12 chars or more",
      "it is what it is",
      "likes tea",
      "evidence_unrelated",
    ],
    ["one short content word", "tea", "likes tea", "evidence_too_short"],
    [
      "a sentence about something else",
      "I started a new job in May",
      "likes tea",
      "evidence_unrelated",
    ],
    ["shared function words only", "I am at home", "is at the office", "evidence_unrelated"],
    // Any script: the user turn was 我住在柏林，平时用 Neovim 写代码。我对花生过敏。
    ["Chinese fact, Chinese evidence", "我住在柏林", "住在柏林", "supported"],
    ["Chinese fact, a second Chinese quote", "我对花生过敏", "对花生过敏", "supported"],
    ["English fact from Chinese evidence", "我住在柏林", "lives in Berlin", "supported"],
    ["English fact from mixed evidence", "平时用 Neovim 写代码", "uses Neovim", "supported"],
    ["long Chinese evidence", "我住在柏林，平时用 Neovim 写代码", "住在柏林", "supported"],
    ["Japanese", "東京に住んでいて、毎朝緑茶を飲みます", "毎朝緑茶を飲む", "supported"],
    ["English fact from Japanese", "東京に住んでいます", "lives in Tokyo", "supported"],
    ["Korean", "서울에 살아요", "서울에 산다", "supported"],
    ["English fact from Russian", "живу в Москве", "lives in Moscow", "supported"],
    ["one Chinese word", "柏林", "住在柏林", "evidence_too_short"],
    ["one Chinese word, another script", "柏林", "lives in Berlin", "evidence_too_short"],
    ["Chinese about something else", "我对花生过敏", "住在柏林", "evidence_unrelated"],
    ["a denial", "I'm not a Python developer", "is a Python developer", "evidence_contradicts"],
    ["a denial with have", "I haven't been to Japan", "has not been to Japan", "supported"],
    ["a curly apostrophe", "I haven\u2019t been to Japan", "has not been to Japan", "supported"],
    [
      "a denial with have, kept",
      "I haven\u2019t been to Japan",
      "has been to Japan",
      "evidence_contradicts",
    ],
    [
      "a curly denial",
      "I\u2019m not a Python developer",
      "is a Python developer",
      "evidence_contradicts",
    ],
    ["a denial of a denial", "I do eat pork", "doesn't eat pork", "evidence_contradicts"],
    ["an ended fact", "I stopped drinking coffee", "drinks coffee", "evidence_contradicts"],
    ["a negated fact, negated evidence", "I don't eat pork", "doesn't eat pork", "supported"],
    ["a denial beside the fact", "I don't eat meat, I'm vegetarian", "is vegetarian", "supported"],
    ["the fact after but", "I don't like coffee but I love tea", "likes tea", "supported"],
    ["a denial in another sentence", "I use Vim. I don't use Emacs.", "uses Vim", "supported"],
    [
      "ended, in other words",
      "I no longer live in Berlin",
      "lives in Berlin",
      "evidence_contradicts",
    ],
    [
      "a negation beside it",
      "I can't wait, I'm a Python developer now",
      "is a Python developer",
      "supported",
    ],
    ["ended, in French", "Je ne fume plus.", "fume", "evidence_contradicts"],
    [
      "ended, in German",
      "Ich wohne nicht mehr in Hamburg.",
      "wohnt in Hamburg",
      "evidence_contradicts",
    ],
    ["ended, in Spanish", "Ya no uso Vim.", "usa Vim", "evidence_contradicts"],
    ["quit, longer than the fact", "I quit smoking last year.", "smokes", "evidence_contradicts"],
    [
      "a negation that is not the fact's",
      "I never miss my Monday yoga class",
      "attends yoga class on Mondays",
      "supported",
    ],
    [
      "stopped by, beside the fact",
      "I stopped by the bakery, I love their bread",
      "loves the bakery's bread",
      "supported",
    ],
    ["five graphemes, one word", "👍🏽👍🏽👍🏽👍🏽👍🏽 tea", "likes tea", "evidence_too_short"],
  ])("%s", (_name, evidence, fact, code) => {
    const result = checkEvidenceSupport(evidence, fact);
    expect(result).toEqual({ ok: code === "supported", code });
  });
});
