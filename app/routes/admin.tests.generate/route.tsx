import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import RefreshCw from "lucide-react/icons/refresh-cw";
import Save from "lucide-react/icons/save";
import Sparkles from "lucide-react/icons/sparkles";
import { useState } from "react";

import { useIntentFetcher } from "~/components/action-result";
import { DraftQuestionCard } from "~/components/assessments/draft-question-card";
import { LanguageSelect } from "~/components/assessments/language-select";
import { OfflineNote } from "~/components/assessments/offline-note";
import { JobSpinner, useQueuedResult } from "~/components/job-progress";
import { BackLink, PageHeader } from "~/components/page-header";
import { DEFAULT_GENERATION_INSTRUCTIONS, generationRequestSchema, OFFLINE_GENERATOR_ENGLISH_ONLY } from "~/domain/ai/generation-request";
import { type GeneratedDraft, generatedDraftSchema } from "~/domain/ai/schemas";
import { generatedToast, GENERATING_MESSAGE, GENERATOR_MESSAGES, generatorActionSchema } from "~/domain/ai/screen-actions";
import { type ContentLanguage, DEFAULT_CONTENT_LANGUAGE } from "~/domain/questions/content-language";
import type { QueuedResult } from "~/domain/shell/action-result";
import { createTest, generateTest } from "~/features/tests/use-cases.server";
import { assertNever } from "~/lib/assert-never";
import { handleAction } from "~/services/action.server";
import { queuedOutcome } from "~/services/ai/tasks.server";
import { requireAllowed } from "~/services/auth.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "AI Test Generator · Adaptive Testing Engine" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAllowed(request, context, "read", "shared-content");
  return json({ provider: context.config.ai.provider });
}

type GeneratorData = QueuedResult<GeneratedDraft>;

export async function action({ request, context }: ActionFunctionArgs) {
  const { user: admin } = await requireAllowed(request, context, "author", "shared-content");
  return handleAction<typeof generatorActionSchema, GeneratorData>(request, generatorActionSchema, GENERATOR_MESSAGES, async (input) => {
    switch (input.intent) {
      case "generate": {
        // The product's fixed request: the context is both the topic and the source material.
        const generation = generationRequestSchema.parse({
          topic: input.context,
          sourceMaterial: input.context,
          additionalContext: input.instructions,
          language: input.language,
        });
        const wait = await generateTest(context, admin, generation);
        return queuedOutcome(wait, context.config.ai.provider, (test) => generatedToast(test.questions.length));
      }
      case "save":
        await createTest(context, admin, input.test);
        return redirectWithToast(request, context, "/admin/tests", GENERATOR_MESSAGES.intents.save.success);
      default:
        return assertNever(input);
    }
  });
}

export default function GenerateTest() {
  const { provider } = useLoaderData<typeof loader>();
  const { fetcher, busy, submitIntent } = useIntentFetcher<GeneratorData>();
  const [context, setContext] = useState("");
  const [instructions, setInstructions] = useState(DEFAULT_GENERATION_INSTRUCTIONS);
  const [language, setLanguage] = useState<ContentLanguage>(DEFAULT_CONTENT_LANGUAGE);
  const [test, setTest] = useState<GeneratedDraft | null>(null);
  const waiting = useQueuedResult(fetcher, {
    schema: generatedDraftSchema,
    onResult: setTest,
    resultToast: (generated) => generatedToast(generated.questions.length),
    failure: { title: "Generation Failed", description: "Failed to generate test" },
  });
  const generating = (busy && (fetcher.json as { intent?: string } | undefined)?.intent === "generate") || waiting;
  const saving = busy && !generating;

  const generate = () => {
    // Generating again clears the previous preview first.
    setTest(null);
    submitIntent({ intent: "generate", context, instructions, language });
  };

  return (
    <div className="mx-auto max-w-6xl">
      <BackLink to="/admin/tests" label="Back to Tests" />
      <PageHeader title="AI Test Generator" subtitle="Describe a topic or paste source material, and get a draft test to review." />
      {provider === "offline" ? <OfflineNote /> : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <form
          noValidate
          className="card space-y-4 p-6"
          onSubmit={(event) => {
            event.preventDefault();
            generate();
          }}
        >
          <div>
            <label htmlFor="context" className="label">
              Test Context <span aria-hidden="true">*</span>
            </label>
            <textarea
              id="context"
              rows={10}
              aria-required="true"
              className="input mt-1"
              value={context}
              onChange={(event) => setContext(event.target.value)}
              placeholder="Paste a passage, lesson notes or a topic description, e.g. 'Photosynthesis: how plants turn light into chemical energy'."
            />
          </div>
          <div>
            <label htmlFor="instructions" className="label">
              AI Generation Instructions <span className="font-normal text-slate-700">(optional)</span>
            </label>
            <textarea id="instructions" rows={4} className="input mt-1" value={instructions} onChange={(event) => setInstructions(event.target.value)} />
          </div>
          <LanguageSelect
            id="generate-language"
            value={language}
            onChange={setLanguage}
            help={provider === "offline" && language !== "en" ? OFFLINE_GENERATOR_ENGLISH_ONLY : undefined}
          />
          <div className="flex justify-end gap-2">
            <Link to="/admin/tests" className="btn-outline">
              Cancel
            </Link>
            <button type="submit" className="btn-primary" disabled={generating || saving}>
              <Sparkles aria-hidden="true" className="size-4" /> {generating ? "Generating..." : "Generate Test"}
            </button>
          </div>
        </form>

        <section className="card p-6" aria-labelledby="preview-title">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="preview-title" className="text-lg font-semibold text-slate-900">
              Preview
            </h2>
            <div className="flex gap-2">
              <button type="button" className="btn-outline" onClick={generate} disabled={!test || generating || saving}>
                <RefreshCw aria-hidden="true" className="size-4" /> Regenerate
              </button>
              <button type="button" className="btn-primary" disabled={generating || saving} onClick={() => submitIntent({ intent: "save", test })}>
                <Save aria-hidden="true" className="size-4" /> {saving ? "Saving..." : "Save Test"}
              </button>
            </div>
          </div>
          {generating ? (
            <JobSpinner message={GENERATING_MESSAGE} />
          ) : test ? (
            <div className="mt-4">
              <h3 className="font-semibold text-slate-900">{test.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{test.description}</p>
              <p className="mt-1 text-sm text-slate-700">
                {test.subject} · {test.gradeLevel} · {test.questions.length} questions
              </p>
              {/* A scrolling list with nothing focusable inside must take focus itself, or keyboards cannot scroll it. */}
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
              <ol className="mt-4 max-h-[500px] space-y-3 overflow-y-auto pr-1" aria-label="Generated questions" tabIndex={0}>
                {test.questions.map((question, index) => (
                  <DraftQuestionCard key={index} question={question} number={index + 1} />
                ))}
              </ol>
            </div>
          ) : (
            <p className="py-16 text-center text-slate-700">The generated test appears here for you to review before saving.</p>
          )}
        </section>
      </div>
    </div>
  );
}
