import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { MESSAGES_URL, testClient, useMessagesApi } from "../../test/messages-api.js";
import { tempStore } from "../../test/temp-store.js";
import { recallForPrompt } from "../boundary/recall-for-prompt.js";
import type { MemoryStore } from "../store/memory-store.js";
import { budgetedRecall } from "./budgeted-recall.js";
import { selectMemories } from "./side-query.js";

const server = useMessagesApi();

// Queries whose word ICU's segmenter cuts to one character, or cuts otherwise in the line
// ("猫叫" in the line, "猫" in the query), or keeps one kana or hangul character as a word, or
// keeps a Korean noun and its particle as one word ("김민수는" in the line, "김민수" in the query).
const CASES = [
  { language: "Chinese, a one-ideograph word", line: "我有一只狗", query: "狗" },
  { language: "Chinese, a name cut in two", line: "cat named 小黑", query: "小黑" },
  { language: "Chinese, in a dictionary word", line: "我的猫叫小白", query: "猫" },
  { language: "Chinese after an emoji", line: "🐙 octopus named 八爪", query: "八爪" },
  { language: "Japanese kanji", line: "庭に犬がいる", query: "犬" },
  { language: "Japanese kana", line: "カメを飼っている", query: "カメ" },
  { language: "Korean, a one-syllable word", line: "우리 개 이름은 바둑이", query: "개" },
  {
    language: "Korean, a name with its topic particle",
    line: "김민수는 의사이다",
    query: "김민수",
  },
  { language: "Korean, a place with its locative particle", line: "서울에 산다", query: "서울" },
  { language: "Korean, a noun with its object particle", line: "개를 키운다", query: "개" },
  { language: "Korean, a particle on both sides", line: "한국어를 배운다", query: "한국어는?" },
  { language: "Korean, two particles", line: "서울에서는 비가 온다", query: "서울" },
  { language: "Korean, a name with 과", line: "박지은과 점심을 먹어요", query: "박지은" },
  // A frequency adverb stays a term: a habit question often shares only it with its line.
  {
    language: "Korean, a frequency adverb",
    line: "항상 지하철로 출근해요",
    query: "항상 뭐 타고 다녀?",
  },
  { language: "English stop words around Chinese", line: "cat named 小黑", query: "who is 小黑?" },
];

// Korean prompts that share with the line only a stop word of the query's language (제 "my", 같이
// "together", 정말 "really") or a syllable a noun merely ends in (고양이 "cat" is not 고양, a city, plus 이).
const UNRELATED = [
  { by: "stop word", line: "김민수는 제 팀장이에요", query: "제 이름이 뭐예요?" },
  { by: "stop word", line: "박지은과 같이 점심을 먹어요", query: "같이 영화 볼래?" },
  { by: "degree adverb", line: "매운 음식을 정말 좋아해요", query: "정말 재미있는 영화 추천해줘" },
  { by: "degree adverb", line: "그냥 집에서 쉬는 게 좋아요", query: "그냥 심심해" },
  {
    by: "last syllable 이",
    line: "고양에서 주말마다 테니스를 쳐요",
    query: "고양이 사료 추천해줘",
  },
  { by: "last syllable 이", line: "우리 집은 큰 길 옆이에요", query: "길이 몇 미터야?" },
  { by: "last syllable 도", line: "경기도에 살아요", query: "축구 경기 결과 알려줘" },
  { by: "last syllable 도", line: "강원 지역 날씨", query: "강원도 여행 가고 싶어" },
];

const OTHER = "likes hiking in Norway";

// The line in a file's body (recall reads lines); the description says nothing of it.
async function bodyFolder(line: string): Promise<MemoryStore> {
  const store = await tempStore();
  await store.write(
    "topics/notes.md",
    `---\nname: notes\ndescription: Notes.\n---\n[stated 2026/05/08] ${line}\n`,
    "new",
  );
  await store.write(
    "topics/travel.md",
    `---\nname: travel\ndescription: Trips.\n---\n[stated 2026/05/08] ${OTHER}\n`,
    "new",
  );
  return store;
}

// The line as a file's description (the side query's catalog holds names and descriptions).
async function describedFolder(line: string): Promise<MemoryStore> {
  const store = await tempStore();
  const file = (name: string, description: string) =>
    `---\nname: ${name}\ndescription: ${description}\n---\n[stated 2026/05/08] something\n`;
  await store.write("topics/notes.md", file("notes", line), "new");
  await store.write("topics/travel.md", file("travel", OTHER), "new");
  return store;
}

describe("every recall surface finds a word of one ideograph, kana or hangul", () => {
  it.each(CASES)("recallForPrompt, $language: $query", async ({ line, query }) => {
    const recalled = await recallForPrompt({ store: await bodyFolder(line), query });
    expect(recalled.units.map((unit) => unit.text)).toEqual([line]);
  });

  it.each(CASES)("budgetedRecall, $language: $query", async ({ line, query }) => {
    const recalled = await budgetedRecall({ store: await bodyFolder(line), query });
    expect(recalled.units.map((unit) => unit.text)).toEqual([line]);
  });

  it.each(CASES)("the side query's keyword match, $language: $query", async ({ line, query }) => {
    const result = await keywordFallback(line, query);
    expect(result.fallback?.reason).toBe("api_error");
    expect(result.rows.map((row) => row.path)).toEqual(["topics/notes.md"]);
  });
});

describe("no recall surface finds a Korean line through a stop word or a noun's last syllable", () => {
  it.each(UNRELATED)("recallForPrompt, $by: $query", async ({ line, query }) => {
    const recalled = await recallForPrompt({ store: await bodyFolder(line), query });
    expect(recalled.units.map((unit) => unit.text)).toEqual([]);
  });

  it.each(UNRELATED)("budgetedRecall, $by: $query", async ({ line, query }) => {
    const recalled = await budgetedRecall({ store: await bodyFolder(line), query });
    expect(recalled.units.map((unit) => unit.text)).toEqual([]);
  });

  it.each(UNRELATED)("the side query's keyword match, $by: $query", async ({ line, query }) => {
    const result = await keywordFallback(line, query);
    expect(result.rows.map((row) => row.path)).toEqual([]);
  });
});

// The side query's keyword match drops a query's stop words as recall's plan does, in the query's
// language: a line sharing only those with the prompt is not matched, one sharing a word is
// (Korean lines sharing only a stop word: UNRELATED above).
const KEYWORD_ROWS = [
  { language: "Korean", line: "김민수는 제 팀장이에요", query: "김민수 알아?", found: true },
  { language: "Chinese", line: "关于旅行的笔记", query: "关于我的鹈鹕", found: false },
  { language: "Chinese", line: "关于旅行的笔记", query: "我的旅行", found: true },
  { language: "Japanese", line: "これは旅行のメモです", query: "これは何ですか", found: false },
  { language: "Japanese", line: "これは旅行のメモです", query: "旅行はいつ", found: true },
  {
    language: "English",
    line: "Docs about the Zig tool",
    query: "tell me about my pelican",
    found: false,
  },
  {
    language: "English",
    line: "Docs about the Zig tool",
    query: "how do I build zig?",
    found: true,
  },
];

describe("the side query's keyword match drops the query's stop words as recall does", () => {
  it.each(KEYWORD_ROWS)("$language: $query, found $found", async ({ line, query, found }) => {
    const result = await keywordFallback(line, query);
    expect(result.rows.map((row) => row.path)).toEqual(found ? ["topics/notes.md"] : []);
  });
});

/** The side query over a folder holding `line`, its model call refused: the keyword match answers. */
async function keywordFallback(line: string, query: string) {
  server.use(
    http.post(MESSAGES_URL, () =>
      HttpResponse.json(
        { type: "error", error: { type: "invalid_request_error", message: "bad model" } },
        { status: 400 },
      ),
    ),
  );
  return selectMemories({ store: await describedFolder(line), client: testClient(), query });
}
