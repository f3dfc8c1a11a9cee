import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import Eraser from "lucide-react/icons/eraser";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import Save from "lucide-react/icons/save";
import Wand from "lucide-react/icons/wand-sparkles";
import { useState } from "react";

import { useIntentFetcher } from "~/components/action-result";
import { LanguageSelect } from "~/components/assessments/language-select";
import { OfflineNote } from "~/components/assessments/offline-note";
import { JobSpinner, useQueuedResult } from "~/components/job-progress";
import { BackLink, PageHeader } from "~/components/page-header";
import { MAX_RAW_CONTENT_CHARS } from "~/domain/ai/format-request";
import { IMPORT_FORMAT_EXAMPLE } from "~/domain/ai/import/numbered";
import { type FormattedDraft, formattedDraftSchema } from "~/domain/ai/schemas";
import { formattedToast, FORMATTING_MESSAGE, IMPORT_MESSAGES, importActionSchema } from "~/domain/ai/screen-actions";
import { type ContentLanguage, DEFAULT_CONTENT_LANGUAGE } from "~/domain/questions/content-language";
import type { QueuedResult } from "~/domain/shell/action-result";
import { createTest, formatTest } from "~/features/tests/use-cases.server";
import { assertNever } from "~/lib/assert-never";
import { handleAction } from "~/services/action.server";
import { queuedOutcome } from "~/services/ai/tasks.server";
import { requireAllowed } from "~/services/auth.server";
import { redirectWithToast } from "~/services/toast.server";

import { EditablePreview } from "./editable-preview";

export const meta: MetaFunction = () => [{ title: "Import Test Content · Adaptive Testing Engine" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAllowed(request, context, "read", "shared-content");
  return json({ provider: context.config.ai.provider });
}

type ImportData = QueuedResult<FormattedDraft>;

export async function action({ request, context }: ActionFunctionArgs) {
  const { user: admin } = await requireAllowed(request, context, "author", "shared-content");
  return handleAction<typeof importActionSchema, ImportData>(request, importActionSchema, IMPORT_MESSAGES, async (input) => {
    switch (input.intent) {
      case "format": {
        const wait = await formatTest(context, admin, input.rawContent, input.language);
        return queuedOutcome(wait, context.config.ai.provider, (test) => formattedToast(test.questions.length));
      }
      case "save":
        await createTest(context, admin, input.test);
        return redirectWithToast(request, context, "/admin/tests", IMPORT_MESSAGES.intents.save.success);
      default:
        return assertNever(input);
    }
  });
}

export default function ImportTest() {
  const { provider } = useLoaderData<typeof loader>();
  const { fetcher, busy, submitIntent } = useIntentFetcher<ImportData>();
  const [rawContent, setRawContent] = useState("");
  const [language, setLanguage] = useState<ContentLanguage>(DEFAULT_CONTENT_LANGUAGE);
  const [test, setTest] = useState<FormattedDraft | null>(null);
  const waiting = useQueuedResult(fetcher, {
    schema: formattedDraftSchema,
    onResult: setTest,
    resultToast: (formatted) => formattedToast(formatted.questions.length),
    failure: { title: "Formatting Failed", description: "Failed to format test content" },
  });
  const formatting = (busy && (fetcher.json as { intent?: string } | undefined)?.intent === "format") || waiting;
  const saving = busy && !formatting;

  return (
    <div className="mx-auto max-w-6xl">
      <BackLink to="/admin/tests" label="Back to Tests" />
      <PageHeader title="Import Test Content" subtitle="Paste questions from a document, a Moodle GIFT or Aiken file, or a spreadsheet (CSV)." />
      {provider === "offline" ? <OfflineNote /> : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {test ? null : (
          <form
            className="card space-y-4 p-6 lg:col-span-1"
            onSubmit={(event) => {
              event.preventDefault();
              submitIntent({ intent: "format", rawContent, language });
            }}
          >
            <div>
              <label htmlFor="raw-content" className="label">
                Test Content
              </label>
              <textarea
                id="raw-content"
                rows={18}
                maxLength={MAX_RAW_CONTENT_CHARS}
                aria-describedby="format-example"
                className="input mt-1 font-mono text-sm"
                value={rawContent}
                onChange={(event) => setRawContent(event.target.value)}
                placeholder={IMPORT_FORMAT_EXAMPLE}
              />
            </div>
            <details id="format-example" className="text-sm text-slate-700">
              <summary className="cursor-pointer font-medium text-slate-900">Format example</summary>
              <pre className="mt-2 overflow-x-auto rounded-md bg-slate-50 p-3 text-xs">{IMPORT_FORMAT_EXAMPLE}</pre>
              <p className="mt-2">Mark correct options with *. Questions without options become free-response; an Answer: line is their model answer.</p>
            </details>
            <LanguageSelect
              id="import-language"
              value={language}
              onChange={setLanguage}
              help="A CSV may give each row its own in a Language column (en or es)."
            />
            <div className="flex justify-end gap-2">
              <button type="button" className="btn-outline" onClick={() => setRawContent("")} disabled={formatting}>
                <Eraser aria-hidden="true" className="size-4" /> Clear
              </button>
              <button type="submit" className="btn-primary" disabled={formatting}>
                <Wand aria-hidden="true" className="size-4" /> {formatting ? "Formatting..." : "Format with AI"}
              </button>
            </div>
          </form>
        )}

        <section className={`card p-6 ${test ? "lg:col-span-2" : ""}`} aria-labelledby="preview-title">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="preview-title" className="text-lg font-semibold text-slate-900">
              Preview
            </h2>
            {test ? (
              <div className="flex gap-2">
                {/* Reformat discards the preview and returns to the pasted content. */}
                <button type="button" className="btn-outline" onClick={() => setTest(null)} disabled={saving}>
                  <RotateCcw aria-hidden="true" className="size-4" /> Reformat
                </button>
                <button type="button" className="btn-primary" onClick={() => submitIntent({ intent: "save", test })} disabled={saving}>
                  <Save aria-hidden="true" className="size-4" /> {saving ? "Saving..." : "Save Test"}
                </button>
              </div>
            ) : null}
          </div>
          {formatting ? (
            <JobSpinner message={FORMATTING_MESSAGE} />
          ) : test ? (
            <EditablePreview test={test} onChange={setTest} />
          ) : (
            <p className="py-16 text-center text-slate-700">The formatted test appears here, ready to edit before you save it.</p>
          )}
        </section>
      </div>
    </div>
  );
}
