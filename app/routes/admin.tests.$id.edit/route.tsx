import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Save, Trash2 } from "lucide-react";
import { useReducer, useState } from "react";

import { useActionResult, useIntentFetcher } from "~/components/action-result";
import type { BankQuestionSummary } from "~/components/assessments/question-label";
import { ConfirmDialog } from "~/components/dialog";
import { BackLink, PageHeader } from "~/components/page-header";
import { Tabs } from "~/components/tabs";
import { useToast } from "~/components/toast/toast-context";
import { TEST_EDITOR_MESSAGES, testEditorActionSchema } from "~/domain/assessments/screen-actions";
import { testUpdateSchema } from "~/domain/assessments/test-config";
import { editorReducer, type EditorState, toUpdatePayload } from "~/domain/assessments/test-editor";
import { deleteTest, updateTest, viewTest } from "~/features/tests/use-cases.server";
import { assertNever } from "~/lib/assert-never";
import { fieldErrors } from "~/lib/form-errors";
import { handleAction } from "~/services/action.server";
import { requireAllowed } from "~/services/auth.server";
import { orNotFoundPage } from "~/services/http-errors.server";
import { redirectWithToast } from "~/services/toast.server";

import { BasicInfoPanel } from "./basic-info-panel";
import { SectionsPanel } from "./sections-panel";
import { TimerSettingsPanel } from "./timer-settings-panel";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.test?.title ?? "Test Not Found"} · Adaptive Testing Engine` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user } = await requireAllowed(request, context, "read", "shared-content");
  // Only the test's own questions: the Add Questions dialog pages through the bank on demand.
  const test = await orNotFoundPage(viewTest(context, user, params.id ?? ""), { to: "/admin/tests", label: "Return to Tests" });
  return json({ test });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user } = await requireAllowed(request, context, "author", "shared-content");
  const id = params.id ?? "";
  return handleAction(request, testEditorActionSchema, TEST_EDITOR_MESSAGES, async (input) => {
    switch (input.intent) {
      case "save":
        await updateTest(context, user, id, input.test);
        return redirectWithToast(request, context, "/admin/tests", { title: TEST_EDITOR_MESSAGES.intents.save.success });
      case "delete":
        await deleteTest(context, user, id);
        return redirectWithToast(request, context, "/admin/tests", { title: TEST_EDITOR_MESSAGES.intents.delete.success });
      default:
        return assertNever(input);
    }
  });
}

function fieldsUnder(prefix: string, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).flatMap(([key, message]) => (key.startsWith(prefix) ? [[key.slice(prefix.length), message]] : [])));
}

type Tab = "basic" | "sections" | "timers";
const TABS: { key: Tab; label: string }[] = [
  { key: "basic", label: "Basic Info" },
  { key: "sections", label: "Sections & Questions" },
  { key: "timers", label: "Timer Settings" },
];

export default function EditTest() {
  const { test } = useLoaderData<typeof loader>();
  return <Editor key={test.id} test={test} />;
}

type LoadedTest = ReturnType<typeof useLoaderData<typeof loader>>["test"];

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
      feedbackDisplay: test.feedbackDisplay,
      aiModel: test.aiModel,
      language: test.language,
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
  const { fetcher, busy, submitIntent } = useIntentFetcher();
  const { toast } = useToast();
  const [errors, setErrors] = useState<Record<string, string>>({});
  useActionResult(fetcher, {
    // The server checks what the browser cannot (questions deleted meanwhile): its field errors
    // arrive keyed under the payload's `test`, the editor's fields are keyed by name.
    onFailure: (result) => setErrors(fieldsUnder("test.", result.fieldErrors)),
  });

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
    submitIntent({ intent: "save", test: payload });
  };
  const questionTypes = state.questions.flatMap((placement) => known.get(placement.id)?.type ?? []);

  return (
    <div className="mx-auto max-w-5xl">
      <BackLink to="/admin/tests" label="Back to Tests" />
      <div className="mb-6">
        <PageHeader
          title="Edit Test Configuration"
          subtitle={test.title}
          actions={
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
          }
        />
      </div>
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
          submitIntent({ intent: "delete" });
        }}
        description={`This permanently deletes "${test.title}" with its sections. Questions stay in the question bank.`}
        confirmLabel="Delete Test"
        busy={busy}
      />
    </div>
  );
}
