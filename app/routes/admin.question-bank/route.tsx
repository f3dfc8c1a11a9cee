import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { Eye, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";

import { QuestionDialog, type QuestionFormValue, type QuestionSubmission } from "./question-dialog";
import { QuestionFilters } from "~/components/questions/question-filters";
import { QuestionPreviewDialog, type PreviewQuestion } from "./question-preview-dialog";
import { QUESTION_TYPE_LABELS, questionPreview } from "~/components/tests/question-label";
import { useActionResult, useIntentFetcher } from "~/components/action-result";
import { ConfirmDialog } from "~/components/dialog";
import { questionBankActionSchema } from "~/domain/questions/question";
import { QUESTION_BANK_MESSAGES } from "~/domain/questions/screen-actions";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { assertNever } from "~/lib/assert-never";
import { found } from "~/lib/errors";
import { filterQuestions } from "~/domain/questions/question-filter";
import { competencyChoices, deleteQuestion, listQuestions, saveQuestionWithCompetencies } from "~/models/questions.server";
import { handleAction } from "~/services/action.server";
import { requireAdmin } from "~/services/auth.server";

export const meta: MetaFunction = () => [{ title: "Question Bank · Adaptive Testing Engine" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [questions, competencies] = await Promise.all([listQuestions(context.db), competencyChoices(context.db)]);
  return json({ questions, competencies });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const { db } = context;
  return handleAction(request, questionBankActionSchema, QUESTION_BANK_MESSAGES, async (input) => {
    switch (input.intent) {
      case "create":
      case "update": {
        const { intent, ...fields } = input;
        const id = intent === "update" ? input.id : null;
        found(await saveQuestionWithCompetencies(db, { ...fields, id, userId: admin.id }), NOT_FOUND.question);
        return;
      }
      case "delete": {
        const { removedFromTests } = found(await deleteQuestion(db, input.id), NOT_FOUND.question);
        const titles = removedFromTests.map((test) => test.title);
        return { data: undefined, toast: { title: "Question deleted", description: titles.length ? `It was removed from: ${titles.join(", ")}.` : undefined } };
      }
      default:
        return assertNever(input);
    }
  });
}

export default function QuestionBank() {
  const { questions, competencies } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const { fetcher, busy, submitIntent } = useIntentFetcher();
  const [deleting, setDeleting] = useState<(typeof questions)[number] | null>(null);
  const [editing, setEditing] = useState<{ id: string | null; value: QuestionFormValue | null; key: number } | null>(null);
  const [previewing, setPreviewing] = useState<(PreviewQuestion & { id: string }) | null>(null);

  const filters = { search: params.get("search") ?? "", type: params.get("type") ?? "all", difficulty: params.get("difficulty") ?? "all" };
  const setFilter = (name: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (!value || value === "all") next.delete(name);
      else next.set(name, value);
      return next;
    }, { replace: true, preventScrollReset: true });

  useActionResult(fetcher.data, {
    onSuccess: (result) => {
      if (result.intent !== "delete") setEditing(null);
    },
  });

  const visible = filterQuestions(questions, filters);

  const submit = (submission: QuestionSubmission) =>
    submitIntent(editing?.id ? { intent: "update", id: editing.id, ...submission } : { intent: "create", ...submission });

  return (
    <div className="mx-auto max-w-6xl">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Question Bank</h1>
          <p className="mt-1 text-slate-700">Questions you can place in any test</p>
        </div>
        <button type="button" className="btn-primary" onClick={() => setEditing({ id: null, value: null, key: Date.now() })}>
          <Plus aria-hidden="true" className="size-4" /> New Question
        </button>
      </header>

      <div className="card mt-6 grid gap-3 p-4 sm:grid-cols-3" role="search">
        <QuestionFilters idPrefix="bank" values={filters} onChange={setFilter} />
      </div>

      <p className="mt-4 text-sm text-slate-700" role="status">
        Showing {visible.length} of {questions.length} questions
      </p>
      <ul className="mt-3 space-y-3">
        {visible.map((question) => (
          <li key={question.id} className="card p-4" data-testid="question-card">
            <div className="flex flex-wrap items-start gap-3">
              <div className="min-w-0 flex-1">
                <p className="text-slate-900">{questionPreview(question.text)}</p>
                <p className="mt-1 flex flex-wrap gap-2 text-xs text-slate-700">
                  <span className="rounded-full bg-brand-100 px-2 py-0.5 font-medium text-brand-800">{QUESTION_TYPE_LABELS[question.type]}</span>
                  <span className="rounded-full bg-slate-100 px-2 py-0.5">{question.difficulty}</span>
                  <span>{question.competencies.length} {question.competencies.length === 1 ? "competency" : "competencies"}</span>
                  {question.tests.length ? <span>· In {question.tests.map((test) => test.title).join(", ")}</span> : null}
                </p>
              </div>
              <div className="flex gap-1">
                <button type="button" className="btn-ghost px-2" aria-label="Test this question" onClick={() => setPreviewing({ ...question, metadata: question.metadata ?? {} })}>
                  <Eye aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  className="btn-ghost px-2"
                  aria-label="Edit this question"
                  onClick={() =>
                    setEditing({
                      id: question.id,
                      key: Date.now(),
                      value: {
                        ...question,
                        metadata: question.metadata ?? {},
                        competencies: question.competencies.map((link) => link.competencyId),
                        primaryCompetency: question.competencies.find((link) => link.isPrimary)?.competencyId ?? question.competencies[0]?.competencyId ?? null,
                      },
                    })
                  }
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  className="btn-ghost px-2 text-red-700"
                  aria-label="Delete this question"
                  disabled={busy}
                  onClick={() => setDeleting(question)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {questions.length === 0 ? <p className="card mt-3 p-8 text-center text-slate-700">The question bank is empty. Create your first question.</p> : null}

      {editing ? (
        <QuestionDialog
          key={editing.key}
          open
          initial={editing.value}
          competencies={competencies}
          busy={busy}
          onClose={() => setEditing(null)}
          onSubmit={submit}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) submitIntent({ intent: "delete", id: deleting.id });
          setDeleting(null);
        }}
        description={
          deleting?.tests.length
            ? `Delete this question? It will also be removed from: ${deleting.tests.map((test) => test.title).join(", ")}.`
            : "Delete this question? This cannot be undone."
        }
        confirmLabel="Delete Question"
      />
      {previewing ? <QuestionPreviewDialog key={previewing.id} question={previewing} onClose={() => setPreviewing(null)} /> : null}
    </div>
  );
}
