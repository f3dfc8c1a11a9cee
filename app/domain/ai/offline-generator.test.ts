import { describe, expect, it } from "vitest";

import { generateOffline, type OfflineGenerationRequest } from "./offline-generator";
import { splitByDifficulty } from "./offline-generator-split";
import { generatedTestSchema } from "./schemas";

const CONTEXT = `Photosynthesis is the process plants use to turn light into chemical energy.
It takes place in the chloroplasts, which contain the green pigment chlorophyll.
During photosynthesis, plants absorb carbon dioxide from the air and water from the soil.
The light reactions split water molecules and release oxygen as a by-product.
The Calvin Cycle then uses carbon dioxide to build glucose, a sugar that stores energy.
Plants use glucose for growth, and animals depend on the oxygen that plants release.`;

const REQUEST: OfflineGenerationRequest = {
  context: CONTEXT,
  numberOfQuestions: 5,
  difficultyDistribution: { easy: 0.3, medium: 0.5, hard: 0.2 },
  questionTypes: ["multiple_choice", "free_response"],
};

describe("splitByDifficulty", () => {
  it("uses largest remainders, ties going to the larger share", () => {
    expect(splitByDifficulty(5, { easy: 0.3, medium: 0.5, hard: 0.2 })).toEqual({ easy: 1, medium: 3, hard: 1 });
    expect(splitByDifficulty(10, { easy: 30, medium: 50, hard: 20 })).toEqual({ easy: 3, medium: 5, hard: 2 });
    expect(splitByDifficulty(1, { easy: 1, medium: 1, hard: 1 })).toEqual({ easy: 1, medium: 0, hard: 0 });
    expect(splitByDifficulty(4, { easy: 0, medium: 0, hard: 0 })).toEqual({ easy: 2, medium: 1, hard: 1 });
    expect(splitByDifficulty(7, { easy: 0, medium: 1, hard: 0 })).toEqual({ easy: 0, medium: 7, hard: 0 });
    expect(splitByDifficulty(3, { easy: Number.NaN, medium: -1, hard: 2 })).toEqual({ easy: 0, medium: 0, hard: 3 });
  });

  it("always sums to n", () => {
    for (let n = 0; n <= 25; n += 1) {
      const split = splitByDifficulty(n, { easy: 0.15, medium: 0.6, hard: 0.25 });
      expect(split.easy + split.medium + split.hard).toBe(n);
    }
  });
});

describe("generateOffline", () => {
  const test = generateOffline(REQUEST);
  const clozes = test.questions.filter((question) => question.type === "multiple_choice");

  it("returns the requested count split 1/3/1 with both types, passing the schema", () => {
    expect(generatedTestSchema.parse(test)).toEqual(test);
    expect(test.questions).toHaveLength(5);
    expect(test.questions.map((question) => question.difficulty)).toEqual(["easy", "medium", "medium", "medium", "hard"]);
    expect(new Set(test.questions.map((question) => question.type))).toEqual(new Set(["multiple_choice", "free_response"]));
  });

  it("makes cloze questions whose answer is among unique options exactly once", () => {
    expect(clozes.length).toBeGreaterThan(0);
    for (const question of clozes) {
      expect(question.text).toMatch(/^Which term completes the statement: ".*____.*"\?$/);
      expect(question.options.filter((option) => option.isCorrect)).toHaveLength(1);
      const texts = question.options.map((option) => option.text.toLowerCase());
      expect(new Set(texts).size).toBe(texts.length);
      expect(question.options.length).toBeGreaterThanOrEqual(2);
    }
  });

  it("draws every option from the context and keeps the answer out of the blanked statement", () => {
    for (const question of clozes) {
      for (const option of question.options) expect(CONTEXT.toLowerCase()).toContain(option.text.toLowerCase());
      const answer = question.options.find((option) => option.isCorrect)?.text ?? "";
      expect(question.text.toLowerCase()).not.toContain(answer.toLowerCase());
    }
  });

  it("writes explain questions with the key sentence as reference", () => {
    const open = test.questions.filter((question) => question.type === "free_response");
    for (const question of open) {
      expect(question.text).toMatch(/explain/i);
      expect(question.rubric).toMatch(/^Reference: /);
      expect(CONTEXT).toContain(question.rubric.split("\n")[0]?.replace("Reference: ", "") ?? "");
    }
  });

  it("is deterministic and honest in its description", () => {
    expect(generateOffline(REQUEST)).toEqual(test);
    expect(test.title).toMatch(/^Draft: /);
    expect(test.description).toMatch(/Automatically drafted .* Review/);
  });

  it("names sensible competencies from the context's key terms", () => {
    for (const question of test.questions) expect(CONTEXT.toLowerCase()).toContain(question.competency.toLowerCase());
  });

  it("puts the terms the instructions name first", () => {
    const focused = generateOffline({ ...REQUEST, instructions: "Focus on glucose." });
    expect(focused.title).toMatch(/^Draft: Glucose/);
    expect(focused.questions[0]?.options.find((option) => option.isCorrect)?.text).toBe("glucose");
  });

  it("honours a single requested type", () => {
    const open = generateOffline({ ...REQUEST, questionTypes: ["free_response"] });
    expect(open.questions.every((question) => question.type === "free_response")).toBe(true);
    const choice = generateOffline({ ...REQUEST, numberOfQuestions: 3, questionTypes: ["multiple_choice"] });
    expect(choice.questions.every((question) => question.type === "multiple_choice")).toBe(true);
  });

  it.each([
    ["one sentence", "Mitochondria produce energy for the cell."],
    ["a few words", "volcanoes"],
    ["nothing usable", "  ...  "],
  ])("still returns valid questions for %s", (_, context) => {
    const result = generateOffline({ ...REQUEST, context, numberOfQuestions: 4 });
    expect(generatedTestSchema.parse(result).questions).toHaveLength(4);
    expect(new Set(result.questions.map((question) => question.text)).size).toBe(4);
  });

  it("clamps the count to the schema's 1..100", () => {
    expect(generateOffline({ ...REQUEST, numberOfQuestions: 0 }).questions).toHaveLength(1);
    expect(generatedTestSchema.parse(generateOffline({ ...REQUEST, numberOfQuestions: 250 })).questions).toHaveLength(100);
  });
});

describe("generateOffline answer leaks", () => {
  it("does not quote a cloze's sentence in an explain question of the same test", () => {
    const test = generateOffline({ ...REQUEST, numberOfQuestions: 6 });
    const clozeAnswers = test.questions.filter((question) => question.type === "multiple_choice").map((question) => question.rubric);
    const explains = test.questions.filter((question) => question.type === "free_response").map((question) => question.text);
    for (const rubric of clozeAnswers) {
      const sentence = rubric.replace(/^The statement in the material: "|"$/g, "");
      for (const text of explains) expect(text).not.toContain(sentence);
    }
  });
});

describe("cloze blanks", () => {
  it("leaves exactly one blank, never a term that its sentence says twice", () => {
    const context =
      "The water cycle moves water between the oceans, the air and the land. Evaporation turns liquid water into water vapour. Condensation forms clouds when the vapour cools. Precipitation returns water to the ground as rain or snow. Runoff carries water back to rivers and oceans.";
    const test = generateOffline({
      context,
      numberOfQuestions: 5,
      difficultyDistribution: { easy: 0.3, medium: 0.5, hard: 0.2 },
      questionTypes: ["multiple_choice", "free_response"],
    });
    const clozes = test.questions.filter((question) => question.type === "multiple_choice");
    expect(clozes.length).toBeGreaterThan(0);
    for (const question of clozes) expect(question.text.split("____")).toHaveLength(2);
  });
});

describe("drafts from realistic passages", () => {
  const PASSAGES = {
    photosynthesis: {
      context: `Photosynthesis is the process by which green plants use sunlight to make their own food. Green plants take in carbon dioxide from the air through tiny pores in their leaves called stomata. Water travels from the roots to the leaves through the stem. Inside the chloroplasts, the green pigment chlorophyll captures light energy. This energy is used to turn carbon dioxide and water into glucose, a simple sugar. Oxygen is released as a by-product of photosynthesis. Plants use glucose for energy and to build new cells. Without photosynthesis, there would be no oxygen for animals to breathe.`,
      title: "Draft: Photosynthesis",
      ideas: [
        "Photosynthesis",
        "Carbon Dioxide",
        "Glucose",
        "Oxygen",
        "Chlorophyll",
        "Chloroplasts",
        "Green Plants",
        "Plants",
        "Leaves",
        "Light Energy",
        "Energy",
        "Sunlight",
        "Stomata",
      ],
    },
    waterCycle: {
      context: `The water cycle describes how water moves between the land, the oceans and the atmosphere. Heat from the Sun causes water in oceans, lakes and rivers to evaporate. Water vapour rises into the atmosphere, where it cools and condenses into tiny droplets that form clouds. When the droplets in clouds grow heavy, they fall back to Earth as precipitation, such as rain, snow or hail. Some precipitation soaks into the ground and becomes groundwater. The rest flows over the land as runoff into streams, rivers and eventually the oceans. Plants also release water vapour through their leaves in a process called transpiration. The water cycle is powered by energy from the Sun and by gravity.`,
      title: "Draft: Water Cycle",
      ideas: [
        "Water Cycle",
        "Water Vapour",
        "Precipitation",
        "Transpiration",
        "Groundwater",
        "Runoff",
        "Atmosphere",
        "Clouds",
        "Oceans",
        "Droplets",
        "Rivers",
        "Land",
      ],
    },
    frenchRevolution: {
      context: `The French Revolution began in 1789 and changed France forever. Before the revolution, French society was divided into three estates. The clergy formed the First Estate, the nobility formed the Second Estate, and everyone else belonged to the Third Estate. The Third Estate paid most of the taxes but had little political power. In 1789, King Louis XVI called a meeting of the Estates-General to solve a financial crisis. The Third Estate broke away and formed the National Assembly. On 14 July 1789, crowds in Paris stormed the Bastille, a royal prison. The National Assembly later issued the Declaration of the Rights of Man and of the Citizen. In 1793 the king was executed, and a period called the Reign of Terror followed. The revolution ended when Napoleon Bonaparte took power in 1799.`,
      title: "Draft: French Revolution",
      ideas: [
        "French Revolution",
        "Revolution",
        "Third Estate",
        "First Estate",
        "Second Estate",
        "National Assembly",
        "King Louis XVI",
        "Napoleon Bonaparte",
        "Estates-General",
        "Bastille",
        "Reign of Terror",
        "Estates",
      ],
    },
  };
  const both = (context: string, numberOfQuestions: number, instructions?: string) =>
    generateOffline({
      context,
      instructions,
      numberOfQuestions,
      difficultyDistribution: { easy: 0.3, medium: 0.5, hard: 0.2 },
      questionTypes: ["multiple_choice", "free_response"],
    });
  const typeCounts = (test: ReturnType<typeof generateOffline>) => ({
    multiple_choice: test.questions.filter((question) => question.type === "multiple_choice").length,
    free_response: test.questions.filter((question) => question.type === "free_response").length,
  });

  it.each(Object.entries(PASSAGES))("titles %s by its main topic and names competencies after its main ideas", (_, passage) => {
    for (const count of [5, 10]) {
      const test = both(passage.context, count);
      expect(test.title).toBe(passage.title);
      const competencies = new Set(test.questions.map((question) => question.competency));
      for (const competency of competencies) expect(passage.ideas).toContain(competency);
      // The main topic is one of them, and a question's competency is never its own blanked answer.
      expect(competencies).toContain(passage.title.replace("Draft: ", ""));
      for (const question of test.questions.filter((each) => each.type === "multiple_choice")) {
        expect(question.options.find((option) => option.isCorrect)?.text.toLowerCase()).not.toBe(question.competency.toLowerCase());
      }
    }
  });

  it.each(Object.entries(PASSAGES))("asks for %s both types, shared evenly when the instructions give no proportion", (_, passage) => {
    expect(typeCounts(both(passage.context, 5))).toEqual({ multiple_choice: 3, free_response: 2 });
    expect(typeCounts(both(passage.context, 10))).toEqual({ multiple_choice: 5, free_response: 5 });
    expect(typeCounts(both(passage.context, 20))).toEqual({ multiple_choice: 10, free_response: 10 });
  });

  it("follows the proportions the instructions ask for, as counts or percentages", () => {
    const { context } = PASSAGES.photosynthesis;
    expect(typeCounts(both(context, 5, "Write 4 multiple-choice questions and 1 free-response question."))).toEqual({ multiple_choice: 4, free_response: 1 });
    expect(typeCounts(both(context, 10, "About 70% multiple choice, the rest free response."))).toEqual({ multiple_choice: 7, free_response: 3 });
    expect(typeCounts(both(context, 6, "Mostly free-response: 5 free response and 1 multiple choice."))).toEqual({ multiple_choice: 1, free_response: 5 });
  });

  it("keeps a short passage's multiple-choice share by reusing its statements with other blanks", () => {
    const test = both(
      "Green plants make glucose from carbon dioxide and water. Carbon dioxide enters green plants through their leaves. Oxygen leaves the plant as a by-product.",
      6,
    );
    expect(typeCounts(test)).toEqual({ multiple_choice: 3, free_response: 3 });
    expect(new Set(test.questions.map((question) => question.text)).size).toBe(6);
    expect(test.questions.map((question) => question.competency)).not.toContain("Green");
  });
});
