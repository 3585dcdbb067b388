// A tiny conversation in the LoCoMo JSON shape, written for the tests (no dataset text): two
// speakers, three sessions dated in three ways, annotated facts per speaker, and questions.
import type { LocomoSample } from "../src/locomo/index.js";

export const SYNTHETIC_SAMPLE: LocomoSample = {
  sample_id: "syn-1",
  conversation: {
    speaker_a: "Ana",
    speaker_b: "Ben",
    session_1_date_time: "1:56 pm on 8 May, 2023",
    session_1: [
      {
        speaker: "Ana",
        dia_id: "D1:1",
        text: "Hi Ben! I just adopted a beagle puppy called Pixel.",
      },
      {
        speaker: "Ben",
        dia_id: "D1:2",
        text: "Congrats Ana! I started guitar lessons on Tuesdays.",
      },
      { speaker: "Ana", dia_id: "D1:3", text: "Nice. My sister Marta moved to Lisbon last week." },
      { speaker: "Ben", dia_id: "D1:4", text: "Lisbon is lovely in spring." },
    ],
    session_2_date_time: "May 25, 2023",
    session_2: [
      { speaker: "Ben", dia_id: "D2:1", text: "How is the new job going?" },
      {
        speaker: "Ana",
        dia_id: "D2:2",
        text: "Great, I work as a nurse at the city hospital now.",
      },
      { speaker: "Ben", dia_id: "D2:3", text: "My band plays its first concert in June!" },
      {
        speaker: "Ana",
        dia_id: "D2:4",
        text: "That is wonderful news, congratulations to all of you!",
      },
    ],
    session_3_date_time: "2023-06-09",
    session_3: [
      { speaker: "Ana", dia_id: "D3:1", text: "Pixel learned to fetch the frisbee at the beach." },
      { speaker: "Ben", dia_id: "D3:2", text: "Ha! Smart dog. I'm reading a novel about sailors." },
    ],
  },
  observation: {
    session_1_observation: {
      Ana: [
        ["Ana adopted a beagle puppy named Pixel.", "D1:1"],
        ["Ana's sister Marta moved to Lisbon.", "D1:3"],
        // Annotated with Ben's turn: not Ana's own words, so not sent.
        ["Ana thinks Lisbon is lovely.", "D1:4"],
      ],
      Ben: [["Ben takes guitar lessons on Tuesdays.", ["D1:2"]]],
    },
    session_2_observation: {
      Ana: [
        ["Ana works as a nurse at the city hospital.", "D2:2"],
        // Shares no content word with its turn (D2:4): evidence_unrelated.
        ["Ana is happy for Ben's band.", "D2:4"],
        // A dialogue id no turn has: not sent.
        ["Ana likes concerts.", "D9:9"],
      ],
      Ben: [["Ben's band plays its first concert in June.", "D2:3"]],
    },
    session_3_observation: {
      Ana: [["Pixel fetches a frisbee at the beach.", "D3:1"]],
      Ben: [["Ben is reading a novel about sailors.", "D3:2"]],
    },
  },
  qa: [
    {
      question: "What breed of puppy was adopted?",
      answer: "beagle",
      evidence: ["D1:1"],
      category: 1,
    },
    {
      question: "Where does Ana work as a nurse?",
      answer: "city hospital",
      evidence: ["D2:2"],
      category: 2,
    },
    {
      question: "Which instrument lessons are on Tuesdays?",
      answer: "guitar",
      evidence: ["D1:2"],
      category: 1,
    },
    // No word of it is in any turn or description: found only by the recency fill.
    { question: "Who went away recently?", evidence: ["D1:3"], category: 4 },
    { question: "Would Ana enjoy quantum physics?", evidence: ["D9:1"], category: 3 },
    { question: "What is Ana's favourite film?", evidence: ["D1:1"], category: 5 },
  ],
};
