import { describe, expect, it } from "vitest";
import { bodyFacts, inPlaceOf, updateOfBody } from "./body-facts.js";

// The facts of a body: what an update replaces and forget takes out (decisions 0059, 0068).
describe("bodyFacts", () => {
  it.each([
    {
      name: "a hard-wrapped sentence is one fact (CRLF)",
      body: "The user edits code in Helix, with a colour theme they built\r\nthemselves and Vim keybindings in every editor.\r\n- Lieblingsschrift: Iosevka\r\n",
      facts: [
        {
          text: "The user edits code in Helix, with a colour theme they built themselves and Vim keybindings in every editor.",
          lines: [0, 1],
        },
        { text: "Lieblingsschrift: Iosevka", lines: [2] },
      ],
    },
    {
      name: "a bullet wrapped over three lines",
      body: "- Deploys on Fly.io from the main\nbranch, after the checks\npass.\n- Uses Postgres.",
      facts: [
        {
          text: "Deploys on Fly.io from the main branch, after the checks pass.",
          lines: [0, 1, 2],
        },
        { text: "Uses Postgres.", lines: [3] },
      ],
    },
    {
      name: "a Japanese sentence wrapped (no capital letters)",
      body: "ユーザーは毎日Helixで\nコードを書く。\nユーザーは紅茶が好き。",
      facts: [
        { text: "ユーザーは毎日Helixで コードを書く。", lines: [0, 1] },
        { text: "ユーザーは紅茶が好き。", lines: [2] },
      ],
    },
    {
      name: "a sentence ending in a closing quote ends there",
      body: "Sie sagt „ja.“\nsie kommt morgen.",
      facts: [
        { text: "Sie sagt „ja.“", lines: [0] },
        { text: "sie kommt morgen.", lines: [1] },
      ],
    },
    {
      name: "lines without full stops are a list of facts (as `remember` writes them)",
      body: "rides a blue Brompton folding bike\nkeeps spare tubes in the hallway cupboard\n",
      facts: [
        { text: "rides a blue Brompton folding bike", lines: [0] },
        { text: "keeps spare tubes in the hallway cupboard", lines: [1] },
      ],
    },
    {
      name: "a capital letter after a line without a full stop starts a fact",
      body: "The user prefers Vim keybindings\nThe user writes Rust at work.",
      facts: [
        { text: "The user prefers Vim keybindings", lines: [0] },
        { text: "The user writes Rust at work.", lines: [1] },
      ],
    },
    {
      name: "a name wrapped after a function word continues the sentence",
      body: "The user has lunch every Sunday with\nMarta, their sister, and her two children.\nThe user drinks tea.",
      facts: [
        {
          text: "The user has lunch every Sunday with Marta, their sister, and her two children.",
          lines: [0, 1],
        },
        { text: "The user drinks tea.", lines: [2] },
      ],
    },
    {
      name: "a German noun wrapped after an article (CRLF)",
      body: "Der Nutzer fährt jeden Morgen mit dem\r\nFahrrad zur Arbeit.\r\n- Lieblingsschrift: Iosevka\r\n",
      facts: [
        { text: "Der Nutzer fährt jeden Morgen mit dem Fahrrad zur Arbeit.", lines: [0, 1] },
        { text: "Lieblingsschrift: Iosevka", lines: [2] },
      ],
    },
    {
      name: "a German noun over three lines",
      body: "Die Nutzerin geht jeden\nSonntag mit ihrer Schwester ins\nHallenbad.\nSie trinkt keinen Kaffee.",
      facts: [
        {
          text: "Die Nutzerin geht jeden Sonntag mit ihrer Schwester ins Hallenbad.",
          lines: [0, 1, 2],
        },
        { text: "Sie trinkt keinen Kaffee.", lines: [3] },
      ],
    },
    {
      name: "a Spanish place name wrapped after a preposition",
      body: "La usuaria visita a su hermana en\nMadrid cada verano.\nLa usuaria bebe té.",
      facts: [
        { text: "La usuaria visita a su hermana en Madrid cada verano.", lines: [0, 1] },
        { text: "La usuaria bebe té.", lines: [2] },
      ],
    },
    {
      name: "a French place name wrapped after « à »",
      body: "L'utilisateur passe ses vacances à\nLyon chez sa grand-mère.\nIl boit du thé.",
      facts: [
        { text: "L'utilisateur passe ses vacances à Lyon chez sa grand-mère.", lines: [0, 1] },
        { text: "Il boit du thé.", lines: [2] },
      ],
    },
    {
      name: "a line ending in a comma is continued",
      body: "The user's dentist is Anna Weber,\nHauptstraße 3 in Berlin.\nThe user flosses daily.",
      facts: [
        { text: "The user's dentist is Anna Weber, Hauptstraße 3 in Berlin.", lines: [0, 1] },
        { text: "The user flosses daily.", lines: [2] },
      ],
    },
    {
      name: "remembered lines without full stops stay apart",
      body: "Prefers tabs over spaces\nUses Helix at work.",
      facts: [
        { text: "Prefers tabs over spaces", lines: [0] },
        { text: "Uses Helix at work.", lines: [1] },
      ],
    },
    {
      name: "a line that starts with a function word starts a fact, whatever ends the line above",
      body: "The user loves Rust and uses it\nThe user deploys on Fly.io.\nDer Nutzer mag den\nDer Nutzer wohnt in Köln.",
      facts: [
        { text: "The user loves Rust and uses it", lines: [0] },
        { text: "The user deploys on Fly.io.", lines: [1] },
        { text: "Der Nutzer mag den", lines: [2] },
        { text: "Der Nutzer wohnt in Köln.", lines: [3] },
      ],
    },
    ...[
      ["English too", "The user likes jazz too\nMondays are the user's gym day."],
      ["English also", "The user plays chess also\nSundays are for the user's family."],
      ["English as well", "The user speaks Polish as well\nMarta is the user's sister."],
      ["German auch", "Der Nutzer mag Jazz auch\nMontags geht der Nutzer ins Fitnessstudio."],
      ["German ebenso", "Die Nutzerin trinkt Tee ebenso\nKaffee mag sie nicht."],
      ["Spanish también", "A la usuaria le gusta el jazz también\nMartes y jueves va al gimnasio."],
      ["Portuguese também", "O usuário gosta de jazz também\nSegunda é dia de academia."],
      ["Italian anche", "L'utente ama il jazz anche\nLunedì va in palestra."],
      ["Dutch ook", "De gebruiker houdt van jazz ook\nMaandag gaat hij naar de sportschool."],
      ["Russian тоже", "Пользователь любит джаз тоже\nПонедельник у него день спортзала."],
      ["Ukrainian також", "Користувач любить джаз також\nПонеділок у нього день спортзалу."],
      ["French aussi (no stop word)", "L'utilisateur aime le jazz aussi\nLundi il va à la salle."],
    ].map(([language, body = ""]) => ({
      name: `${language} ends a fact`,
      body,
      facts: body.split("\n").map((text, at) => ({ text, lines: [at] })),
    })),
    {
      name: "a name and an address stay apart",
      body: "Marta Kowalska\nUlica Długa 5, Kraków.\nDr. Weber\nPraxis: Hauptstraße 3.",
      facts: [
        { text: "Marta Kowalska", lines: [0] },
        { text: "Ulica Długa 5, Kraków.", lines: [1] },
        { text: "Dr. Weber", lines: [2] },
        { text: "Praxis: Hauptstraße 3.", lines: [3] },
      ],
    },
    {
      name: "a shopping list stays apart",
      body: "Milk\nEggs\nRye bread\nOat milk.",
      facts: [
        { text: "Milk", lines: [0] },
        { text: "Eggs", lines: [1] },
        { text: "Rye bread", lines: [2] },
        { text: "Oat milk.", lines: [3] },
      ],
    },
    {
      name: "a capital after a content word stays apart (a fact written without a full stop looks the same)",
      body: "The user has lunch with their sister\nMarta every Sunday.",
      facts: [
        { text: "The user has lunch with their sister", lines: [0] },
        { text: "Marta every Sunday.", lines: [1] },
      ],
    },
    {
      name: "a list item after a line without a full stop starts a fact",
      body: "Tools the user likes\n- jq.\n- ripgrep.",
      facts: [
        { text: "Tools the user likes", lines: [0] },
        { text: "jq.", lines: [1] },
        { text: "ripgrep.", lines: [2] },
      ],
    },
    {
      name: "a heading is no fact, and ends no wrap",
      body: "## Mein Editor (von Hand)\n\nThe user edits code in Helix.",
      facts: [{ text: "The user edits code in Helix.", lines: [2] }],
    },
    {
      name: "indented and **Why:** lines continue the fact above",
      body: "- Never add emojis.\n  They clutter git log.\n**Why:** easier review.\n- Tabs.",
      facts: [
        {
          text: "Never add emojis. They clutter git log. **Why:** easier review.",
          lines: [0, 1, 2],
        },
        { text: "Tabs.", lines: [3] },
      ],
    },
  ])("$name", ({ body, facts }) => {
    expect(bodyFacts(body)).toEqual(facts);
  });
});

describe("inPlaceOf", () => {
  it.each([
    ["a bullet stays a bullet", "  - Takes 50 mg", "Takes 100 mg", "  - Takes 100 mg"],
    ["no marker on a plain line", "Takes 50 mg", "Takes 100 mg", "Takes 100 mg"],
    ["a marker of its own kept", "- Takes 50 mg", "* Takes 100 mg", "* Takes 100 mg"],
    ["every fact of the text a bullet", "1. Helix.", "Zed.\nNeovim.", "1. Zed.\n1. Neovim."],
    ["a wrapped line stays a wrap", "- Helix.", "Zed, with a\ntheme.", "- Zed, with a\ntheme."],
  ])("%s", (_name, line, text, written) => {
    expect(inPlaceOf(line, text)).toBe(written);
  });
});

// The update match counts content words in the fact's own language: function words of German,
// Spanish or French ("der", "mit", "de", "la") say nothing about which fact an update replaces.
describe("updateOfBody in other languages", () => {
  it.each([
    {
      name: "German: a new fact sharing only function words replaces nothing",
      body: "Der Nutzer isst kein Fleisch und keinen Fisch.\nDer Nutzer fährt mit dem Zug zu der Arbeit.\n",
      text: "Der Nutzer ist mit dem Rad in der Stadt unterwegs.",
      kind: "unclear",
    },
    {
      name: "German: the update of one fact replaces it",
      body: "Der Nutzer isst kein Fleisch und keinen Fisch.\nDer Nutzer fährt mit dem Zug zu der Arbeit.\n",
      text: "Der Nutzer fährt mit dem Bus zu der Arbeit.",
      kind: "replace",
      lines: [1],
    },
    {
      name: "Spanish: a new fact sharing only function words replaces nothing",
      body: "El usuario vive en una casa de la playa.\nEl usuario prefiere el té verde.\n",
      text: "El usuario va a la oficina en el tren de las ocho.",
      kind: "unclear",
    },
    {
      name: "Spanish: the update of one fact replaces it",
      body: "El usuario vive en una casa de la playa.\nEl usuario prefiere el té verde.\n",
      text: "El usuario prefiere el té negro.",
      kind: "replace",
      lines: [1],
    },
    {
      name: "French: a new fact sharing only function words replaces nothing",
      body: "L'utilisateur boit du café le matin.\nL'utilisateur est allé à la plage avec sa famille.\n",
      text: "L'utilisateur est à la maison avec sa sœur.",
      kind: "unclear",
    },
    {
      name: "Japanese: the update of one fact replaces it",
      body: "ユーザーは毎日Helixでコードを書く。\nユーザーは紅茶が好き。\n",
      text: "ユーザーは毎日Zedでコードを書く。",
      kind: "replace",
      lines: [0],
    },
    {
      name: "English control: the update of one fact replaces it",
      body: "The user edits code in Helix.\nThe user prefers Vim keybindings in every editor.\n",
      text: "The user edits code in Zed.",
      kind: "replace",
      lines: [0],
    },
  ])("$name", ({ body, text, kind, lines }) => {
    const update = updateOfBody(body, text);
    expect({
      kind: update?.kind,
      lines: update?.kind === "replace" ? update.lines : undefined,
    }).toEqual({
      kind,
      lines,
    });
  });
});
