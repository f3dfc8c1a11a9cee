import { MessageSquareWarning } from "lucide-react";

import { LOW_AGREEMENT_BANNER } from "~/domain/sessions/grading-agreement";

import type { PageLog } from "./grading-review.server";

/**
 * How often teachers agreed with this log's grader on its question, over the district's reviews
 * (ADR 0036), and when they often disagree, a banner sending the teacher to the question's rubric.
 */
export function AgreementNote({ agreement, questionId }: { agreement: NonNullable<PageLog["agreement"]>; questionId: string }) {
  return (
    <div className="space-y-2" data-testid="grader-agreement">
      <p className="text-sm text-slate-800">{agreement.sentence}</p>
      {agreement.lowAgreement ? (
        <div role="note" className="flex gap-3 rounded-md border border-orange-300 bg-orange-50 p-3 text-orange-950" data-testid="low-agreement">
          <MessageSquareWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p className="text-sm">
            <span className="font-semibold">{LOW_AGREEMENT_BANNER}</span>{" "}
            <a href={`/admin/question-bank?edit=${encodeURIComponent(questionId)}`} className="font-medium underline underline-offset-2">
              Edit the question in the Question Bank
            </a>
          </p>
        </div>
      ) : null}
    </div>
  );
}
