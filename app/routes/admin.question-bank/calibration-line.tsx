import type { CalibrationView } from "~/domain/adaptive/item-review";

/**
 * What the district's answers say about a question (ADR 0033): its calibrated difficulty and
 * discrimination with how many answers they rest on, and what a teacher should review.
 */
export function CalibrationLine({ calibration }: { calibration: CalibrationView }) {
  const { difficulty, discrimination, answers, inUse, flags } = calibration;
  return (
    <div className="mt-1 text-xs text-slate-700" data-testid="question-calibration">
      <p>
        {`Calibrated: difficulty ${difficulty.toFixed(2)}, discrimination ${discrimination.toFixed(2)}, from ${answers} ${answers === 1 ? "answer" : "answers"}`}
        {inUse ? "" : " (its label is used until it has more)"}
      </p>
      {flags.length ? (
        <ul className="mt-1 flex flex-wrap gap-2" aria-label="To review">
          {flags.map((flag) => (
            <li key={flag.code} className="chip bg-amber-100 text-amber-900">
              {`Review: ${flag.message}`}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
