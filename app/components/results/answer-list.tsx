import type { ResultsAnswer } from "~/domain/sessions/results-page-data";
import { formatTimeSpent } from "~/domain/sessions/time-spent";

import { ProgressBar } from "./results-cards";

/**
 * Every answer with its points, correctness, time, grading score and feedback (
 * "Results"). `title` and `reviewedNote` are the reader's words: "Your Answers" and "Grade
 * reviewed by your teacher" for the student.
 */
export function AnswerList({ answers, title, reviewedNote }: { answers: ResultsAnswer[]; title: string; reviewedNote: string }) {
  return (
    <div className="card p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {answers.length === 0 ? <p className="mt-2 text-slate-700">No questions were answered.</p> : null}
      <ol className="mt-3 space-y-4" data-testid="answer-results">
        {answers.map((answer, index) => {
          const percent = answer.maxPoints > 0 ? (answer.pointsEarned / answer.maxPoints) * 100 : 0;
          return (
            <li key={answer.id} className="rounded-md border border-slate-200 p-4">
              <p className="font-medium text-slate-900">
                {index + 1}. {answer.text}
              </p>
              <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
                <span>{`${Math.round(answer.pointsEarned * 10) / 10} of ${answer.maxPoints} ${answer.maxPoints === 1 ? "point" : "points"}`}</span>
                {answer.provisional ? (
                  <span className="font-medium text-amber-900">Grading… refresh to see the final grade</span>
                ) : (
                  <span className={`font-medium ${answer.wasCorrect ? "text-emerald-800" : "text-red-800"}`}>
                    {answer.wasCorrect ? "✓ Correct" : "✗ Incorrect"}
                  </span>
                )}
                <span>Time spent: {formatTimeSpent(answer.timeSpentSeconds)}</span>
                {answer.gradingScore !== null ? <span>Grading score: {Math.round(answer.gradingScore)}/100</span> : null}
                {answer.reviewedByTeacher ? (
                  <span className="font-medium text-blue-900" data-testid="teacher-reviewed">
                    {reviewedNote}
                  </span>
                ) : null}
                {answer.late ? <span>Answered after the question's time ran out</span> : null}
              </p>
              <div className="mt-2">
                <ProgressBar percent={percent} label={`Question ${index + 1} points`} />
              </div>
              {answer.feedback ? <p className="mt-2 text-sm text-slate-800">{answer.feedback}</p> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
