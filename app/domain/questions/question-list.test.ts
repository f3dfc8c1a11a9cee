import { describe, expect, it } from "vitest";

import { apiPagingSchema, clampPage, pageSummary, questionListSearch, readQuestionListQuery, searchNeedle } from "./question-list";

describe("readQuestionListQuery", () => {
  it("reads search, type, difficulty, language and page from the URL", () => {
    const query = readQuestionListQuery(new URLSearchParams("search=Fractions&type=chat&difficulty=hard&language=es&page=3"));
    expect(query).toEqual({
      filters: { search: "Fractions", type: "chat", difficulty: "hard", language: "es" },
      values: { search: "Fractions", type: "chat", difficulty: "hard", language: "es" },
      page: 3,
    });
  });

  it("falls back to everything on page 1 for missing or unknown values", () => {
    const query = readQuestionListQuery(new URLSearchParams("search=%20%20&type=essay&difficulty=all&language=fr&page=-2"));
    expect(query.filters).toEqual({ search: undefined, type: undefined, difficulty: undefined, language: undefined });
    expect(query.values).toEqual({ search: "  ", type: "all", difficulty: "all", language: "all" });
    expect(query.page).toBe(1);
    expect(readQuestionListQuery(new URLSearchParams("page=2.5")).page).toBe(1);
    expect(readQuestionListQuery(new URLSearchParams(`search=${"x".repeat(500)}`)).values.search).toHaveLength(200);
  });
});

describe("questionListSearch", () => {
  it("writes only what differs from the defaults", () => {
    expect(questionListSearch({ search: "", type: "all", difficulty: "all", language: "all" }).toString()).toBe("");
    expect(questionListSearch({ search: "1/4", type: "free_response", difficulty: "all", language: "all" }, 2).toString()).toBe(
      "search=1%2F4&type=free_response&page=2",
    );
    expect(questionListSearch({ search: "", type: "all", difficulty: "all", language: "es" }).toString()).toBe("language=es");
  });
});

describe("searchNeedle", () => {
  it("trims and lower-cases; blank means no search", () => {
    expect(searchNeedle("  Équivalent FRACTIONS ")).toBe("équivalent fractions");
    expect(searchNeedle("   ")).toBeUndefined();
    expect(searchNeedle(undefined)).toBeUndefined();
  });
});

describe("paging", () => {
  it("clamps a page past the end to the last page, and an empty list to page 1", () => {
    expect(clampPage(9, 45, 20)).toBe(3);
    expect(clampPage(2, 45, 20)).toBe(2);
    expect(clampPage(4, 0, 20)).toBe(1);
  });

  it("summarises a page as 1-based positions", () => {
    expect(pageSummary(1, 20, 45, 20)).toEqual({ page: 1, pageSize: 20, total: 45, pageCount: 3, first: 1, last: 20 });
    expect(pageSummary(3, 20, 45, 5)).toMatchObject({ first: 41, last: 45, pageCount: 3 });
    expect(pageSummary(1, 20, 0, 0)).toMatchObject({ first: 0, last: 0, pageCount: 1 });
    // A total that is a lower bound: its pages may be more.
    expect(pageSummary(1, 50, 1001, 50, true)).toEqual({ page: 1, pageSize: 50, total: 1001, pageCount: 21, first: 1, last: 50, pageCountIsAtLeast: true });
  });

  it("parses the API's optional page and limit", () => {
    expect(apiPagingSchema.parse({})).toEqual({});
    expect(apiPagingSchema.parse({ page: "2", limit: "50" })).toEqual({ page: 2, limit: 50 });
    expect(apiPagingSchema.safeParse({ limit: "101" }).error?.issues[0]?.message).toBe("limit must be at most 100");
    expect(apiPagingSchema.safeParse({ page: "0" }).error?.issues[0]?.message).toBe("page must be at least 1");
  });
});
