import { describe, expect, it } from "vitest";

import { type ExportedSession, sessionsCsv } from "./session-export";

const session = (overrides: Partial<ExportedSession> = {}): ExportedSession => ({
  id: "s1",
  userId: "ana",
  studentName: "Ana Lima",
  testTitle: "Fractions",
  testSubject: "Math",
  testMode: "diagnostic",
  completed: true,
  totalScore: 72.5,
  scaleScore: 204.1,
  questionsAnswered: 12,
  startTime: new Date(Date.UTC(2026, 2, 5, 15, 0, 0)),
  endTime: new Date(Date.UTC(2026, 2, 5, 15, 2, 5)),
  cohortId: "c1",
  completionReason: "stopping_rule",
  accommodations: null,
  nonStandard: false,
  effort: 0.95,
  language: "en",
  ...overrides,
});

describe("sessionsCsv", () => {
  it("writes one row a session with the student's ID and name, times in UTC, the duration in seconds", () => {
    const [header, row] = sessionsCsv([session()]).split("\r\n");
    expect(header).toBe(
      "Session ID,Student ID,Student name,Test,Subject,Mode,Status,Score (%),Ended early,Scale score,Questions answered,Started,Ended,Duration (s),Class ID,Accommodations,Non-standard,Effort (%),Language",
    );
    expect(row).toBe("s1,ana,Ana Lima,Fractions,Math,Diagnostic,Completed,72.5,No,204.1,12,2026-03-05T15:00:00.000Z,2026-03-05T15:02:05.000Z,125,c1,,No,95,en");
  });

  it("says which accommodations a session ran with, and whether they made it non-standard", () => {
    const [, row] = sessionsCsv([session({ accommodations: { extendedTime: 1.5, reducedChoices: true }, nonStandard: true })]).split("\r\n");
    expect(row).toMatch(/,c1,extended time ×1\.5; reduced answer choices,Yes,95,en$/);
  });

  it("gives the share of answers given with effort, blank before any answer", () => {
    expect(sessionsCsv([session({ effort: 0.5 })]).split("\r\n")[1]).toMatch(/,No,50,en$/);
    expect(sessionsCsv([session({ effort: null })]).split("\r\n")[1]).toMatch(/,No,,en$/);
  });

  it("leaves the name blank for a session without a class", () => {
    const [, row] = sessionsCsv([session({ studentName: null, cohortId: null })]).split("\r\n");
    expect(row).toBe("s1,ana,,Fractions,Math,Diagnostic,Completed,72.5,No,204.1,12,2026-03-05T15:00:00.000Z,2026-03-05T15:02:05.000Z,125,,,No,95,en");
  });

  it("gives no score or duration to a session in progress, and neutralises a student id that looks like a formula", () => {
    const [, row] = sessionsCsv([session({ userId: "=cmd|'/c calc'!A1", studentName: "@Ana", completed: false, totalScore: 10, endTime: null })]).split("\r\n");
    expect(row).toBe(`s1,"'=cmd|'/c calc'!A1","'@Ana",Fractions,Math,Diagnostic,In Progress,,No,204.1,12,2026-03-05T15:00:00.000Z,,,c1,,No,95,en`);
  });

  it("says when the student ended the session early", () => {
    const [, row] = sessionsCsv([session({ completionReason: "submitted", totalScore: 9.5, questionsAnswered: 1 })]).split("\r\n");
    expect(row).toBe("s1,ana,Ana Lima,Fractions,Math,Diagnostic,Completed,9.5,Yes,204.1,1,2026-03-05T15:00:00.000Z,2026-03-05T15:02:05.000Z,125,c1,,No,95,en");
  });

  it("gives the test's language by its code", () => {
    expect(sessionsCsv([session({ language: "es" })]).split("\r\n")[1]).toMatch(/,No,95,es$/);
  });
});
