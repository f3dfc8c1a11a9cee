import { z } from "zod";

import { pageNumber, pagingNumber, screenPage } from "~/domain/paging";

import { type ContentLanguage, isContentLanguage } from "./content-language";
import { DIFFICULTIES, type Difficulty, QUESTION_TYPES, type QuestionType } from "./question-types";

/**
 * The bank's list query, shared by the Question Bank screen and the Add Questions dialog: search,
 * type and difficulty filters plus a page, all carried in the URL so a list can be linked,
 * reloaded and used without JavaScript. The database does the filtering and paging
 * (models/questions.server); this module only reads the query and does the page arithmetic.
 */
export const BANK_PAGE_SIZE = 20;
export const SEARCH_MAX_CHARS = 200;

/** What the filter controls show ("all" = any). */
export type QuestionFilterValues = { search: string; type: string; difficulty: string; language: string };
/** What the database filters by (absent = any). */
export type QuestionFilters = { search?: string; type?: QuestionType; difficulty?: Difficulty; language?: ContentLanguage };
type QuestionListQuery = { filters: QuestionFilters; values: QuestionFilterValues; page: number };

const isType = (value: string | null): value is QuestionType => QUESTION_TYPES.includes(value as QuestionType);
const isDifficulty = (value: string | null): value is Difficulty => DIFFICULTIES.includes(value as Difficulty);

/**
 * A screen's list query from its URL. Screens are lenient: an unknown type or a bad page number
 * falls back to "all" or page 1 rather than failing a page the teacher typed or bookmarked.
 */
export function readQuestionListQuery(params: URLSearchParams): QuestionListQuery {
  const search = (params.get("search") ?? "").slice(0, SEARCH_MAX_CHARS);
  const type = params.get("type");
  const difficulty = params.get("difficulty");
  const language = params.get("language");
  return {
    filters: {
      search: search.trim() ? search : undefined,
      type: isType(type) ? type : undefined,
      difficulty: isDifficulty(difficulty) ? difficulty : undefined,
      language: isContentLanguage(language) ? language : undefined,
    },
    values: {
      search,
      type: isType(type) ? type : "all",
      difficulty: isDifficulty(difficulty) ? difficulty : "all",
      language: isContentLanguage(language) ? language : "all",
    },
    page: screenPage(params.get("page")),
  };
}

/** The URL search params for a list query: defaults are left out, so the plain URL is page 1 of everything. */
export function questionListSearch(values: QuestionFilterValues, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (values.search.trim()) params.set("search", values.search);
  if (values.type !== "all") params.set("type", values.type);
  if (values.difficulty !== "all") params.set("difficulty", values.difficulty);
  if (values.language !== "all") params.set("language", values.language);
  if (page > 1) params.set("page", String(page));
  return params;
}

/** Search matches the text as shown, case-insensitively: both sides are compared lower-cased. */
export function searchNeedle(search: string | undefined): string | undefined {
  const needle = search?.trim().toLowerCase();
  return needle ? needle : undefined;
}

export type PageSummary = {
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
  first: number;
  last: number;
  /** Set when the total is a lower bound (a count that stopped early): there may be more pages than `pageCount`. */
  pageCountIsAtLeast?: true;
};

/** The page to read: the requested one, or the last page when the request is past the end. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page)), Math.max(1, Math.ceil(total / pageSize)));
}

/** "Showing first-last of total": 1-based positions of a page's rows (0-0 when empty); `totalIsAtLeast` when the total is a lower bound. */
export function pageSummary(page: number, pageSize: number, total: number, rowsOnPage: number, totalIsAtLeast = false): PageSummary {
  const first = rowsOnPage ? (page - 1) * pageSize + 1 : 0;
  return {
    page,
    pageSize,
    total,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    first,
    last: rowsOnPage ? first + rowsOnPage - 1 : 0,
    ...(totalIsAtLeast ? { pageCountIsAtLeast: true as const } : {}),
  };
}

/** The API's optional paging (?page, ?limit); without either, GET /api/questions answers the whole list. */
const API_PAGE_LIMIT_MAX = 100;
export const apiPagingSchema = z.object({
  page: pageNumber.optional(),
  limit: pagingNumber("limit", 1, API_PAGE_LIMIT_MAX).optional(),
});
