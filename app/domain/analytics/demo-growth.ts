import { NO_ACCOMMODATIONS } from "~/domain/accommodations/accommodations";
import { mulberry32 } from "~/domain/adaptive/random";
import { POINTS_PER_LOGIT, thetaOfScale } from "~/domain/adaptive/scale";
import { addDays } from "~/domain/growth/testing-windows";
import type { SessionBlueprint } from "~/domain/sessions/blueprint";

import { nearestSitting, type ScoreTarget, type SimulatedSitting, simulateSitting } from "./simulated-sitting";
import type { SimulatedStudent } from "./simulated-student";

/**
 * Demo data across testing windows, so growth shows at once: each simulated student sits the demo
 * test today (through the session object, as before) and once in each of the two windows before
 * (dated there, through the attempt functions the object runs). Most grow 3–8 scale points a window, a few
 * stay flat or drop, one earlier sitting is a rushed one (low effort) and one ran with reduced
 * answer choices (non-standard), so those markings show too. Pure and seeded.
 */

type Window = { name: string; startsOn: string; endsOn: string };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo's windows, when the district has none: the last holds the day of generating, so today's sittings are in it. */
export function demoWindows(today: string): Window[] {
  return [
    { name: "Fall", startsOn: addDays(today, -150), endsOn: addDays(today, -120) },
    { name: "Winter", startsOn: addDays(today, -90), endsOn: addDays(today, -60) },
    { name: "Spring", startsOn: addDays(today, -30), endsOn: addDays(today, 30) },
  ];
}

const middleDay = (window: Window) => addDays(window.startsOn, Math.floor((Date.parse(window.endsOn) - Date.parse(window.startsOn)) / DAY_MS / 2));

/**
 * The days of the two earlier sittings, oldest first: the middle of each of the two latest windows
 * that ended before today (in date order, as the district's are listed). A district with fewer gets
 * the missing sittings 60 days apart before the first.
 */
export function earlierSittingDays(windows: readonly Window[], today: string): [string, string] {
  const days = windows
    .filter((window) => window.endsOn < today)
    .slice(-2)
    .map(middleDay);
  while (days.length < 2) days.unshift(addDays(days[0] ?? today, -60));
  return [days[0]!, days[1]!];
}

/** The student whose second earlier sitting (Winter) is rushed, and the one whose first (Fall) ran with reduced choices. */
const LOW_EFFORT_STUDENT = 5;
const NON_STANDARD_STUDENT = 12;
/** Share of the rushed sitting's answers that are rapid guesses: its effort is about 0.65. */
const RUSHED_SHARE = 0.35;

/** Scale points gained in a window: what the plan aims at, and the range a student's growth may land in. */
type Growth = { aim: number; min: number; max: number };

/**
 * What the student at `index` gains in each window (Fall → Winter, Winter → Spring): most 4 to 7
 * scale points (shown within 3.5 to 7.5), a student in eight flat into Spring, and one in sixteen
 * dropping into Winter.
 */
export function plannedGrowth(index: number, seed: number): [Growth, Growth] {
  const random = mulberry32((seed * 7_919 + index) >>> 0);
  const usual = (): Growth => ({ aim: Math.round((4 + 3 * random()) * 10) / 10, min: 3.5, max: 7.5 });
  const intoWinter = index % 16 === 7 ? { aim: -4, min: -6, max: -2 } : usual();
  const intoSpring = index % 8 === 3 ? { aim: Math.round((random() - 0.5) * 10) / 10, min: -1, max: 1 } : usual();
  return [intoWinter, intoSpring];
}

const SEED_STEP = 7_919;
const earlierSeed = (student: SimulatedStudent, sitting: number, attempt: number) => (student.seed * 31 + (sitting + 1) * 104_729 + attempt * SEED_STEP) >>> 0;

export type EarlierSitting = { blueprint: SessionBlueprint; startMs: number; sitting: SimulatedSitting };

/**
 * A student's two earlier sittings, given the scale score of today's (taken by the session object):
 * each simulated from the student's ability then and picked near the planned growth from the
 * sitting after it, so the growth a teacher reads is the plan's.
 */
export function earlierSittings(
  template: SessionBlueprint,
  student: SimulatedStudent,
  index: number,
  when: { todayScore: number; earlierDays: readonly [string, string]; sessionIds: readonly [string, string]; seed: number },
): [EarlierSitting, EarlierSitting] {
  const [intoWinter, intoSpring] = plannedGrowth(index, when.seed);
  const sitEarlier = (sitting: 0 | 1, theta: number, target: ScoreTarget): EarlierSitting => {
    // A school morning in the window, the class a few minutes apart.
    const startMs = Date.parse(`${when.earlierDays[sitting]}T13:00:00Z`) + (index % 12) * 4 * 60_000;
    const nonStandard = sitting === 0 && index === NON_STANDARD_STUDENT;
    const rushed = sitting === 1 && index === LOW_EFFORT_STUDENT;
    const sit = (attempt: number, nudge: number) => {
      const blueprint: SessionBlueprint = {
        ...template,
        sessionId: when.sessionIds[sitting],
        studentId: student.studentId,
        seed: earlierSeed(student, sitting, attempt),
        modelWillGrade: false,
        resumeCode: null,
        accommodations: nonStandard ? { ...NO_ACCOMMODATIONS, reducedChoices: true } : null,
      };
      const taken = simulateSitting(blueprint, { theta: theta + nudge, answerSeed: blueprint.seed, startMs, rapidShare: rushed ? RUSHED_SHARE : 0 });
      return { blueprint, startMs, sitting: taken, scaleScore: taken.scaleScore };
    };
    // A rushed sitting is kept as it came: its drop is what low effort looks like.
    const { scaleScore: _, ...chosen } = rushed ? sit(0, 0) : nearestSitting(sit, target);
    return chosen;
  };
  /** The score a sitting is aimed at: `growth` below the score of the sitting after it. */
  const before = (later: number, growth: Growth): ScoreTarget => ({ aim: later - growth.aim, min: later - growth.max, max: later - growth.min });
  const winter = sitEarlier(1, student.theta - intoSpring.aim / POINTS_PER_LOGIT, before(when.todayScore, intoSpring));
  // From the Winter sitting shown, unless that one was rushed: then from where the student really was.
  const winterScore = index === LOW_EFFORT_STUDENT ? when.todayScore - intoSpring.aim : winter.sitting.scaleScore;
  const fall = sitEarlier(0, thetaOfScale(winterScore) - intoWinter.aim / POINTS_PER_LOGIT, before(winterScore, intoWinter));
  return [fall, winter];
}
