import type { ResultsAnswer } from "~/domain/sessions/results-page-data";
import { formatTimeSpent } from "~/domain/sessions/time-spent";

import { ProgressBar } from "./results-cards";

/**
 * Every answer with its points, correctness, time, grading score and feedback (
 * "Results"). `title`, `reviewedNote` and `awaitingNote` are the reader's words: "Your Answers",
 * "Grade reviewed by your teacher" and "Your teacher will check this answer" for the student.
 */
export function AnswerList({
  answers,
  title,
  reviewedNote,
  awaitingNote,
}: {
  answers: ResultsAnswer[];
  title: string;
  reviewedNote: string;
  awaitingNote: string;
}) {
  return (
    <div className="card p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {answers.length === 0 ? <p className="mt-2 text-slate-700">No questions were answered.</p> : null}
      <ol className="mt-3 space-y-4" data-testid="answer-results">
        {answers.map((answer, index) => {
          if (answer.awaitingTeacher) return <AwaitingAnswer key={answer.id} answer={answer} number={index + 1} note={awaitingNote} />;
          const percent = answer.maxPoints > 0 ? ((answer.pointsEarned ?? 0) / answer.maxPoints) * 100 : 0;
          return (
            <li key={answer.id} className="rounded-md border border-slate-200 p-4">
              <p className="font-medium text-slate-900">
                {index + 1}. {answer.text}
              </p>
              <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
                <span>{`${Math.round((answer.pointsEarned ?? 0) * 10) / 10} of ${answer.maxPoints} ${answer.maxPoints === 1 ? "point" : "points"}`}</span>
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

/** An answer whose grader was unsure: what it is worth and the reader's note, no mark (its grade waits for the teacher). */
function AwaitingAnswer({ answer, number, note }: { answer: ResultsAnswer; number: number; note: string }) {
  return (
    <li className="rounded-md border border-blue-200 bg-blue-50 p-4" data-testid="awaiting-answer">
      <p className="font-medium text-slate-900">
        {number}. {answer.text}
      </p>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
        <span>{`Worth ${answer.maxPoints} ${answer.maxPoints === 1 ? "point" : "points"}`}</span>
        <span className="font-medium text-blue-900" data-testid="awaiting-teacher">
          {note}
        </span>
        <span>Time spent: {formatTimeSpent(answer.timeSpentSeconds)}</span>
      </p>
    </li>
  );
}
