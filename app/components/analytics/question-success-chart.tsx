import { truncateLabel } from "~/domain/analytics/chart-geometry";
import type { QuestionAnalyticsRow } from "~/domain/analytics/report";

import { BarChart } from "./bar-chart";
import { ChartFigure, DataTable } from "./chart-figure";

const TYPE_LABELS: Record<string, string> = {
  multiple_choice: "Multiple choice",
  multiple_select: "Multiple select",
  free_response: "Free response",
  scenario: "Scenario",
  chat: "Chat",
};
/** Question text is truncated at 100 characters. */
const QUESTION_TEXT_LIMIT = 100;

const signed = (value: number | null, digits: number) => (value === null ? "—" : `${value > 0 ? "+" : value < 0 ? "−" : ""}${Math.abs(value).toFixed(digits)}`);

/**
 * The product's top 10 questions by lowest success rate, with what the engine adds beside each rate:
 * its difficulty recalibrated from this class's answers and its discrimination (point-biserial).
 */
export function QuestionSuccessChart({ questions }: { questions: QuestionAnalyticsRow[] }) {
  if (!questions.length) return <p className="text-sm text-slate-700">No question has been answered yet.</p>;
  const hardest = questions[0]!;
  const summary = `Success rate of the ${questions.length} questions answered least often correctly, from ${hardest.successRate}% (question 1) to ${
    questions[questions.length - 1]!.successRate
  }%. ${questions.filter((question) => question.isDifficult).length} below 50%.`;
  return (
    <ChartFigure
      label="Question success chart"
      tableOpen
      caption="Calibrated difficulty is the question's b on the engine's ability scale, estimated from this class's answers (0 is an average student; higher is harder). Discrimination is the point-biserial correlation between answering it right and the total score (0.3 or more separates stronger from weaker students well)."
      chart={
        <BarChart
          summary={summary}
          xTitle="Students who answered correctly"
          rows={questions.map((question, index) => ({
            label: `${index + 1}. ${truncateLabel(question.questionText, 26)}`,
            value: question.successRate,
            flagged: question.isDifficult,
            note: question.isDifficult ? "difficult" : undefined,
          }))}
        />
      }
      table={
        <DataTable
          caption="The 10 questions with the lowest success rate"
          headers={["Question", "Type", "Label", "Attempts", "Average points", "Success rate", "Calibrated difficulty", "Discrimination"]}
          numeric={[3, 4, 5, 6, 7]}
          rows={questions.map((question, index) => [
            <span key="text" className="block min-w-56 max-w-md">
              {index + 1}. {truncateLabel(question.questionText, QUESTION_TEXT_LIMIT)}
            </span>,
            TYPE_LABELS[question.questionType] ?? question.questionType,
            question.difficulty,
            question.totalAttempts,
            `${question.averageScore} / ${question.maxPoints}`,
            question.isDifficult ? (
              <span key="rate" className="font-semibold text-amber-800">
                {question.successRate}%<span className="block text-xs">difficult</span>
              </span>
            ) : (
              `${question.successRate}%`
            ),
            signed(question.calibratedDifficulty, 2),
            question.discrimination === null ? "—" : question.discrimination.toFixed(2),
          ])}
        />
      }
    />
  );
}
