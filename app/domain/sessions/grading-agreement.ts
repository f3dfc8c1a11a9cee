import { agreement } from "~/domain/ai/offline-grader/agreement";
import { GRADE_CORRECT_THRESHOLD } from "~/domain/ai/schemas";

/**
 * How often teachers agree with a question's grader, from their overrides. Each answer a teacher
 * overrode or confirmed is one human label: its last override's score, set against the score its
 * latest grading log gave. Both are read as correct (70 or more) or not, the product's own line,
 * and compared per question and per grader ("offline" or the model's name), because a rubric that
 * one grader reads well another may not.
 * docs/decisions/0036-grade-confidence-and-override-agreement.md gives the thresholds' reasons.
 */

/** Below this many labels a share and a kappa say more about luck than about the rubric. */
export const MIN_REVIEWS_FOR_AGREEMENT = 10;
/** Kappa under 0.4 is "fair" at best on the usual scale (Landis and Koch). */
const LOW_KAPPA = 0.4;
/** Teachers changing the verdict on more than 3 answers in 10. */
const LOW_AGREEMENT_SHARE = 0.7;

export const LOW_AGREEMENT_BANNER = "Teachers often disagree with the grades for this question. Consider revising its rubric.";

/** One cell of a question and grader's 2×2 table: how many labelled answers had this pair of verdicts. */
export type VerdictCell = { questionId: string; grader: string; graderCorrect: boolean; teacherCorrect: boolean; answers: number };

export type GraderAgreement = {
  grader: string;
  /** Answers with a teacher's label. */
  reviewed: number;
  /** Of those, the ones the teacher put on the same side of 70 as the grader. */
  agreed: number;
  /** Cohen's kappa, three decimals; null below MIN_REVIEWS_FOR_AGREEMENT labels. */
  kappa: number | null;
  /** Enough labels, and teachers disagree too often: the question's rubric should be looked at. */
  lowAgreement: boolean;
};

export const isCorrectScore = (score: number) => score >= GRADE_CORRECT_THRESHOLD;

/** The map key of a question and grader. */
export const agreementKey = (questionId: string, grader: string) => `${questionId}\u241F${grader}`;

const roundKappa = (kappa: number) => Math.round(kappa * 1000) / 1000;

/**
 * A question and grader's agreement from its cells. Kappa is agreement beyond chance and so
 * near 0 whenever one side gave the same verdict on every answer, however often the two agreed
 * (the prevalence paradox): then only the share of agreement decides whether it is low.
 */
export function graderAgreement(grader: string, cells: readonly Omit<VerdictCell, "questionId" | "grader">[]): GraderAgreement {
  const predicted: boolean[] = [];
  const actual: boolean[] = [];
  for (const cell of cells) {
    for (let index = 0; index < cell.answers; index += 1) {
      predicted.push(cell.graderCorrect);
      actual.push(cell.teacherCorrect);
    }
  }
  const reviewed = predicted.length;
  const agreed = predicted.filter((verdict, index) => verdict === actual[index]).length;
  if (reviewed < MIN_REVIEWS_FOR_AGREEMENT) return { grader, reviewed, agreed, kappa: null, lowAgreement: false };
  // Judged as shown (three decimals), so a kappa of 0.4 worked out as 0.39999… is not low.
  const kappa = roundKappa(agreement(predicted, actual).kappa);
  const bothVaried = new Set(predicted).size === 2 && new Set(actual).size === 2;
  return { grader, reviewed, agreed, kappa, lowAgreement: agreed / reviewed < LOW_AGREEMENT_SHARE || (bothVaried && kappa < LOW_KAPPA) };
}

/** Every question and grader in the cells, by agreementKey. */
export function graderAgreements(cells: readonly VerdictCell[]): Map<string, GraderAgreement> {
  const grouped = new Map<string, VerdictCell[]>();
  for (const cell of cells) {
    const key = agreementKey(cell.questionId, cell.grader);
    grouped.set(key, [...(grouped.get(key) ?? []), cell]);
  }
  return new Map([...grouped].map(([key, group]) => [key, graderAgreement(group[0]!.grader, group)]));
}

/** A question and grader nobody has reviewed yet. */
export const noReviews = (grader: string): GraderAgreement => ({ grader, reviewed: 0, agreed: 0, kappa: null, lowAgreement: false });

/** "the offline grader", or the model's name. */
const graderName = (grader: string) => (grader === "offline" ? "the offline grader" : grader);

/** The line under a log: how often teachers agreed with its grader on this question, or how many reviews are still needed. */
export function agreementSentence(figures: GraderAgreement): string {
  const grader = graderName(figures.grader);
  const missing = MIN_REVIEWS_FOR_AGREEMENT - figures.reviewed;
  const more = `${missing} more ${missing === 1 ? "review" : "reviews"}`;
  if (figures.reviewed === 0) return `No teacher has reviewed ${grader}'s grades for this question yet: agreement needs ${more}.`;
  const agreed = `Teachers agreed with ${grader} on ${figures.agreed} of ${figures.reviewed} reviewed ${figures.reviewed === 1 ? "answer" : "answers"} to this question`;
  return figures.kappa === null ? `${agreed}; κ needs ${more}.` : `${agreed} (κ ${figures.kappa.toFixed(2)}).`;
}
