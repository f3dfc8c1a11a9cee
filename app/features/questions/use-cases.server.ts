import type { AppLoadContext } from "@remix-run/cloudflare";

import { type GradingQuestion, gradingQuestionSchema, type StudentAnswer } from "~/domain/ai/grading-request";
import { rubricReading } from "~/domain/ai/offline-grader/reading";
import type { CurrentUser } from "~/domain/auth/current-user";
import { allowedScope } from "~/domain/auth/policy";
import type { QuestionInput } from "~/domain/questions/question";
import { BANK_PAGE_SIZE, type QuestionFilters } from "~/domain/questions/question-list";
import { isOpenQuestionType } from "~/domain/questions/question-types";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { found, invalid, notFound } from "~/lib/errors";
import { calibrationViews } from "~/models/item-calibration.server";
import * as store from "~/models/questions.server";
import { aiTasksFor, previewGrade } from "~/services/ai/tasks.server";

/**
 * The question bank's operations (ADR 0038): one function an operation, called by the Question
 * Bank screen and by the /api/questions routes alike. The bank is the district's shared content
 * (ADR 0031): each operation asks the policy for its pair, read or author, once, here. A refusal
 * is a DomainError by kind (403 NOT_ALLOWED, 404 with the NOT_FOUND text, 400 naming the field),
 * which `resourceRoute` and `handleAction` map to their answers in one place (`describeFailure`).
 */
type Actor = CurrentUser;

const mayRead = (actor: Actor) => allowedScope(actor, "read", "shared-content");
const mayAuthor = (actor: Actor) => allowedScope(actor, "author", "shared-content");

/** The bank filtered, newest first: every match, or the window asked for with the number of matches. */
export async function listQuestions(context: AppLoadContext, actor: Actor, filters: QuestionFilters, window?: { limit: number; offset: number }) {
  mayRead(actor);
  if (!window) return { rows: await store.listQuestions(context.db, filters), total: null };
  const [rows, total] = await Promise.all([store.listQuestions(context.db, filters, window), store.countQuestions(context.db, filters)]);
  return { rows, total };
}

/** One page of the Question Bank screen: its questions (each with its calibration, when it has one) and the competencies to link. */
export async function questionBankPage(context: AppLoadContext, actor: Actor, filters: QuestionFilters, page: number) {
  mayRead(actor);
  const [{ questions, summary }, competencies] = await Promise.all([
    store.questionPage(context.db, filters, page, BANK_PAGE_SIZE),
    store.competencyChoices(context.db),
  ]);
  return { questions, summary, competencies, calibrations: await calibrationViews(context.db, questions) };
}

/** One page of bank questions as the test editor's Add Questions dialog lists them. */
export async function questionChoicesPage(context: AppLoadContext, actor: Actor, filters: QuestionFilters, page: number) {
  mayRead(actor);
  return store.questionSummaryPage(context.db, filters, page, BANK_PAGE_SIZE);
}

/** One bank question in full (its competency links and the tests that place it). */
export async function viewQuestion(context: AppLoadContext, actor: Actor, id: string) {
  mayRead(actor);
  return found(await store.findQuestion(context.db, id), NOT_FOUND.question);
}

/** One bank question with its calibration (ADR 0033) and, for an open question, how the offline grader reads its rubric. */
export async function describeQuestion(context: AppLoadContext, actor: Actor, id: string) {
  const question = await viewQuestion(context, actor, id);
  const calibration = (await calibrationViews(context.db, [question])).get(question.id) ?? null;
  const reading = isOpenQuestionType(question.type) ? rubricReading(question.rubric, question.text) : null;
  return { ...question, calibration, rubricReading: reading };
}

/** A new bank question, its text sanitized, without competency links. */
export async function createQuestion(context: AppLoadContext, actor: Actor, input: QuestionInput) {
  mayAuthor(actor);
  return store.createQuestion(context.db, input, actor.id);
}

/** A bank question rewritten; every test that places it shows the edit. */
export async function updateQuestion(context: AppLoadContext, actor: Actor, id: string, input: QuestionInput) {
  mayAuthor(actor);
  return found(await store.updateQuestion(context.db, id, input), NOT_FOUND.question);
}

type QuestionWithCompetencies = { id: string | null; question: QuestionInput; competencies: string[]; primaryCompetency: string };

/** The bank's dialog: a question created (id null) or updated with its competency links, in one batch. */
export async function saveQuestion(context: AppLoadContext, actor: Actor, input: QuestionWithCompetencies) {
  mayAuthor(actor);
  return found(await store.saveQuestionWithCompetencies(context.db, { ...input, userId: actor.id }), NOT_FOUND.question);
}

/** A bank question deleted; its placements in tests go with it, and the tests are named. */
export async function deleteQuestion(context: AppLoadContext, actor: Actor, id: string) {
  mayAuthor(actor);
  return found(await store.deleteQuestion(context.db, id), NOT_FOUND.question);
}

/** Every question-competency link in the bank. */
export async function listAllCompetencyLinks(context: AppLoadContext, actor: Actor) {
  mayRead(actor);
  return store.allCompetencyLinks(context.db);
}

/** A question's competency links. */
export async function listCompetencyLinks(context: AppLoadContext, actor: Actor, questionId: string) {
  mayRead(actor);
  if (!(await store.questionExists(context.db, questionId))) throw notFound(NOT_FOUND.question);
  return store.competencyLinks(context.db, questionId);
}

type CompetencyLink = { questionId: string; competencyId: string; isPrimary: boolean };

/** A competency linked to a question (or re-linked); `created` is false when it was linked already. */
export async function linkCompetency(context: AppLoadContext, actor: Actor, { questionId, competencyId, isPrimary }: CompetencyLink) {
  mayAuthor(actor);
  if (!(await store.questionExists(context.db, questionId))) throw notFound(NOT_FOUND.question);
  found(await store.competencyExists(context.db, competencyId), NOT_FOUND.competency);
  return store.linkCompetency(context.db, questionId, competencyId, isPrimary);
}

/** An existing link made primary (the question's other links become secondary) or secondary. */
export async function setPrimaryCompetency(context: AppLoadContext, actor: Actor, { questionId, competencyId, isPrimary }: CompetencyLink) {
  mayAuthor(actor);
  return found(await store.setPrimaryCompetency(context.db, questionId, competencyId, isPrimary), NOT_FOUND.questionCompetencyLink);
}

export async function unlinkCompetency(context: AppLoadContext, actor: Actor, { questionId, competencyId }: Omit<CompetencyLink, "isPrimary">) {
  mayAuthor(actor);
  if (!(await store.unlinkCompetency(context.db, questionId, competencyId))) throw notFound(NOT_FOUND.questionCompetencyLink);
  return { deleted: true as const };
}

/**
 * A trial answer graded as a student's would be (and logged, with no session): for a question
 * being written, sent whole, or for a saved bank question, read here. The wait is the grading
 * job's; each door presents it (a 202 with the job, or the grade).
 */
export async function previewQuestionGrade(
  context: AppLoadContext,
  actor: Actor,
  input: { answer: StudentAnswer } & ({ question: GradingQuestion } | { questionId: string }),
) {
  mayAuthor(actor);
  const question = "question" in input ? input.question : await savedGradingQuestion(context, input.questionId);
  return previewGrade(aiTasksFor(context, actor.id), question, input.answer);
}

async function savedGradingQuestion(context: AppLoadContext, id: string): Promise<GradingQuestion> {
  const parsed = gradingQuestionSchema.safeParse(found(await store.findQuestion(context.db, id), NOT_FOUND.question));
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? "refusals.cannotGrade");
  return parsed.data;
}
