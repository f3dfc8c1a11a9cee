import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { dayIn, DEFAULT_DISTRICT_TIME_ZONE } from "~/domain/district/time-zone";
import { addDays, windowOf } from "~/domain/growth/testing-windows";
import { groupBy } from "~/lib/group-by";

import { type ApiClient, demoClients, generateDemo } from "../support/api";
import { startWorker, type TestWorker } from "../support/worker";

/**
 * Demo data across testing windows (ADR 0026's amendment): what a teacher reads of the earlier
 * sittings, which never had a live session object: their scores, growth and markings, and the
 * district's own windows used when it has some. seed-demo.test.ts covers the generation itself.
 */
let worker: TestWorker;
let admin: ApiClient;
let classId: string;
type Window = { name: string; startsOn: string; endsOn: string };
type Sitting = {
  id: string;
  user_id: string;
  start_time: number;
  scale_score: number;
  scale_score_se: number;
  total_score: number;
  non_standard: number;
  effort: number | null;
  accommodations: string | null;
  answers: number;
  rapid: number;
};
let sittings: Sitting[];
/** The district's own windows, set before the demo is generated: the demo uses them and adds none. */
const today = dayIn(Date.now(), DEFAULT_DISTRICT_TIME_ZONE);
const DISTRICT_WINDOWS = [
  { name: "Autumn term", startsOn: addDays(today, -200), endsOn: addDays(today, -170) },
  { name: "Midyear", startsOn: addDays(today, -110), endsOn: addDays(today, -100) },
  { name: "Now", startsOn: addDays(today, -5), endsOn: addDays(today, 5) },
];

beforeAll(async () => {
  worker = await startWorker();
  ({ admin } = await demoClients(worker));
  for (const window of DISTRICT_WINDOWS) expect((await admin.post("/api/windows", window)).status).toBe(201);
  const { job } = await generateDemo(admin);
  expect(job.status, JSON.stringify(job)).toBe("succeeded");
  classId = (job.result as { cohort: { id: string } }).cohort.id;
  sittings = (
    await worker.d1
      .prepare(
        `select s.id, s.user_id, s.start_time, s.scale_score, s.scale_score_se, s.total_score, s.non_standard, s.effort, s.accommodations,
           (select count(*) from session_answers a where a.session_id = s.id) as answers,
           (select count(*) from session_answers a where a.session_id = s.id and a.rapid_guess = 1) as rapid
         from sessions s where s.cohort_id = ? order by s.start_time`,
      )
      .bind(classId)
      .all<Sitting>()
  ).results;
}, 120_000);
afterAll(() => worker?.dispose());

describe("demo data in the district's own windows", () => {
  it("dates each student's sittings in the two latest windows that ended and today's, adding no window", async () => {
    expect(((await admin.get("/api/windows")).data as Window[]).map((window) => window.name)).toEqual(DISTRICT_WINDOWS.map((window) => window.name));
    const byStudent = groupBy(sittings, (row) => row.user_id);
    expect(byStudent.size).toBe(32);
    for (const [student, own] of byStudent) {
      expect(
        own.map((row) => windowOf(row.start_time, DISTRICT_WINDOWS, DEFAULT_DISTRICT_TIME_ZONE)?.name),
        student,
      ).toEqual(["Autumn term", "Midyear", "Now"]);
    }
  });

  it("reads an earlier sitting back through its session object (from its archive) as D1 has it, grading logs in its window", async () => {
    const earliest = sittings[0]!;
    const { status, data } = await admin.get(`/api/sessions/${earliest.id}`);
    expect(status).toBe(200);
    expect(data).toMatchObject({ completed: true, totalScore: earliest.total_score, scaleScore: earliest.scale_score, scaleScoreSE: earliest.scale_score_se });
    expect(Date.parse(data.startTime)).toBe(earliest.start_time);
    expect(Object.keys(data.answers)).toHaveLength(earliest.answers);
    const { data: review } = await admin.get(`/api/sessions/${earliest.id}/ai-grading`);
    expect(review.gradingLogs.length).toBeGreaterThan(0);
    for (const log of review.gradingLogs as { gradedAt: string }[])
      expect(windowOf(Date.parse(log.gradedAt), DISTRICT_WINDOWS, DEFAULT_DISTRICT_TIME_ZONE)?.name).toBe("Autumn term");
  });

  it("lets a teacher override a grade in an earlier sitting, its results following", async () => {
    const earliest = sittings[0]!;
    const { data: review } = await admin.get(`/api/sessions/${earliest.id}/ai-grading`);
    const weakest = (review.gradingLogs as { questionId: string; score: number }[]).reduce((low, log) => (log.score < low.score ? log : low));
    const override = await admin.post(`/api/sessions/${earliest.id}/grade-overrides`, { questionId: weakest.questionId, score: 100, reason: "Read again." });
    expect(override.status).toBe(201);
    const row = await worker.d1
      .prepare("select start_time, total_score from sessions where id = ?")
      .bind(earliest.id)
      .first<{ start_time: number; total_score: number }>();
    expect(row).toEqual({ start_time: earliest.start_time, total_score: override.data.totalScore });
  });

  it("shows most students growing 3 to 8 scale points a window and a few flat or dropping", () => {
    const growths = [...groupBy(sittings, (row) => row.user_id).values()].flatMap(([first, second, third]) => [
      second!.scale_score - first!.scale_score,
      third!.scale_score - second!.scale_score,
    ]);
    const usual = growths.filter((growth) => growth >= 3 && growth <= 8).length;
    expect(usual, JSON.stringify(growths)).toBeGreaterThanOrEqual(growths.length * 0.7);
    expect(growths.filter((growth) => growth <= 1).length).toBeGreaterThanOrEqual(3);
    // The engine's own precision on the 40-question demo bank: about 4 to 5 points.
    const ses = sittings.map((row) => row.scale_score_se);
    expect(Math.min(...ses)).toBeGreaterThanOrEqual(2.5);
    expect(Math.max(...ses)).toBeLessThan(6);
  });

  it("marks one earlier sitting non-standard (reduced choices) and one of low effort, its rapid guesses marked", () => {
    const nonStandard = sittings.filter((row) => row.non_standard === 1);
    expect(nonStandard).toHaveLength(1);
    expect(JSON.parse(nonStandard[0]!.accommodations!)).toMatchObject({ reducedChoices: true });
    const rushed = sittings.filter((row) => row.effort !== null && row.effort < 0.9);
    expect(rushed).toHaveLength(1);
    expect(rushed[0]!.rapid).toBeGreaterThan(0);
    expect(rushed[0]!.effort).toBeCloseTo((rushed[0]!.answers - rushed[0]!.rapid) / rushed[0]!.answers, 2);
  });
});
