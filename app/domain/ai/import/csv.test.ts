import { describe, expect, it } from "vitest";

import { parseCsv } from "./csv";

const SAMPLE = `Text,Type,Options,Correct,Difficulty,Competency
"Which city is the capital of France, the country?",,Paris|Lyon|Marseille,Paris,easy,European capitals
Which numbers are prime?,,2|4|5|9,A|C,hard,Primes
"Describe the water cycle.
Mention at least two stages.",free_response,,"Evaporation, condensation, precipitation.",,Water cycle
Pick the second option,MC,alpha|beta|gamma,2,Medium,
`;

describe("parseCsv", () => {
  const { questions } = parseCsv(SAMPLE);

  it("reads quoted commas and infers multiple choice from one correct option text", () => {
    expect(questions[0]).toEqual({
      text: "Which city is the capital of France, the country?",
      type: "multiple_choice",
      difficulty: "easy",
      options: [
        { text: "Paris", isCorrect: true },
        { text: "Lyon", isCorrect: false },
        { text: "Marseille", isCorrect: false },
      ],
      competency: "European capitals",
      rubric: "",
    });
  });

  it("reads correct letters and infers multiple select", () => {
    expect(questions[1]?.type).toBe("multiple_select");
    expect(questions[1]?.options.map((option) => option.isCorrect)).toEqual([true, false, true, false]);
  });

  it("reads multi-line cells and keeps an open question's answer as its rubric", () => {
    expect(questions[2]).toMatchObject({
      text: "Describe the water cycle.\nMention at least two stages.",
      type: "free_response",
      difficulty: "medium",
      options: [],
      rubric: "Evaporation, condensation, precipitation.",
    });
  });

  it("reads 1-based numbers, type aliases and case-insensitive difficulties, defaulting the competency", () => {
    expect(questions[3]).toMatchObject({ type: "multiple_choice", difficulty: "medium", competency: "General" });
    expect(questions[3]?.options[1]).toEqual({ text: "beta", isCorrect: true });
  });

  it("accepts any column order and header case, with only the text column", () => {
    const { questions: read } = parseCsv("DIFFICULTY,question\nhard,Why is the sky blue?");
    expect(read[0]).toMatchObject({ text: "Why is the sky blue?", type: "free_response", difficulty: "hard" });
  });

  it("names the row and line of a correct answer that is not an option", () => {
    const csv = 'text,options,correct\n"Two\nlines",a|b,a\nSecond,a|b,z';
    expect(() => parseCsv(csv)).toThrow('CSV row 2 (line 4): the correct answer "z" is not one of the options.');
  });

  it("reads a Language column per row (code or name), leaving a blank row to the import's language (ADR 0044)", () => {
    const csv = "Text,Language,Answer\n¿Qué es el ciclo del agua?,Español,evaporación\nWhat is the water cycle?,en,evaporation\nSin idioma,,x\n";
    expect(parseCsv(csv).questions.map((question) => question.language)).toEqual(["es", "en", undefined]);
    expect(() => parseCsv("Text,Language\nBonjour,fr\n")).toThrow('CSV row 1 (line 2): language "fr" is not en or es.');
  });

  it("names bad types, difficulties and headers", () => {
    expect(() => parseCsv("text,type\nQ,matching")).toThrow(/^CSV row 1 \(line 2\): unknown type "matching"/);
    expect(() => parseCsv("text,difficulty\nQ,extreme")).toThrow(/difficulty "extreme" is not easy, medium or hard/);
    expect(() => parseCsv("prompt,answer\nQ,A")).toThrow('CSV line 1: the header row needs a "text" column.');
    expect(() => parseCsv("text,options,correct\nQ,only|one,only|one")).not.toThrow();
    expect(() => parseCsv("text,type,options,correct\nQ,multiple_choice,a|b,a|b")).toThrow(/use multiple_select/);
  });
});

describe("parseCsv delimiters", () => {
  it("reads semicolon-separated exports and a byte-order mark, never splitting on |", () => {
    const { questions } = parseCsv("\uFEFFtext;options;correct\nPick one;a|b|c|d;b");
    expect(questions[0]?.options.map((option) => option.isCorrect)).toEqual([false, true, false, false]);
  });
});

describe("parseCsv HTML", () => {
  it("turns HTML cells into text and leaves a bare < alone", () => {
    const { questions } = parseCsv('text,options,correct\n"<p>Is <b>3 &lt; 5</b>?</p>",yes|no,yes\nIs 3 < 5?,yes|no,yes');
    expect(questions.map((question) => question.text)).toEqual(["Is 3 < 5?", "Is 3 < 5?"]);
  });
});

describe("parseCsv quoting errors", () => {
  it("names the line of a quoted cell that is never closed", () => {
    expect(() => parseCsv('text,options,correct\nFine,a|b,a\n"Never closed,a|b,a')).toThrow("CSV line 3: a quoted cell is never closed.");
  });
});
