import type { QuestionView } from "~/domain/sessions/blueprint";

/** An answer of the right form for any question the session asks (the first option, or a short text). */
export function answerFor(question: Pick<QuestionView, "type" | "options">): unknown {
  switch (question.type) {
    case "multiple_choice":
      return question.options[0];
    case "multiple_select":
      return [question.options[0]];
    case "chat":
      return { messages: [{ role: "user", content: "I think it is about sharing equally." }] };
    default:
      return "I would divide both sides by the same number and check the result.";
  }
}
