import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { ArrowLeft, Save, Trash2 } from "lucide-react";
import { useEffect, useReducer, useState } from "react";

import { ConfirmDialog } from "~/components/dialog";
import { Tabs } from "~/components/tabs";
import { BasicInfoPanel } from "./basic-info-panel";
import { SectionsPanel } from "./sections-panel";
import type { BankQuestionSummary } from "~/components/tests/question-label";
import { TimerSettingsPanel } from "./timer-settings-panel";
import { useToast } from "~/components/toast/toast-context";
import { fieldErrors } from "~/lib/form-errors";
import { testUpdateSchema } from "~/domain/tests/test-config";
import { editorReducer, toUpdatePayload, type EditorState } from "~/domain/tests/test-editor";
import { deleteTest, getTestDetail, updateTest } from "~/models/tests.server";
import { requireAdmin } from "~/services/auth.server";
import { redirectWithToast } from "~/services/sign-in.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.test?.title ?? "Test Not Found"} · Adaptive Testing Engine` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  // Only the test's own questions: the Add Questions dialog pages through the bank on demand.
  const test = await getTestDetail(context.db, params.id ?? "");
  if (!test) return json({ test: null }, { status: 404 });
  return json({ test });
}

type ActionResult = { ok: false; message: string; errors?: Record<string, string> };

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const id = params.id ?? "";
  const body = (await request.json().catch(() => null)) as { intent?: string; test?: unknown } | null;
  if (body?.intent === "delete") {
    const deleted = await deleteTest(context.db, id).catch(() => false);
    if (!deleted) return json<ActionResult>({ ok: false, message: "Failed to delete test" }, { status: 400 });
    return redirectWithToast(request, context, "/admin/tests", { title: "Test Deleted" });
  }
  const parsed = testUpdateSchema.safeParse(body?.test);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return json<ActionResult>({ ok: false, message: Object.values(errors)[0] ?? "Failed to update test", errors }, { status: 400 });
  }
  try {
    const updated = await updateTest(context.db, id, parsed.data);
    if (!updated) return json<ActionResult>({ ok: false, message: "Failed to update test" }, { status: 404 });
  } catch (error) {
    return json<ActionResult>({ ok: false, message: error instanceof Error ? error.message : "Failed to update test" }, { status: 400 });
  }
  return redirectWithToast(request, context, "/admin/tests", { title: "Test Updated" });
}

type Tab = "basic" | "sections" | "timers";
const TABS: { key: Tab; label: string }[] = [
  { key: "basic", label: "Basic Info" },
  { key: "sections", label: "Sections & Questions" },
  { key: "timers", label: "Timer Settings" },
];

export default function EditTest() {
  const { test } = useLoaderData<typeof loader>();
  if (!test) {
    return (
      <section className="mx-auto max-w-xl py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Test Not Found</h1>
        <p className="mt-2 text-slate-700">This test does not exist or has been deleted.</p>
        <Link to="/admin/tests" className="btn-primary mt-6">
          Return to Tests
        </Link>
      </section>
    );
  }
  return <Editor key={test.id} test={test} />;
}

type LoadedTest = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["test"]>;

function initialState(test: LoadedTest): EditorState {
  return {
    details: {
      title: test.title,
      description: test.description,
      gradeLevel: test.gradeLevel,
      subject: test.subject,
      placementDuration: test.placementDuration,
      diagnosticDuration: test.diagnosticDuration,
      showFeedback: test.showFeedback,
      showResultDuringTest: test.showResultDuringTest,
      showFeedbackDuringTest: test.showFeedbackDuringTest,
      showResultAfterTest: test.showResultAfterTest,
      showFeedbackAfterTest: test.showFeedbackAfterTest,
      aiModel: test.aiModel,
    },
    sections: test.sections.map((section) => ({ id: section.id, title: section.title, timeLimit: section.timeLimit })),
    questions: test.questions.map((question) => ({ id: question.id, sectionId: question.sectionId, timeLimit: question.timeLimit })),
    perQuestionTimerDefaults: test.perQuestionTimerDefaults,
  };
}

/** The bank questions the editor can show (type and own time limit drive timers and the cost estimate). */
function knownQuestions(test: LoadedTest): Map<string, BankQuestionSummary> {
  return new Map(
    test.questions.map((question) => [
      question.id,
      { id: question.id, text: question.text, type: question.type, difficulty: question.difficulty, timeLimit: question.questionTimeLimit },
    ]),
  );
}

function Editor({ test }: { test: LoadedTest }) {
  const [state, dispatch] = useReducer(editorReducer, test, initialState);
  const [known, setKnown] = useState(() => knownQuestions(test));
  const know = (questions: BankQuestionSummary[]) =>
    setKnown((current) => new Map([...current, ...questions.map((question) => [question.id, question] as const)]));
  const [tab, setTab] = useState<Tab>("basic");
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const fetcher = useFetcher<ActionResult>();
  const { toast } = useToast();
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) {
      toast({ title: "Error", description: fetcher.data.message, variant: "destructive" });
    }
    // Only react to a new answer from the server.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (payload: object) => fetcher.submit(payload as never, { method: "post", encType: "application/json" });
  // The same schema as the server: show problems before anything is sent.
  const save = () => {
    const payload = toUpdatePayload(state);
    const parsed = testUpdateSchema.safeParse(payload);
    if (!parsed.success) {
      const problems = fieldErrors(parsed.error);
      setErrors(problems);
      if (Object.keys(problems).some((key) => key in state.details)) setTab("basic");
      toast({ title: "Error", description: Object.values(problems)[0] ?? "Failed to update test", variant: "destructive" });
      return;
    }
    setErrors({});
    submit({ intent: "save", test: payload });
  };
  const questionTypes = state.questions.flatMap((placement) => known.get(placement.id)?.type ?? []);

  return (
    <div className="mx-auto max-w-5xl">
      <Link to="/admin/tests" className="btn-ghost -ml-4 mb-4">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Tests
      </Link>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Edit Test Configuration</h1>
          <p className="mt-1 text-slate-700">{test.title}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-outline text-red-700" onClick={() => setConfirmingDelete(true)}>
            <Trash2 aria-hidden="true" className="size-4" /> Delete Test
          </button>
          <Link to="/admin/tests" className="btn-outline">
            Cancel
          </Link>
          <button type="button" className="btn-primary" disabled={busy} onClick={save}>
            <Save aria-hidden="true" className="size-4" /> {busy ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </header>
      <Tabs tabs={TABS} selected={tab} onSelect={setTab} label="Test configuration">
        {tab === "basic" ? <BasicInfoPanel state={state} dispatch={dispatch} errors={errors} /> : null}
        {tab === "sections" ? <SectionsPanel state={state} dispatch={dispatch} known={known} onKnow={know} /> : null}
        {tab === "timers" ? <TimerSettingsPanel state={state} dispatch={dispatch} questionTypes={questionTypes} /> : null}
      </Tabs>
      <ConfirmDialog
        open={confirmingDelete}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          setConfirmingDelete(false);
          submit({ intent: "delete" });
        }}
        description={`This permanently deletes "${test.title}" with its sections. Questions stay in the question bank.`}
        confirmLabel="Delete Test"
        busy={busy}
      />
    </div>
  );
}
