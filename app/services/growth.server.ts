import type { Database } from "~/db/client.server";
import { CLASS_STUDENTS_KEY } from "~/domain/audit/audit-entry";
import type { Scope } from "~/domain/auth/policy";
import { dayIn } from "~/domain/district/time-zone";
import {
  chooseWindowPair,
  classGrowth,
  classGrowthPoints,
  type ClassGrowthQuery,
  type ClassSubjectGrowth,
  leftOutStudents,
  LOCAL_NORM_BAND,
  LOCAL_NORM_MINIMUM,
  LOCAL_NORMS_NOTE,
  LOCAL_NORMS_PENDING,
  windowsWithScores,
} from "~/domain/growth/class-growth";
import { familyReportHeader, familyReportLocale, familyReportSection, familySectionSentences } from "~/domain/growth/family-report";
import { type MarkedSession, studentGrowth, type SubjectGrowth } from "~/domain/growth/growth";
import { pageMessages, translate } from "~/domain/i18n/catalog";
import { DEFAULT_CONTENT_LANGUAGE } from "~/domain/questions/content-language";
import { studentDisplayName } from "~/domain/students/student";
import { recordAudit } from "~/models/audit-log.server";
import { districtTimeZone } from "~/models/district-time-zone.server";
import { readClassGrowth, readStudentGrowth } from "~/models/growth.server";
import { readPairNorms } from "~/models/growth-norms.server";
import { listTestingWindows, type TestingWindow } from "~/models/testing-windows.server";

/**
 * Growth for the API and the screens alike: a student's growth page, a class's growth view and a
 * family report, each read in the caller's scope (ADR 0031) and recorded in the audit log as a
 * view of each student it shows (ADR 0030).
 */
type Actor = { id: string; email: string };

/** A session as the API and the screens show it: its score, and what keeps it from counting. */
/** A session as the growth answer shows it; `testedOn` is its day in the district's time zone, the day its window counts (ADR 0041). */
function sessionView(session: MarkedSession, timeZone: string) {
  return {
    id: session.id,
    testTitle: session.testTitle,
    startTime: new Date(session.startTime).toISOString(),
    testedOn: dayIn(session.startTime, timeZone),
    completed: session.completed,
    scaleScore: session.scaleScore,
    se: session.scaleScoreSe,
    nonStandard: session.nonStandard,
    lowEffort: session.marks.includes("low_effort"),
    counted: session.marks.length === 0,
    marks: session.marks,
    language: session.language ?? DEFAULT_CONTENT_LANGUAGE,
  };
}

function subjectView(subject: SubjectGrowth<TestingWindow>, timeZone: string) {
  return {
    subject: subject.subject,
    windows: subject.windows.map((entry) => ({
      windowId: entry.window.id,
      name: entry.window.name,
      startsOn: entry.window.startsOn,
      endsOn: entry.window.endsOn,
      sessions: entry.sessions.map((session) => sessionView(session, timeZone)),
      score: entry.score,
      growth: entry.growth,
    })),
  };
}
export type StudentGrowthSubject = ReturnType<typeof subjectView>;

/** GET /api/students/{id}/growth and the growth page; null for a student the caller cannot see. */
export async function loadStudentGrowth(db: Database, actor: Actor, studentId: string, scope: Scope) {
  const [data, windows, timeZone] = await Promise.all([readStudentGrowth(db, studentId, scope), listTestingWindows(db), districtTimeZone(db)]);
  if (!data) return null;
  await recordAudit(db, actor, { action: "student.growth_viewed", studentRecordId: data.student.id });
  const { subjects, outsideWindows } = studentGrowth(windows, data.sessions, timeZone);
  return {
    student: data.student,
    windows,
    subjects: subjects.map((subject) => subjectView(subject, timeZone)),
    outsideWindows: outsideWindows.map((session) => sessionView(session, timeZone)),
  };
}

function classSubjectView(subject: ClassSubjectGrowth) {
  const { rows, ...summary } = subject;
  return {
    ...summary,
    students: rows.map((row) => ({
      id: row.studentId,
      name: row.name,
      start: row.start,
      end: row.end,
      growth: row.growth,
      startMarks: row.startMarks,
      endMarks: row.endMarks,
      localPercentile: row.percentile,
      localBandSize: row.bandSize,
    })),
  };
}

/**
 * GET /api/cohorts/{id}/growth and the class growth view: the class between two windows (those
 * asked for, else the last two with scores; none while fewer than two have any). Null for a class
 * the caller does not teach; a bad choice of windows is a 400.
 */
export async function loadClassGrowth(db: Database, actor: Actor, classId: string, scope: Scope, query: ClassGrowthQuery) {
  const [data, windows, timeZone] = await Promise.all([readClassGrowth(db, classId, scope), listTestingWindows(db), districtTimeZone(db)]);
  if (!data) return null;
  const withScores = windowsWithScores(
    windows,
    data.students.flatMap((student) => student.sessions),
    timeZone,
  );
  const pair = chooseWindowPair(windows, withScores, query);
  // The nightly job's norms at the class's own points (ADR 0049): the view reads no other student's sessions.
  const norms = pair ? await readPairNorms(db, pair, classGrowthPoints(pair, data.students, timeZone)) : null;
  const subjects = pair && norms ? classGrowth(pair, data.students, norms, timeZone) : [];
  if (pair)
    await recordAudit(db, actor, {
      action: "class.growth_viewed",
      subject: `class:${classId}`,
      detail: { from: pair.from.id, to: pair.to.id, [CLASS_STUDENTS_KEY]: data.students.map((student) => student.id) },
    });
  return {
    cohort: data.cohort,
    windows,
    windowsWithScores: withScores.map((window) => window.id),
    leftOut: leftOutStudents(windows, data.students, timeZone),
    from: pair?.from ?? null,
    to: pair?.to ?? null,
    localNorms: {
      minimumStudents: LOCAL_NORM_MINIMUM,
      bandScalePoints: LOCAL_NORM_BAND,
      note: LOCAL_NORMS_NOTE,
      computedAt: norms?.computedAt?.toISOString() ?? null,
      pending: pair && !norms?.computedAt ? LOCAL_NORMS_PENDING : null,
    },
    subjects: subjects.map(classSubjectView),
  };
}
export type ClassGrowthView = NonNullable<Awaited<ReturnType<typeof loadClassGrowth>>>;

/**
 * The family report of one student and one window: each subject they have a finished, scored test
 * of in it. Null for a student the caller cannot see; `missing` for a window that does not exist.
 */
/**
 * A family report in its language (ADR 0045): `asked` is the report's switch (`?lang=`), else the
 * student record's preferred language once records carry one, else English.
 */
export async function loadFamilyReport(db: Database, actor: Actor, studentId: string, windowId: string, scope: Scope, asked: string | null = null) {
  const [data, windows, timeZone] = await Promise.all([readStudentGrowth(db, studentId, scope), listTestingWindows(db), districtTimeZone(db)]);
  if (!data) return null;
  const window = windows.find((candidate) => candidate.id === windowId);
  if (!window) return { missing: "testingWindow" as const };
  await recordAudit(db, actor, { action: "student.report_viewed", studentRecordId: data.student.id, subject: `window:${window.id}` });
  const recommendations = new Map(data.sessions.map((session) => [session.id, session.moduleRecommendations]));
  const { subjects } = studentGrowth(windows, data.sessions, timeZone);
  const { student } = data;
  // The record's language, when the student record has one to read (the roster's Language column).
  const locale = familyReportLocale(asked, student.language);
  const sections = subjects.flatMap((subject) => familyReportSection(student.givenName, subject, window.id, recommendations, timeZone, locale) ?? []);
  return {
    student,
    window,
    ...pageMessages(locale, "family"),
    words: {
      ...familyReportHeader(student, window, locale),
      pageTitle: translate(locale, "family", "pageTitle", { name: studentDisplayName(student), window: window.name }),
    },
    sections: sections.map((section) => ({ ...section, ...familySectionSentences(section, locale) })),
  };
}
