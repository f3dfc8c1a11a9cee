import { z } from "zod";

import { questionSchema } from "./question";
import { apiPagingSchema, SEARCH_MAX_CHARS } from "./question-list";

/** GET /api/questions' query: the bank's filters, with the question form's messages (an empty value means no filter), and optional paging. */
const { type, difficulty, language } = questionSchema.innerType().shape;
const blankAsAbsent = (value: unknown) => (value === "" ? undefined : value);

export const apiQuestionQuerySchema = z
  .object({
    search: z.string().max(SEARCH_MAX_CHARS, `search must be at most ${SEARCH_MAX_CHARS} characters`).optional(),
    type: z.preprocess(blankAsAbsent, type.optional()),
    difficulty: z.preprocess(blankAsAbsent, difficulty.removeDefault().optional()),
    language: z.preprocess(blankAsAbsent, language),
  })
  .merge(apiPagingSchema);

/** The page size when only ?page is given. */
export const DEFAULT_API_PAGE_LIMIT = 25;
