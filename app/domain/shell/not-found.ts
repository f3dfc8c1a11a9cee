import { isGateData } from "~/domain/auth/gates";
import type { en as MissingTexts } from "~/domain/i18n/catalog/missing";
import { notFound } from "~/lib/errors";

/**
 * What the API's 404 `{message}` and a screen's not-found page say, so both name a missing thing
 * the same way ("Test Not Found", "Session Not Found"): catalog codes (ADR 0045), rendered by the
 * API's error mapping in the request's language and on the staff screens in English.
 */
export const NOT_FOUND = {
  test: "missing.test",
  session: "missing.session",
  question: "missing.question",
  competency: "missing.competency",
  prerequisiteCompetency: "missing.prerequisiteCompetency",
  prerequisite: "missing.prerequisite",
  curriculum: "missing.curriculum",
  curriculumMember: "missing.curriculumMember",
  questionCompetencyLink: "missing.questionCompetencyLink",
  job: "missing.job",
  cohort: "missing.cohort",
  answer: "missing.answer",
  student: "missing.student",
  account: "missing.account",
  invitation: "missing.invitation",
  classTeacher: "missing.classTeacher",
  rosterMember: "missing.rosterMember",
  testingWindow: "missing.testingWindow",
} as const satisfies { [Key in keyof typeof MissingTexts]: `missing.${Key}` };

/** `detail` replaces the default "does not exist or has been deleted" where that would mislead. */
export type NotFoundPage = { notFound: string; back: { to: string; label: string }; detail?: string };

export function isNotFoundPage(data: unknown): data is NotFoundPage {
  return typeof data === "object" && data !== null && typeof (data as NotFoundPage).notFound === "string";
}

/** What a write that refers to several records answers when one of them does not exist: which one. */
type MissingRecord = { missing: keyof typeof NOT_FOUND };

/** The write's result, or that record's not_found failure (the route answers 404 with its NOT_FOUND text). */
export function refuseMissing<Result extends object>(result: Result | MissingRecord): Result {
  if ("missing" in result) throw notFound(NOT_FOUND[result.missing as keyof typeof NOT_FOUND]);
  return result;
}

const PRODUCT = "Adaptive Testing Engine";

/** The root's texts an error page reads (services/root-data.server.ts): none on a staff screen, which stays English. */
type RootTexts = { messages?: { common?: { pageNotFound: string; somethingWentWrong: string }; joinCode?: { title: string } } } | null | undefined;

/**
 * The title of a page an error boundary shows instead (WCAG 2.4.2), as its heading says: what is
 * missing ("Class Not Found"), "Page Not Found" for another 404, else "Something went wrong"; at a
 * role gate, the page the gate shows (the join screen's title, or the product's name over the
 * landing page). In the language of the root's texts (`root`, the root loader's data: a student
 * page's, ADR 0045); English where it sends none.
 */
export function errorPageTitle(error: unknown, root?: unknown): string {
  const response = typeof error === "object" && error !== null ? (error as { status?: unknown; data?: unknown }) : {};
  const texts = (root as RootTexts)?.messages;
  if (isGateData(response.data)) return response.data.gate === "join" ? `${texts?.joinCode?.title ?? "Join Your Class"} · ${PRODUCT}` : PRODUCT;
  const what =
    response.status === 404
      ? isNotFoundPage(response.data)
        ? response.data.notFound
        : (texts?.common?.pageNotFound ?? "Page Not Found")
      : (texts?.common?.somethingWentWrong ?? "Something went wrong");
  return `${what} · ${PRODUCT}`;
}
