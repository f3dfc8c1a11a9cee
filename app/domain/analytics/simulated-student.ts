import type { TestMode } from "~/domain/adaptive/engine";
import { probabilityCorrect } from "~/domain/adaptive/item-model";
import { mulberry32 } from "~/domain/adaptive/random";
import { questionTypeOf } from "~/domain/questions/types";
import type { SessionQuestion } from "~/domain/sessions/blueprint";
import type { Answer } from "~/domain/sessions/session-contract";

/**
 * Simulated students for the demo class: each has an ability θ and answers the
 * engine's questions as a student of that ability would under the engine's own item model, so the
 * demo data is what real sessions produce, not random numbers. Pure and seeded: the same seed
 * gives the same class.
 */
export type SimulatedQuestion = Pick<SessionQuestion, "type" | "options" | "params" | "rubric">;
type SimulatedAnswer = { answer: Answer; knewIt: boolean; timeSpentSeconds: number };

/**
 * Φ⁻¹(p), the standard normal quantile (Acklam's rational approximation, relative error < 1.2e-9):
 * enough to spread abilities over N(0, 1) without a statistics library.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs 0 < p < 1, got ${p}`);
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = 0.02425;
  const rational = (q: number) =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  if (p < tail) return rational(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - tail) return -rational(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/**
 * `count` abilities at the N(0, 1) quantiles (i + ½)/count, so a small class already has the
 * spread of a real one (no accidental cluster of strong students), in a seeded shuffled order.
 */
export function simulatedAbilities(count: number, seed: number): number[] {
  const thetas = Array.from({ length: count }, (_, index) => Math.round(normalQuantile((index + 0.5) / count) * 1000) / 1000);
  const random = mulberry32(seed);
  for (let index = thetas.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [thetas[index], thetas[other]] = [thetas[other]!, thetas[index]!];
  }
  return thetas;
}

/** Seconds a student of ability θ spends on a question: its type's typical time, a little longer for weaker students. */
function timeSpent(type: SimulatedQuestion["type"], theta: number, random: () => number): number {
  const typical = questionTypeOf(type).simulation.typicalSeconds;
  const pace = 1 - 0.12 * Math.max(-2, Math.min(2, theta));
  return Math.round(typical * pace * (0.6 + 0.8 * random()));
}

/**
 * One answer from a student of ability θ: they know it with the 2PL probability of the item's
 * parameters (the engine's own model). A choice question then gets the key or a plausible wrong
 * pick; an open one a good answer built from its rubric or a weak one, which the grader scores.
 */
export function simulatedAnswer(question: SimulatedQuestion, theta: number, random: () => number): SimulatedAnswer {
  const knewIt = random() < probabilityCorrect(theta, question.params);
  const timeSpentSeconds = timeSpent(question.type, theta, random);
  return { answer: questionTypeOf(question.type).simulation.answer(question, knewIt, random), knewIt, timeSpentSeconds };
}

const FIRST_NAMES = [
  "Ava",
  "Ben",
  "Chloe",
  "Diego",
  "Emma",
  "Farah",
  "Gabriel",
  "Hana",
  "Isaac",
  "Jade",
  "Kofi",
  "Lena",
  "Mateo",
  "Nadia",
  "Omar",
  "Priya",
  "Quinn",
  "Rosa",
  "Sami",
  "Tara",
  "Uma",
  "Victor",
  "Wren",
  "Xavier",
  "Yara",
  "Zane",
  "Aisha",
  "Bruno",
  "Carmen",
  "Dev",
  "Elif",
  "Finn",
];
const LAST_INITIALS = "BCDFGHJKLMNPRSTW";

export type SimulatedStudent = {
  studentId: string;
  displayName: string;
  theta: number;
  mode: TestMode;
  /** Seeds both the engine's exposure control and the student's answers. */
  seed: number;
  /** Answers given before stopping; Infinity: until the engine ends the test. */
  answers: number;
  /** False: left in progress (the student closed the laptop). */
  finishes: boolean;
};

/**
 * A demo class: `count` students spread over N(0, 1), every third one in diagnostic mode, and the
 * last `inProgress` stopped after three answers, as a real class on a real day.
 */
export function simulatedClass(count: number, seed: number, inProgress = 2): SimulatedStudent[] {
  const thetas = simulatedAbilities(count, seed);
  return thetas.map((theta, index) => {
    const first = FIRST_NAMES[index % FIRST_NAMES.length]!;
    const initial = LAST_INITIALS[(index * 7 + Math.floor(index / FIRST_NAMES.length)) % LAST_INITIALS.length]!;
    const finishes = index < count - inProgress;
    return {
      studentId: `${first.toLowerCase()}.${initial.toLowerCase()}${index >= FIRST_NAMES.length ? index : ""}`,
      displayName: `${first} ${initial}.`,
      theta,
      mode: index % 3 === 2 ? "diagnostic" : "placement",
      seed: (seed * 1_000 + index + 1) >>> 0,
      answers: finishes ? Number.POSITIVE_INFINITY : 3,
      finishes,
    };
  });
}
