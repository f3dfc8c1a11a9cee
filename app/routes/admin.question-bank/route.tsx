import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";

import { useActionResult, useIntentFetcher } from "~/components/action-result";
import { QUESTION_TYPE_LABELS, questionPreview } from "~/components/assessments/question-label";
import { ConfirmDeleteDialog } from "~/components/dialog";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/questions/pagination";
import { useToast } from "~/components/toast/toast-context";
import { useEditDialog } from "~/components/use-edit-dialog";
import type { CalibrationView } from "~/domain/adaptive/item-review";
import { CONTENT_LANGUAGE_LABELS, DEFAULT_CONTENT_LANGUAGE } from "~/domain/questions/content-language";
import { questionListSearch, readQuestionListQuery } from "~/domain/questions/question-list";
import { QUESTION_BANK_MESSAGES, questionBankScreenSchema } from "~/domain/questions/screen-actions";
import { deleteQuestion, previewQuestionGrade, questionBankPage, saveQuestion } from "~/features/questions/use-cases.server";
import { assertNever } from "~/lib/assert-never";
import type { loader as questionLoader } from "~/routes/admin.question-bank.$id";
import { handleAction } from "~/services/action.server";
import { queuedOutcome } from "~/services/ai/tasks.server";
import { requireAllowed } from "~/services/auth.server";

import { BankFilters } from "./bank-filters";
import { CalibrationLine } from "./calibration-line";
import { CardIcon, CardIconSprite } from "./card-icons";
import { QuestionDialog, type QuestionFormValue, type QuestionSubmission } from "./question-dialog";
import { type PreviewGradeData, type PreviewQuestion, QuestionPreviewDialog } from "./question-preview-dialog";

export const meta: MetaFunction = () => [{ title: "Question Bank · Adaptive Testing Engine" }];

/** One page of the bank, filtered and paged in SQL from the URL's search, type, difficulty, language and page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireAllowed(request, context, "read", "shared-content");
  const { filters, values, page } = readQuestionListQuery(new URL(request.url).searchParams);
  const { questions, summary, competencies, calibrations } = await questionBankPage(context, user, filters, page);
  // Only what a card shows: the edit and preview dialogs load their question when opened.
  const cards = questions.map((question) => ({
    id: question.id,
    preview: questionPreview(question.text),
    type: question.type,
    difficulty: question.difficulty,
    competencyCount: question.competencies.length,
    // Each only where it says something (tests that use it, a language other than English, a
    // calibration): an empty or default value on every card would spend the page's HTML budget.
    ...(question.tests.length ? { tests: question.tests.map((test) => test.title) } : {}),
    ...(question.language === DEFAULT_CONTENT_LANGUAGE ? {} : { language: question.language }),
    ...optionalCalibration(calibrations.get(question.id)),
  }));
  return json({ questions: cards, summary, values, competencies });
}

function optionalCalibration(calibration: CalibrationView | null | undefined): { calibration?: CalibrationView } {
  return calibration ? { calibration } : {};
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user: admin } = await requireAllowed(request, context, "author", "shared-content");
  return handleAction<typeof questionBankScreenSchema, PreviewGradeData>(request, questionBankScreenSchema, QUESTION_BANK_MESSAGES, async (input) => {
    switch (input.intent) {
      case "create":
      case "update": {
        const { intent, ...fields } = input;
        await saveQuestion(context, admin, { ...fields, id: intent === "update" ? input.id : null });
        return;
      }
      case "delete": {
        const { removedFromTests } = await deleteQuestion(context, admin, input.id);
        const titles = removedFromTests.map((test) => test.title);
        return { data: undefined, toast: { title: "Question deleted", description: titles.length ? `It was removed from: ${titles.join(", ")}.` : undefined } };
      }
      case "previewGrade":
        return queuedOutcome(await previewQuestionGrade(context, admin, { questionId: input.id, answer: input.answer }), context.config.ai.provider);
      default:
        return assertNever(input);
    }
  });
}

export default function QuestionBank() {
  const { questions, summary, values, competencies } = useLoaderData<typeof loader>();
  const { fetcher, busy, submitIntent } = useIntentFetcher();
  const { toast } = useToast();
  const [deleting, setDeleting] = useState<(typeof questions)[number] | null>(null);
  const { editing, openNew, openEdit, close } = useEditDialog<{ id: string; value: QuestionFormValue }>();
  const [previewing, setPreviewing] = useState<(PreviewQuestion & { id: string }) | null>(null);
  // A card carries only what it shows; opening its edit or preview dialog loads the question first.
  const detail = useFetcher<typeof questionLoader>();
  const [opening, setOpening] = useState<{ id: string; purpose: "edit" | "preview" } | null>(null);
  const open = (id: string, purpose: "edit" | "preview") => {
    setOpening({ id, purpose });
    detail.load(`/admin/question-bank/${encodeURIComponent(id)}`);
  };

  // ?edit={id} opens that question's edit dialog: the AI Grading Review links here to revise a rubric.
  // The parameter stays in the address: removing it at once is a navigation racing the dialog's
  // fetch of a route not yet discovered, which ended on the 404 page.
  const [searchParams] = useSearchParams();
  const editRequested = searchParams.get("edit");
  useEffect(() => {
    if (!editRequested) return;
    // The address is the outside event here: it asks for a dialog, which this loads and opens.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    open(editRequested, "edit");
    // Only a newly requested question matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editRequested]);

  useEffect(() => {
    const question = detail.data;
    if (detail.state !== "idle" || !opening) return;
    // The loaded question is the outside event this effect reacts to: it opens the dialog asked for.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOpening(null);
    if (!question || !("text" in question) || question.id !== opening.id) {
      // The product's words, with the reason the server gave (a question deleted meanwhile) under them.
      // A refusal's body is the resource route's `{ message }` (ADR 0022).
      const reason = question && "message" in question && typeof question.message === "string" ? question.message : "Please try again.";
      toast({ title: "Failed to load question for editing.", description: reason, variant: "destructive" });
      return;
    }
    if (opening.purpose === "preview") setPreviewing({ ...question, metadata: question.metadata ?? {} });
    else {
      openEdit({
        id: question.id,
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

  useActionResult(fetcher, {
    onSuccess: (result) => {
      if (result.intent !== "delete") close();
    },
  });

  const filtered = values.search.trim() !== "" || values.type !== "all" || values.difficulty !== "all" || values.language !== "all";
  const pageHref = (page: number) => `?${questionListSearch(values, page)}`;

  const submit = (submission: QuestionSubmission) =>
    submitIntent(editing?.record ? { intent: "update", id: editing.record.id, ...submission } : { intent: "create", ...submission });

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Question Bank"
        subtitle="Questions you can place in any test"
        actions={
          <button type="button" className="btn-primary" onClick={openNew}>
            <Plus aria-hidden="true" className="size-4" /> New Question
          </button>
        }
      />

      <BankFilters values={values} />

      <Pagination summary={summary} href={pageHref} />
      <CardIconSprite />
      <ul className="mt-3 space-y-3">
        {questions.map((question) => (
          <li key={question.id} className="card p-4" data-testid="question-card">
            <div className="flex flex-wrap items-start gap-3">
              <div className="min-w-0 flex-1">
                <p className="text-slate-900">{question.preview}</p>
                <p className="question-meta">
                  <span className="chip bg-brand-100 font-medium text-brand-800">{QUESTION_TYPE_LABELS[question.type]}</span>
                  <span className="chip bg-slate-100">{question.difficulty}</span>
                  <span>{`${question.competencyCount} ${question.competencyCount === 1 ? "competency" : "competencies"}`}</span>
                  {question.language ? (
                    <span className="chip bg-slate-100" lang={question.language}>
                      {CONTENT_LANGUAGE_LABELS[question.language]}
                    </span>
                  ) : null}
                  {question.tests?.length ? <span>{`· In ${question.tests.join(", ")}`}</span> : null}
                </p>
                {question.calibration ? <CalibrationLine calibration={question.calibration} /> : null}
              </div>
              <div className="flex gap-1 [&_svg]:size-4">
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
                  disabled={busy}
                  onClick={() => setDeleting(question)}
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
          initial={editing.record?.value ?? null}
          competencies={competencies}
          busy={busy}
          onClose={close}
          onSubmit={submit}
        />
      ) : null}
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        onDelete={(item) => submitIntent({ intent: "delete", id: item.id })}
        describe={(item) =>
          item.tests?.length ? `Delete this question? It will also be removed from: ${item.tests.join(", ")}.` : "Delete this question? This cannot be undone."
        }
        confirmLabel="Delete Question"
      />
      {previewing ? <QuestionPreviewDialog key={previewing.id} question={previewing} onClose={() => setPreviewing(null)} /> : null}
    </div>
  );
}
