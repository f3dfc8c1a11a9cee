import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { Eye, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";

import { QuestionDialog, type QuestionFormValue, type QuestionSubmission } from "./question-dialog";
import { QuestionFilters } from "~/components/questions/question-filters";
import { QuestionPreviewDialog, type PreviewQuestion } from "./question-preview-dialog";
import { QUESTION_TYPE_LABELS, questionPreview } from "~/components/tests/question-label";
import { useToast } from "~/components/toast/toast-context";
import { questionBankActionSchema } from "~/domain/questions/question";
import { filterQuestions } from "~/domain/questions/question-filter";
import { competencyChoices, deleteQuestion, listQuestions, saveQuestionWithCompetencies } from "~/models/questions.server";
import { requireAdmin } from "~/services/auth.server";

export const meta: MetaFunction = () => [{ title: "Question Bank · Adaptive Testing Engine" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [questions, competencies] = await Promise.all([listQuestions(context.db), competencyChoices(context.db)]);
  return json({ questions, competencies });
}

type ActionResult = { ok: boolean; intent: string; message?: string; removedFrom?: string[] };

const FAILURES: Record<string, string> = {
  create: "Failed to create question. Please try again.",
  update: "Failed to update question. Please try again.",
  delete: "Failed to delete question. Please try again.",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const parsed = questionBankActionSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) {
    return json<ActionResult>({ ok: false, intent: "unknown", message: parsed.error.issues[0]?.message }, { status: 400 });
  }
  const body = parsed.data;
  try {
    if (body.intent === "delete") {
      const result = await deleteQuestion(context.db, body.id);
      if (!result) return json<ActionResult>({ ok: false, intent: body.intent, message: FAILURES.delete }, { status: 404 });
      return json<ActionResult>({ ok: true, intent: body.intent, removedFrom: result.removedFromTests.map((test) => test.title) });
    }
    const saved = await saveQuestionWithCompetencies(context.db, {
      id: body.intent === "update" ? body.id : null,
      question: body.question,
      competencies: body.competencies,
      primaryCompetency: body.primaryCompetency,
      userId: admin.id,
    });
    if (!saved) return json<ActionResult>({ ok: false, intent: body.intent, message: FAILURES[body.intent] }, { status: 404 });
    return json<ActionResult>({ ok: true, intent: body.intent });
  } catch (error) {
    console.error("Question bank action failed", error);
    return json<ActionResult>({ ok: false, intent: body.intent, message: error instanceof Error ? error.message : FAILURES[body.intent] }, { status: 400 });
  }
}

const SUCCESS: Record<string, string> = { create: "Question created", update: "Question updated", delete: "Question deleted" };

export default function QuestionBank() {
  const { questions, competencies } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const fetcher = useFetcher<ActionResult>();
  const { toast } = useToast();
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

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result) return;
    if (!result.ok) {
      toast({ title: "Error", description: result.message ?? FAILURES[result.intent] ?? "Something went wrong", variant: "destructive" });
      return;
    }
    const removed = result.removedFrom?.length ? ` It was removed from: ${result.removedFrom.join(", ")}.` : "";
    toast({ title: SUCCESS[result.intent] ?? "Saved", description: removed || undefined });
    // The server's answer is the outside event this effect reacts to: a saved question closes its dialog.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (result.intent !== "delete") setEditing(null);
    // Only a new answer from the server matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  const visible = filterQuestions(questions, filters);

  const submit = (submission: QuestionSubmission) =>
    fetcher.submit(
      { intent: editing?.id ? "update" : "create", id: editing?.id ?? undefined, ...submission } as never,
      { method: "post", encType: "application/json" },
    );

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
                  onClick={() => {
                    const warning = question.tests.length ? `\nIt will also be removed from: ${question.tests.map((test) => test.title).join(", ")}.` : "";
                    if (window.confirm(`Delete this question?${warning}`)) {
                      fetcher.submit({ intent: "delete", id: question.id }, { method: "post", encType: "application/json" });
                    }
                  }}
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
          busy={fetcher.state !== "idle"}
          onClose={() => setEditing(null)}
          onSubmit={submit}
        />
      ) : null}
      {previewing ? <QuestionPreviewDialog key={previewing.id} question={previewing} onClose={() => setPreviewing(null)} /> : null}
    </div>
  );
}
