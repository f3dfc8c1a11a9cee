import { GRADE_CORRECT_THRESHOLD, type GradingResult } from "../schemas";
import type { Disqualifier } from "./features";
import type { AnswerAnalysis } from "./index";

/**
 * Feedback that teaches without giving the key away
 * (docs/decisions/0034-offline-grader-rubric-forms-and-held-out-questions.md): for a wrong answer
 * it names the KIND of thing missing ("give the reason", "say what the word means in this
 * sentence"), read from the question's and rubric's wording, and never quotes the rubric. The
 * rubric's key points go only to keyPoints, which only staff see (the question preview and the
 * AI grading review); a student sees feedback, strengths and improvements.
 */

const MAX_LISTED = 10;
const PREFIX = "Automatic check (no AI model configured):";
const CAVEAT = "This compares words with the rubric, so a teacher should review unusual wording.";

const DISQUALIFIER_ADVICE: Record<Disqualifier, string> = {
  contradicts_rubric: "Check each “not” in your answer: part of it seems to say the opposite of what is expected.",
  contradicts_itself: "Read your answer again: one part of it seems to say the opposite of another part.",
  ruled_out: "Part of your answer matches a common mistake for this question: rethink that part.",
  keyword_list: "Write your answer as a sentence that explains your thinking, not a list of words.",
  question_echo: "Your answer mostly repeats the question: add what you know that answers it.",
};

/** What kind of answer the question asks for, from its wording and the rubric's: advice that names no content. */
const KIND_ADVICE: { pattern: RegExp; advice: string }[] = [
  { pattern: /\bwhat does .{1,40}\bmean\b|\bmeaning\b|\bmeans about the same\b/i, advice: "Say what the word means in this sentence." },
  { pattern: /\bclue\b|\bevidence\b|\bsupports? your answer\b/i, advice: "Point to the clue in the text that shows how you know." },
  { pattern: /\bmistake\b|\berror\b|\bwrong\b/i, advice: "Say exactly which step went wrong and what should have been done instead." },
  { pattern: /\bwhich is (?:bigger|larger|smaller|greater|more)\b|\bcompare\b|\bwhich word\b|\bchoose\b/i, advice: "Say clearly which one you choose." },
  { pattern: /\bwhy\b|\bexplain\b|\bhow do you know\b|\breason\b|\bbecause\b/i, advice: "Give the reason: explain why, not only what happens." },
  { pattern: /\d\s*[-+x×*/=^]\s*\d|\bequation\b|\bsolve\b|\bexpression\b/i, advice: "Show the step or calculation that leads to your answer." },
];
const DEFAULT_ADVICE = "Add the main idea the question asks for, in a full sentence.";
const GROUP_ADVICE = "Make sure your answer covers every part the question asks for.";

/** Advice for a wrong answer: its disqualifiers first, then what kind of answer the question wants. */
function adviceFor(analysis: AnswerAnalysis): string[] {
  const wording = `${analysis.questionText}\n${analysis.rubric.positiveTexts.join("\n")}`;
  const kinds = KIND_ADVICE.filter(({ pattern }) => pattern.test(wording)).map(({ advice }) => advice);
  const advice = [
    ...analysis.evidence.disqualifiers.map((reason) => DISQUALIFIER_ADVICE[reason]),
    ...(kinds.length > 0 ? kinds : [DEFAULT_ADVICE]),
    ...(analysis.evidence.bestIsGroup || analysis.rubric.criteria.some((group) => group.length > 1) ? [GROUP_ADVICE] : []),
  ];
  return [...new Set(advice)];
}

function verdict(score: number): string {
  if (score >= 85) return "the answer matches what the rubric asks for";
  if (score >= GRADE_CORRECT_THRESHOLD) return "the answer matches the main point the rubric asks for";
  if (score >= 40) return "the answer is on the topic but not yet correct";
  return "the answer does not yet answer the question";
}

/** The grading result a student and teacher see, stating plainly that no AI model graded it. */
export function gradingFeedback(score: number, analysis: AnswerAnalysis, confidence: number): GradingResult {
  const correct = score >= GRADE_CORRECT_THRESHOLD;
  const { features } = analysis;
  const strengths = correct
    ? ["States the idea the question asks for."]
    : features.ownCoverage > 0 && analysis.evidence.disqualifiers.length === 0
      ? ["Uses some of the right vocabulary."]
      : [];
  const improvements = correct ? (score < 85 ? ["Say it more fully and precisely, in your own words."] : []) : adviceFor(analysis);
  const hint = correct ? "" : ` ${improvements[0]}`;
  return {
    score,
    feedback: `${PREFIX} ${verdict(score)} (score ${score}/100).${hint} ${CAVEAT}`,
    strengths: strengths.slice(0, MAX_LISTED),
    improvements: improvements.slice(0, MAX_LISTED),
    keyPoints: analysis.rubric.keyPoints.slice(0, MAX_LISTED),
    confidence,
  };
}
