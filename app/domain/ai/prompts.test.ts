import { describe, expect, it } from "vitest";

import { generatedLanguage } from "./generation-request";
import { formatOffline } from "./import";
import { chatPrompt, generationPrompt, gradingPrompt } from "./prompts";

const question = { text: "¿Por qué llueve?", type: "free_response" as const, rubric: "menciona la condensación" };
const generation = {
  context: "El ciclo del agua",
  instructions: "",
  subject: "Ciencias",
  gradeLevel: "5",
  learningObjectives: ["Explicar la lluvia"],
  questionTypes: ["free_response"],
  numberOfQuestions: 3,
  difficultyDistribution: { easy: 0.3, medium: 0.5, hard: 0.2 },
};
const systemOf = (messages: { role: string; content: string }[]) => messages.find((message) => message.role === "system")!.content;

describe("prompts in the content's language (ADR 0044)", () => {
  it("asks a grader for feedback in the question's language, and says nothing of language for English", () => {
    expect(systemOf(gradingPrompt({ ...question, language: "es" }, "Porque el vapor se condensa."))).toContain(
      "The question is in Spanish (US Spanish, es-US): write feedback, strengths and improvements in that language.",
    );
    expect(systemOf(gradingPrompt(question, "Because vapour condenses."))).not.toMatch(/Spanish|language\./);
  });

  it("asks the generator to write the test in the language chosen, and the tutor to reply in the question's", () => {
    expect(systemOf(generationPrompt({ ...generation, language: "es" }))).toContain(
      "The test is in Spanish (US Spanish, es-US): write every question, option, rubric and competency name in that language.",
    );
    expect(systemOf(generationPrompt({ ...generation, language: "en" }))).not.toContain("Spanish");
    expect(systemOf(chatPrompt({ ...question, type: "chat", language: "es" }, []))).toContain("write your replies in that language");
  });
});

describe("a draft's language", () => {
  it("is the one asked of a model; the offline generator's drafts are English, its only language", () => {
    expect(generatedLanguage("model", "es")).toBe("es");
    expect(generatedLanguage("offline", "es")).toBe("en");
  });

  it("keeps an imported CSV row's own language through the formatted test", () => {
    const result = formatOffline("Text,Language\n¿Qué es el agua?,es\nWhat is water?,\n");
    expect(result.ok && result.test.questions.map((imported) => imported.language)).toEqual(["es", undefined]);
  });
});
