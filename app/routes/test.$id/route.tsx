import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";

import { lazyScreen } from "~/components/lazy-screen";
import { AccommodatedView } from "~/components/student/accommodated-view";
import { QuestionScreen } from "~/components/student/question-screen";
import { useHeartbeat } from "~/components/student/use-heartbeat";
import { StudentErrorBoundary, StudentLayout } from "~/components/student-layout";
import type { Catalog } from "~/domain/i18n/catalog";
import type { ActionResult } from "~/domain/shell/action-result";
import type { NotFoundPage } from "~/domain/shell/not-found";
import type { RootData } from "~/domain/shell/root-data";

import { loadTestPage, testPageAction } from "./test-page.server";

// Only the question screen is in the page's first JavaScript (the student page budget); the others load when they show.
const ModeSelection = lazyScreen(() => import("~/components/student/mode-selection").then((module) => module.ModeSelection));
const FeedbackScreen = lazyScreen(() => import("~/components/student/answer-feedback").then((module) => module.FeedbackScreen));
const BreakScreen = lazyScreen(() => import("~/components/student/break-screen").then((module) => module.BreakScreen));

/**
 * The test's title; on the page's not-found page what is missing, else the root's "Something went
 * wrong", both in the page's language (ADR 0045). Written out here, not with `errorPageTitle`: its
 * module would be one more file on this page, over its JavaScript budget.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => [
  {
    title: `${data?.test.title ?? (error as { data?: Partial<NotFoundPage> } | undefined)?.data?.notFound ?? (matches[0]?.data as RootData | undefined)?.messages?.common.somethingWentWrong} · Adaptive Testing Engine`,
  },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = await loadTestPage(request, context, params.id ?? "");
  return json(page, { headers: { "Cache-Control": "no-store" } });
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return testPageAction(request, context, params.id ?? "");
}

/** Take a Test: the mode selection, the session's current question, the break screen, or (without JavaScript) the last answer's feedback. */
export default function TakeTest() {
  const page = useLoaderData<typeof loader>();
  const actionResult = useActionData<typeof action>() as ActionResult<unknown> | undefined;
  // A question or the break on screen: the page beats (not on the feedback page without JavaScript, which has no clock).
  useHeartbeat(page.session && !page.session.answered ? page.session.id : null, page.session?.stamp);
  if (page.session) {
    const { test, session } = page;
    // The lazy screens get their messages from here, not from useMessages: a lazy chunk that
    // imported it would split the messages module into a chunk of its own on every student page's
    // first load (the JavaScript budget). A test that shows no feedback sends no feedback area.
    const messages: Partial<Catalog> = page.messages;
    const t = messages.test!;
    return (
      <StudentLayout>
        {session.paused ? (
          <AccommodatedView tools={session.tools}>
            <BreakScreen testId={test.id} session={session} />
          </AccommodatedView>
        ) : session.answered ? (
          <FeedbackScreen
            testId={test.id}
            sessionId={session.id}
            heading={session.texts.heading}
            feedback={session.answered.feedback}
            timeRemainingSeconds={session.timeRemainingSeconds}
            t={messages.feedback!}
            clock={t}
          />
        ) : (
          <AccommodatedView tools={session.tools}>
            <QuestionScreen key={session.question.id} testId={test.id} session={session} actionResult={actionResult} feedbackTexts={messages.feedback} />
          </AccommodatedView>
        )}
      </StudentLayout>
    );
  }
  // The mode selection's data, every part of it written by the server (ADR 0045).
  return (
    <StudentLayout>
      <ModeSelection {...page} actionResult={actionResult} />
    </StudentLayout>
  );
}

export { StudentErrorBoundary as ErrorBoundary };
