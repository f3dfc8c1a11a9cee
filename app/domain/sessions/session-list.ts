import { z } from "zod";

import type { TestMode } from "~/domain/adaptive/engine";
import { offsetNumber, pagingNumber, screenPage } from "~/domain/paging";

/**
 * The Test Sessions list: its filters, shared by
 * GET /api/sessions, the /admin/sessions screen and its CSV export, and the card's small rules.
 * The database filters, orders and pages (models/session-list.server); this module reads the
 * query and formats what a card shows.
 */
export const SESSION_PAGE_SIZE = 50;
const API_SESSION_LIMIT_DEFAULT = 50;
const API_SESSION_LIMIT_MAX = 200;
/** GET /api/sessions without limit or offset answers every matching session, up to this many (docs/api.md). */
export const API_SESSION_ALL_MAX = 10_000;
const STUDENT_SEARCH_MAX_CHARS = 200;
/** Ids are UUIDs or short seeded names; anything longer is not an id. */
const TEST_ID_MAX_CHARS = 200;

/** the product's words. */
export const SESSIONS_EMPTY_MESSAGE = "No test sessions found. Try adjusting your filters or take a test to create a session.";
export const SESSIONS_LOADING_MESSAGE = "Loading sessions...";

const SESSION_STATUSES = ["completed", "in_progress"] as const;
type SessionStatus = (typeof SESSION_STATUSES)[number];

/** What the database filters by (absent = any). */
export type SessionFilters = { testConfigId?: string; student?: string; status?: SessionStatus };

/** An empty query param (`?status=`) means "any", as a form's blank field does. */
const blankAsAbsent = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const testIdField = z.preprocess(
  blankAsAbsent,
  z.string().trim().max(TEST_ID_MAX_CHARS, `testConfigId must be at most ${TEST_ID_MAX_CHARS} characters`).optional(),
);
const studentField = z.preprocess(
  blankAsAbsent,
  z.string().max(STUDENT_SEARCH_MAX_CHARS, `student must be at most ${STUDENT_SEARCH_MAX_CHARS} characters`).optional(),
);
const statusField = z.preprocess(
  blankAsAbsent,
  z.enum(SESSION_STATUSES, { errorMap: () => ({ message: "status must be completed or in_progress" }) }).optional(),
);
/** GET /api/sessions's query: the filters plus a window (limit, offset). Bad values are a 400. */
const sessionListApiQuerySchema = z.object({
  testConfigId: testIdField,
  student: studentField,
  status: statusField,
  limit: z.preprocess(blankAsAbsent, pagingNumber("limit", 1, API_SESSION_LIMIT_MAX).default(API_SESSION_LIMIT_DEFAULT)),
  offset: z.preprocess(blankAsAbsent, offsetNumber.default(0)),
});
type SessionListApiQuery = z.infer<typeof sessionListApiQuerySchema>;

/** The API's query from a URL, or the first problem as a sentence naming the parameter. */
export function readSessionListApiQuery(params: URLSearchParams): { ok: true; query: SessionListApiQuery } | { ok: false; message: string } {
  const parsed = sessionListApiQuerySchema.safeParse(Object.fromEntries(params));
  if (parsed.success) return { ok: true, query: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? "Invalid query" };
}

/** What the screen's filter controls show ("all" / "" = any). */
export type SessionFilterValues = { test: string; student: string; status: SessionStatus | "all" };
type SessionListScreenQuery = { filters: SessionFilters; values: SessionFilterValues; page: number };

/**
 * The screen's (and the export's) query from its URL: `test`, `student`, `status`, `page`. Screens
 * are lenient, as the question bank is: a bad status or page falls back to "all" or page 1 rather
 * than failing a link a teacher bookmarked, and an over-long search is cut to its limit.
 */
export function readSessionListScreenQuery(params: URLSearchParams): SessionListScreenQuery {
  const test = testIdField.safeParse(params.get("test") ?? undefined);
  const student = (params.get("student") ?? "").slice(0, STUDENT_SEARCH_MAX_CHARS);
  const status = statusField.safeParse(params.get("status") ?? undefined);
  const testConfigId = test.success ? test.data : undefined;
  const chosenStatus = status.success ? status.data : undefined;
  return {
    filters: { testConfigId, student: studentNeedle(student), status: chosenStatus },
    values: { test: testConfigId ?? "", student, status: chosenStatus ?? "all" },
    page: screenPage(params.get("page")),
  };
}

/** The screen's URL search params: defaults left out, so the plain URL is page 1 of everything. */
export function sessionListSearch(values: SessionFilterValues, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (values.test) params.set("test", values.test);
  if (values.student.trim()) params.set("student", values.student);
  if (values.status !== "all") params.set("status", values.status);
  if (page > 1) params.set("page", String(page));
  return params;
}

/**
 * The student search as the database compares it: trimmed, with A-Z lowered and nothing else.
 * SQLite's lower() folds only ASCII, so lowering more here (É → é) would make an exact,
 * same-case search for a non-ASCII id miss.
 */
export function studentNeedle(search: string | undefined): string | undefined {
  const needle = search?.trim().replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  return needle ? needle : undefined;
}

/**
 * Whether GET /api/sessions was asked for a window: a limit or an offset given (a blank one is
 * absent, as the parser reads it). Without one it answers every matching session.
 */
export function asksForPage(params: URLSearchParams): boolean {
  return ["limit", "offset"].some((name) => (params.get(name) ?? "").trim() !== "");
}

/** The filters the API query names. */
export function apiQueryFilters(query: SessionListApiQuery): SessionFilters {
  return { testConfigId: query.testConfigId, student: studentNeedle(query.student), status: query.status };
}

/** Whole seconds from start to end, or null while the session is in progress. */
export function durationSeconds(session: { startTime: Date | number; endTime: Date | number | null; completed: boolean }): number | null {
  if (!session.completed || session.endTime === null) return null;
  return Math.max(0, Math.floor((Number(session.endTime) - Number(session.startTime)) / 1000));
}

/** The card's duration: '{m}m {s}s' once completed, else 'In Progress'. */
export function formatSessionDuration(session: { startTime: Date | number; endTime: Date | number | null; completed: boolean }): string {
  const seconds = durationSeconds(session);
  if (seconds === null) return "In Progress";
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

/**
 * A session's scores as D1 keeps them and the list gives them: the overall score and each open
 * answer's, without the grader's words (feedback, strengths, improvements). Those are the session's
 * own (GET /api/sessions/{id}) and its grading logs'; copied here they were most of a session's row
 * (ADR 0048, amended 2026-11-27 (3)). Rows written before keep their words; the list drops them alike.
 */
export function listedScores(scores: Record<string, unknown> | null | undefined): Record<string, { score: unknown }> {
  return Object.fromEntries(
    Object.entries(scores ?? {}).flatMap(([key, entry]) =>
      entry !== null && typeof entry === "object" && "score" in entry ? [[key, { score: (entry as { score: unknown }).score }]] : [],
    ),
  );
}

const hasText = (value: unknown) => typeof value === "string" && value.trim() !== "";
const hasItems = (value: unknown) => Array.isArray(value) && value.some(hasText);

/**
 * 'Review AI Grading' shows when any score entry other than the overall one holds feedback,
 * strengths or improvements: only graded open answers carry them. The write behind stores the
 * answer on the session's row (`has_ai_feedback`), as D1's scores no longer hold the words.
 */
export function hasAiFeedback(scores: Record<string, unknown> | null | undefined): boolean {
  return Object.entries(scores ?? {}).some(([key, entry]) => {
    if (key === "overall" || entry === null || typeof entry !== "object") return false;
    const { feedback, strengths, improvements } = entry as Record<string, unknown>;
    return hasText(feedback) || hasItems(strengths) || hasItems(improvements);
  });
}

/** The score as the card shows it: a whole percent, only once completed. */
export function formatSessionScore(session: { completed: boolean; totalScore: number | null }): string | null {
  if (!session.completed || session.totalScore === null) return null;
  return `${Math.round(session.totalScore)}%`;
}

export const MODE_LABELS: Record<TestMode, string> = { placement: "Placement", diagnostic: "Diagnostic" };
