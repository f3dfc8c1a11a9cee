import { describe, expect, it } from "vitest";

import {
  asksForPage,
  formatSessionDuration,
  formatSessionScore,
  hasAiFeedback,
  listedScores,
  readSessionListApiQuery,
  readSessionListScreenQuery,
  sessionListSearch,
  studentNeedle,
} from "./session-list";

const params = (query: string) => new URLSearchParams(query);

describe("readSessionListApiQuery", () => {
  it("defaults to the first 50 of everything", () => {
    expect(readSessionListApiQuery(params(""))).toEqual({ ok: true, query: { limit: 50, offset: 0 } });
  });

  it("reads every filter and the window; blank values mean any", () => {
    expect(readSessionListApiQuery(params("testConfigId=t1&student=Ann&status=in_progress&limit=200&offset=400"))).toEqual({
      ok: true,
      query: { testConfigId: "t1", student: "Ann", status: "in_progress", limit: 200, offset: 400 },
    });
    expect(readSessionListApiQuery(params("testConfigId=&student=&status=&limit=&offset="))).toEqual({ ok: true, query: { limit: 50, offset: 0 } });
  });

  it.each([
    ["status=done", "status must be completed or in_progress"],
    ["status=COMPLETED", "status must be completed or in_progress"],
    ["limit=0", "limit must be at least 1"],
    ["limit=201", "limit must be at most 200"],
    ["limit=2.5", "limit must be a whole number"],
    ["limit=ten", "limit must be a whole number"],
    ["offset=-1", "offset must be at least 0"],
    ["offset=x", "offset must be a whole number"],
    [`student=${"a".repeat(201)}`, "student must be at most 200 characters"],
    [`testConfigId=${"t".repeat(201)}`, "testConfigId must be at most 200 characters"],
  ])("refuses %s with a sentence naming the parameter", (query, message) => {
    expect(readSessionListApiQuery(params(query))).toEqual({ ok: false, message });
  });
});

describe("asksForPage", () => {
  it("is a window only when a limit or an offset is given, blanks being absent", () => {
    const asks = (query: string) => asksForPage(new URLSearchParams(query));
    expect(asks("")).toBe(false);
    expect(asks("student=ana&status=completed")).toBe(false);
    expect(asks("limit=&offset=%20")).toBe(false);
    expect(asks("limit=10")).toBe(true);
    expect(asks("offset=0")).toBe(true);
  });
});

describe("readSessionListScreenQuery", () => {
  it("reads the URL's test, student, status and page", () => {
    expect(readSessionListScreenQuery(params("test=t1&student=%20Ann%20&status=completed&page=3"))).toEqual({
      filters: { testConfigId: "t1", student: "ann", status: "completed" },
      values: { test: "t1", student: " Ann ", status: "completed" },
      page: 3,
    });
  });

  it("falls back to any and page 1 for values a bookmark may hold, and cuts an over-long search", () => {
    const query = readSessionListScreenQuery(params(`status=done&page=-2&student=${"b".repeat(300)}`));
    expect(query.values.status).toBe("all");
    expect(query.filters.status).toBeUndefined();
    expect(query.page).toBe(1);
    expect(query.values.student).toHaveLength(200);
    expect(readSessionListScreenQuery(params("page=abc&student=%20%20")).filters).toEqual({ testConfigId: undefined, student: undefined, status: undefined });
  });

  it("round-trips through sessionListSearch, leaving defaults out", () => {
    const values = { test: "t1", student: "50%_x", status: "in_progress" as const };
    const search = sessionListSearch(values, 2);
    expect(search.toString()).toBe("test=t1&student=50%25_x&status=in_progress&page=2");
    expect(readSessionListScreenQuery(search)).toMatchObject({ values, page: 2 });
    expect(sessionListSearch({ test: "", student: " ", status: "all" }).toString()).toBe("");
  });
});

describe("studentNeedle", () => {
  it("trims and lowers A-Z only, as SQLite's lower() does", () => {
    expect(studentNeedle("  AnnE_5 ")).toBe("anne_5");
    expect(studentNeedle("ÉLÈVE")).toBe("ÉlÈve");
    expect(studentNeedle("   ")).toBeUndefined();
    expect(studentNeedle(undefined)).toBeUndefined();
  });
});

describe("formatSessionDuration", () => {
  const start = new Date("2026-03-05T15:04:00Z");
  it("shows minutes and seconds once completed", () => {
    expect(formatSessionDuration({ startTime: start, endTime: new Date(start.getTime() + 754_900), completed: true })).toBe("12m 34s");
    expect(formatSessionDuration({ startTime: start, endTime: start, completed: true })).toBe("0m 0s");
    expect(formatSessionDuration({ startTime: start.getTime(), endTime: start.getTime() + 3_725_000, completed: true })).toBe("62m 5s");
  });

  it("says 'In Progress' until completed, and never shows a negative time", () => {
    expect(formatSessionDuration({ startTime: start, endTime: null, completed: false })).toBe("In Progress");
    expect(formatSessionDuration({ startTime: start, endTime: new Date(start.getTime() + 5000), completed: false })).toBe("In Progress");
    expect(formatSessionDuration({ startTime: start, endTime: null, completed: true })).toBe("In Progress");
    expect(formatSessionDuration({ startTime: start, endTime: new Date(start.getTime() - 5000), completed: true })).toBe("0m 0s");
  });
});

describe("formatSessionScore", () => {
  it("shows a whole percent only when completed", () => {
    expect(formatSessionScore({ completed: true, totalScore: 66.7 })).toBe("67%");
    expect(formatSessionScore({ completed: true, totalScore: 0 })).toBe("0%");
    expect(formatSessionScore({ completed: false, totalScore: 50 })).toBeNull();
    expect(formatSessionScore({ completed: true, totalScore: null })).toBeNull();
  });
});

describe("hasAiFeedback", () => {
  it("is true when any entry but overall holds feedback, strengths or improvements", () => {
    expect(hasAiFeedback({ overall: { score: 80 }, q1: { score: 70, feedback: "Clear reasoning." } })).toBe(true);
    expect(hasAiFeedback({ q1: { score: 70, feedback: null, strengths: ["Uses units"], improvements: [] } })).toBe(true);
    expect(hasAiFeedback({ q1: { score: 70, improvements: ["Show the steps"] } })).toBe(true);
  });

  it("ignores the overall entry, empty values and entries that are not objects", () => {
    expect(hasAiFeedback({ overall: { score: 80, feedback: "Well done", strengths: ["x"] } })).toBe(false);
    expect(hasAiFeedback({ q1: { score: 70, feedback: "  ", strengths: [], improvements: [""] } })).toBe(false);
    expect(hasAiFeedback({ q1: 70, q2: null, q3: "feedback" })).toBe(false);
    expect(hasAiFeedback({})).toBe(false);
    expect(hasAiFeedback(null)).toBe(false);
  });
});

describe("listedScores", () => {
  it("keeps each entry's score and drops the grader's words", () => {
    expect(
      listedScores({
        overall: { score: 66.7 },
        q1: { score: 70, feedback: "Clear reasoning.", strengths: ["Uses units"], improvements: ["Show the steps"] },
        q2: { score: null, feedback: null, strengths: [], improvements: [] },
      }),
    ).toEqual({ overall: { score: 66.7 }, q1: { score: 70 }, q2: { score: null } });
  });

  it("leaves out what is not a scored entry", () => {
    expect(listedScores({ q1: 70, q2: null, q3: { feedback: "no score" } })).toEqual({});
    expect(listedScores(null)).toEqual({});
  });
});
