import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { JoinCard } from "~/components/join-class-screen";
import { useMessages } from "~/components/messages";
import { StudentErrorBoundary, StudentLayout } from "~/components/student-layout";
import { errorPageTitle } from "~/domain/shell/not-found";

import { continueWithBadge, loadBadge } from "./badge.server";

/** A badge's link (ADR 0029): the loader signs the student in, or, for a link from another site into a browser holding someone else, asks first. */
export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadBadge(request, context, (params.token ?? "").slice(0, 100));
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return continueWithBadge(request, context, (params.token ?? "").slice(0, 100));
}

type BadgeData = { messages: { join: { badgePageTitle: string } }; texts: { heading: string; otherStudent: string; continueAs: string } };

export const meta: MetaFunction = ({ data, error, matches }) => [
  { title: data ? (data as BadgeData).messages.join.badgePageTitle : errorPageTitle(error, matches[0]?.data) },
];

export default function BadgeConfirm() {
  // The loader answers data only when it asks; every other answer is a redirect.
  const { texts } = useLoaderData() as BadgeData;
  const t = useMessages("join");
  const busy = useNavigation().state !== "idle";
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <StudentLayout>
      <JoinCard>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 outline-none">
          {texts.heading}
        </h1>
        <p className="mt-2 text-sm text-slate-700">{texts.otherStudent}</p>
        <Form method="post" className="mt-6 flex gap-3">
          <Link to="/join" className="btn-outline flex-1 text-center">
            {t.notMe}
          </Link>
          <button type="submit" name="intent" value="continue" className="btn-primary flex-1" disabled={busy}>
            {texts.continueAs}
          </button>
        </Form>
      </JoinCard>
    </StudentLayout>
  );
}

export { StudentErrorBoundary as ErrorBoundary };
