import type { ResultsAnswer } from "~/domain/sessions/results-page-data";
import type { ResultsCards } from "~/domain/sessions/results-words";

import { ProgressBar } from "./results-cards";

/**
 * Every answer with its points, correctness, time, grading score and feedback ("Results").
 * `title`, `reviewedNote` and `awaitingNote` are the reader's words: "Your Answers", "Grade
 * reviewed by your teacher" and "Your teacher will check this answer" for the student; `cards`
 * holds each answer's sentences its loader wrote, in the order of `answers`.
 */
export function AnswerList({
  answers,
  cards,
  title,
  reviewedNote,
  awaitingNote,
}: {
  answers: ResultsAnswer[];
  cards: ResultsCards;
  title: string;
  reviewedNote: string;
  awaitingNote: string;
}) {
  return (
    <div className="card p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {cards.labels.noAnswers ? <p className="mt-2 text-slate-700">{cards.labels.noAnswers}</p> : null}
      <ol className="mt-3 space-y-4" data-testid="answer-results">
        {answers.map((answer, index) => {
          const said = cards.answers[index]!;
          if (answer.awaitingTeacher) return <AwaitingAnswer key={answer.id} answer={answer} said={said} number={index + 1} note={awaitingNote} />;
          const percent = answer.maxPoints > 0 ? ((answer.pointsEarned ?? 0) / answer.maxPoints) * 100 : 0;
          return (
            <li key={answer.id} className="rounded-md border border-slate-200 p-4">
              <p className="font-medium text-slate-900">
                {index + 1}. {answer.text}
              </p>
              <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
                <span>{said.points}</span>
                <span className={`font-medium ${answer.provisional ? "text-amber-900" : answer.wasCorrect ? "text-emerald-800" : "text-red-800"}`}>
                  {said.mark}
                </span>
                <span>{said.timeSpent}</span>
                {said.gradingScore ? (
                  <span>
                    {said.gradingScore.before}
                    {said.gradingScore.score}
                    {said.gradingScore.after}
                  </span>
                ) : null}
                {answer.reviewedByTeacher ? (
                  <span className="font-medium text-blue-900" data-testid="teacher-reviewed">
                    {reviewedNote}
                  </span>
                ) : null}
                {said.late ? <span>{said.late}</span> : null}
              </p>
              <div className="mt-2">
                <ProgressBar percent={percent} label={said.barLabel} />
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
function AwaitingAnswer({ answer, said, number, note }: { answer: ResultsAnswer; said: ResultsCards["answers"][number]; number: number; note: string }) {
  return (
    <li className="rounded-md border border-blue-200 bg-blue-50 p-4" data-testid="awaiting-answer">
      <p className="font-medium text-slate-900">
        {number}. {answer.text}
      </p>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
        <span>{said.points}</span>
        <span className="font-medium text-blue-900" data-testid="awaiting-teacher">
          {note}
        </span>
        <span>{said.timeSpent}</span>
      </p>
    </li>
  );
}
