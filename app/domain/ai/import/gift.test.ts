import { describe, expect, it } from "vitest";

import { parseGift } from "./gift";
import { ImportError } from "./shared";

// Moodle-docs-style questions, written for these tests.
const SAMPLE = String.raw`// Astronomy quiz, exported from the course bank
$CATEGORY: $course$/Science/Astronomy

::Q1 Planets:: Which planet is closest to the Sun?{
  ~Venus#Second from the Sun.
  =Mercury#Right.
  ~Mars
}

::Q2:: The Sun is a star.{TRUE#Yes, a G-type main-sequence star.}

Which of these are gas giants?{
  ~%50%Jupiter
  ~%50%Saturn
  ~%-100%Earth
}

$CATEGORY: Science/Physics

Name the force that keeps planets in orbit.{=gravity =gravitation#Newton named it.}

How many days does Earth take to orbit the Sun? {#365.25:0.25}

Describe the life cycle
of a star
in a few sentences.{}

Match each planet with its moon.{
  =Earth -> the Moon
  =Mars -> Phobos
}

[html]<p>Is <b>3 &lt; 5</b>?</p>{T}

Escapes \: \= \~ \# \{ \} stay in the text.{=a\=b ~c\~d}
`;

describe("parseGift", () => {
  const { questions } = parseGift(SAMPLE);

  it("reads every question and skips comments and categories", () => {
    expect(questions).toHaveLength(9);
  });

  it("maps a single correct answer to multiple choice with # feedback as guidance", () => {
    expect(questions[0]).toEqual({
      text: "Which planet is closest to the Sun?",
      type: "multiple_choice",
      difficulty: "medium",
      options: [
        { text: "Venus", isCorrect: false },
        { text: "Mercury", isCorrect: true },
        { text: "Mars", isCorrect: false },
      ],
      competency: "Astronomy",
      rubric: "Feedback: Venus: Second from the Sun. Mercury: Right.",
    });
  });

  it("maps True/False to a True and a False option", () => {
    expect(questions[1]?.type).toBe("multiple_choice");
    expect(questions[1]?.options).toEqual([
      { text: "True", isCorrect: true },
      { text: "False", isCorrect: false },
    ]);
  });

  it("maps positive weights to multiple select", () => {
    expect(questions[2]?.type).toBe("multiple_select");
    expect(questions[2]?.options.filter((option) => option.isCorrect).map((option) => option.text)).toEqual(["Jupiter", "Saturn"]);
  });

  it("sets the competency from the last $CATEGORY segment", () => {
    expect(questions.slice(0, 3).every((question) => question.competency === "Astronomy")).toBe(true);
    expect(questions[3]?.competency).toBe("Physics");
  });

  it("keeps short answers, numbers and matches as free response with their answers in the rubric", () => {
    expect(questions[3]).toMatchObject({
      type: "free_response",
      options: [],
      rubric: "Accepted answers: gravity; gravitation\nFeedback: Newton named it.",
    });
    expect(questions[4]).toMatchObject({ type: "free_response", rubric: "Accepted answers: 365.25 ± 0.25" });
    expect(questions[6]?.text).toBe("Match each planet with its moon.\n- Earth\n- Mars");
    expect(questions[6]?.rubric).toBe("Matches: Earth → the Moon; Mars → Phobos");
  });

  it("joins multi-line stems and reads essays as free response without a rubric", () => {
    expect(questions[5]).toMatchObject({
      text: "Describe the life cycle of a star in a few sentences.",
      type: "free_response",
      rubric: "",
    });
  });

  it("turns [html] into plain text and undoes escapes", () => {
    expect(questions[7]?.text).toBe("Is 3 < 5?");
    expect(questions[8]?.text).toBe("Escapes : = ~ # { } stay in the text.");
    expect(questions[8]?.options.map((option) => option.text)).toEqual(["a=b", "c~d"]);
  });

  it("defaults the competency to General without a category", () => {
    expect(parseGift("What is 2 + 2?{=4 ~5}").questions[0]?.competency).toBe("General");
  });

  it("names the question and line of a choice question without a correct answer", () => {
    expect(() => parseGift("Fine?{=a ~b}\n\n::Broken:: Which?{~a ~b}")).toThrow(
      'GIFT question 2 (line 3): no answer is marked correct (use "=" or a positive %weight%).',
    );
  });

  it("names the line and column of a syntax error", () => {
    const read = () => parseGift("First?{=a ~b}\n\nSecond?{=a ~b\n\nThird?{=c}");
    expect(read).toThrow(ImportError);
    expect(read).toThrow(/^GIFT line 3, column \d+:/);
  });
});

describe("parseGift categories", () => {
  it("accepts a $CATEGORY line without a blank line after it and keeps error lines right", () => {
    expect(parseGift("$CATEGORY: Geography\nCapital of Italy?{=Rome ~Milan}").questions[0]?.competency).toBe("Geography");
    expect(() => parseGift("$CATEGORY: Geography\nFirst?{=a ~b}\n\nSecond?{=a ~b")).toThrow(/^GIFT line 4,/);
  });
});
