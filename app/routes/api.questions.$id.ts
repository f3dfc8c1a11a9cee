import { rubricReading } from "~/domain/ai/offline-grader/reading";
import { questionSchema } from "~/domain/questions/question";
import { isOpenQuestionType } from "~/domain/questions/question-types";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { calibrationViews } from "~/models/item-calibration.server";
import { deleteQuestion, findQuestion, updateQuestion } from "~/models/questions.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET, PUT and DELETE /api/questions/{id}. GET includes the question's calibration (ADR 0033) and,
 * for an open question, how the offline grader reads its rubric (docs/api-tests.md). Tests reference bank questions, so an edit shows in
 * every test that uses it; a delete removes it from those tests and lists them.
 */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  params: ["id"],
  notFound: NOT_FOUND.question,
  GET: {
    can: ["read", "shared-content"],
    handler: async ({ context, params }) => {
      const question = await findQuestion(context.db, params.id);
      if (!question) return undefined;
      const calibration = (await calibrationViews(context.db, [question])).get(question.id) ?? null;
      const reading = isOpenQuestionType(question.type) ? rubricReading(question.rubric, question.text) : null;
      return { ...question, calibration, rubricReading: reading };
    },
  },
  PUT: { body: questionSchema, handler: ({ context, params, body }) => updateQuestion(context.db, params.id, body) },
  DELETE: {
    handler: async ({ context, params }) => {
      const result = await deleteQuestion(context.db, params.id);
      return result && { deleted: true, removedFromTests: result.removedFromTests };
    },
  },
});
