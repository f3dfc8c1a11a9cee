import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";

import { BankFilters } from "./bank-filters";
import { CardIcon, CardIconSprite } from "./card-icons";
import { QuestionDialog, type QuestionFormValue, type QuestionSubmission } from "./question-dialog";
import { Pagination } from "~/components/questions/pagination";
import { QuestionPreviewDialog, type PreviewQuestion } from "./question-preview-dialog";
import { QUESTION_TYPE_LABELS, questionPreview } from "~/components/tests/question-label";
import { useToast } from "~/components/toast/toast-context";
import { questionBankActionSchema } from "~/domain/questions/question";
import { BANK_PAGE_SIZE, questionListSearch, readQuestionListQuery } from "~/domain/questions/question-list";
import { competencyChoices, deleteQuestion, questionPage, saveQuestionWithCompetencies } from "~/models/questions.server";
import { requireAdmin } from "~/services/auth.server";
import type { loader as questionLoader } from "~/routes/admin.question-bank.$id";

export const meta: MetaFunction = () => [{ title: "Question Bank · Adaptive Testing Engine" }];

/** One page of the bank, filtered and paged in SQL from the URL's search, type, difficulty and page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const { filters, values, page } = readQuestionListQuery(new URL(request.url).searchParams);
  const [{ questions, summary }, competencies] = await Promise.all([
    questionPage(context.db, filters, page, BANK_PAGE_SIZE),
    competencyChoices(context.db),
  ]);
  // Only what a card shows: the edit and preview dialogs load their question when opened.
  const cards = questions.map((question) => ({
    id: question.id,
    preview: questionPreview(question.text),
    type: question.type,
    difficulty: question.difficulty,
    competencyCount: question.competencies.length,
    tests: question.tests.map((test) => test.title),
  }));
  return json({ questions: cards, summary, values, competencies });
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
  const { questions, summary, values, competencies } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<ActionResult>();
  const { toast } = useToast();
  const [editing, setEditing] = useState<{ id: string | null; value: QuestionFormValue | null; key: number } | null>(null);
  const [previewing, setPreviewing] = useState<(PreviewQuestion & { id: string }) | null>(null);
  // A card carries only what it shows; opening its edit or preview dialog loads the question first.
  const detail = useFetcher<typeof questionLoader>();
  const [opening, setOpening] = useState<{ id: string; purpose: "edit" | "preview" } | null>(null);
  const open = (id: string, purpose: "edit" | "preview") => {
    setOpening({ id, purpose });
    detail.load(`/admin/question-bank/${encodeURIComponent(id)}`);
  };

  useEffect(() => {
    const question = detail.data;
    if (detail.state !== "idle" || !opening) return;
    // The loaded question is the outside event this effect reacts to: it opens the dialog asked for.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOpening(null);
    if (!question || !("text" in question) || question.id !== opening.id) {
      toast({ title: "Error", description: "Failed to load the question. Please try again.", variant: "destructive" });
      return;
    }
    if (opening.purpose === "preview") setPreviewing({ ...question, metadata: question.metadata ?? {} });
    else {
      setEditing({
        id: question.id,
        key: Date.now(),
        value: {
          ...question,
          metadata: question.metadata ?? {},
          competencies: question.competencies.map((link) => link.competencyId),
          primaryCompetency: question.competencies.find((link) => link.isPrimary)?.competencyId ?? question.competencies[0]?.competencyId ?? null,
        },
      });
    }
    // Only a newly loaded question matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detail.state, detail.data]);

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

  const filtered = values.search.trim() !== "" || values.type !== "all" || values.difficulty !== "all";
  const pageHref = (page: number) => `?${questionListSearch(values, page)}`;

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

      <BankFilters values={values} />

      <Pagination summary={summary} href={pageHref} />
      <CardIconSprite />
      <ul className="mt-3 space-y-3">
        {questions.map((question) => (
          <li key={question.id} className="card p-4" data-testid="question-card">
            <div className="flex flex-wrap items-start gap-3">
              <div className="min-w-0 flex-1">
                <p className="text-slate-900">{question.preview}</p>
                <p className="mt-1 flex flex-wrap gap-2 text-xs text-slate-700">
                  <span className="chip bg-brand-100 font-medium text-brand-800">{QUESTION_TYPE_LABELS[question.type]}</span>
                  <span className="chip bg-slate-100">{question.difficulty}</span>
                  <span>{`${question.competencyCount} ${question.competencyCount === 1 ? "competency" : "competencies"}`}</span>
                  {question.tests.length ? <span>{`· In ${question.tests.join(", ")}`}</span> : null}
                </p>
              </div>
              <div className="flex gap-1">
                <button type="button" className="btn-ghost px-2" aria-label="Test this question" onClick={() => open(question.id, "preview")}>
                  <CardIcon name="eye" />
                </button>
                <button type="button" className="btn-ghost px-2" aria-label="Edit this question" onClick={() => open(question.id, "edit")}>
                  <CardIcon name="pencil" />
                </button>
                <button
                  type="button"
                  className="btn-ghost px-2 text-red-700"
                  aria-label="Delete this question"
                  onClick={() => {
                    const warning = question.tests.length ? `\nIt will also be removed from: ${question.tests.join(", ")}.` : "";
                    if (window.confirm(`Delete this question?${warning}`)) {
                      fetcher.submit({ intent: "delete", id: question.id }, { method: "post", encType: "application/json" });
                    }
                  }}
                >
                  <CardIcon name="trash" />
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {questions.length === 0 ? (
        <p className="card mt-3 p-8 text-center text-slate-700">
          {filtered ? "No questions match these filters." : "The question bank is empty. Create your first question."}
        </p>
      ) : null}
      {summary.pageCount > 1 ? <Pagination summary={summary} href={pageHref} label="More pages" showCount={false} /> : null}

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
