import { type ActionFunctionArgs, json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Printer } from "lucide-react";
import QRCode from "qrcode";

import { useActionResult, useIntentFetcher } from "~/components/action-result";
import { BackLink, PageHeader } from "~/components/page-header";
import { BADGE_MESSAGES, badgeActionSchema } from "~/domain/classes/screen-actions";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { renewBadge, resetPinTries } from "~/features/students/use-cases.server";
import { assertNever } from "~/lib/assert-never";
import { findClass } from "~/models/classes.server";
import { listBadges } from "~/models/roster-members.server";
import { handleAction } from "~/services/action.server";
import { requireAllowed } from "~/services/auth.server";
import { notFoundPage } from "~/services/http-errors.server";

import badgeStyles from "./badges.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Badges · ${data?.cohort.name ?? "Class"} · Adaptive Testing Engine` }];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: badgeStyles, media: "print" }];

/** Drawn on the server, so the QR library stays out of the browser's bundle. */
const QR_OPTIONS = { type: "svg", width: 160, margin: 1 } as const;

/**
 * A class's badges (ADR 0029): a card for each student on the roster with their name, their PIN
 * and a QR code that signs them in to this class. Only the class's teachers see them.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { scope } = await requireAllowed(request, context, "read", "roster");
  const schoolClass = await findClass(context.db, params.id ?? "", scope);
  if (!schoolClass) throw notFoundPage(NOT_FOUND.cohort, { to: "/admin/cohorts", label: "Back to Classes" });
  const origin = context.config.appOrigin ?? new URL(request.url).origin;
  const badges = await Promise.all(
    (await listBadges(context.db, schoolClass.id, scope)).map(async (badge) => ({
      memberId: badge.memberId,
      name: badge.name,
      studentId: badge.studentId,
      pin: badge.pin ?? "",
      qr: badge.badgeToken ? await QRCode.toString(`${origin}/join/badge/${badge.badgeToken}`, QR_OPTIONS) : "",
    })),
  );
  return json(
    { cohort: { id: schoolClass.id, name: schoolClass.name, joinCode: schoolClass.joinCode, access: schoolClass.access }, badges },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user: teacher } = await requireAllowed(request, context, "enroll", "roster");
  const classId = params.id ?? "";
  return handleAction(request, badgeActionSchema, BADGE_MESSAGES, async (input) => {
    switch (input.intent) {
      case "new-badge":
        return renewBadge(context, teacher, { cohortId: classId, memberId: input.memberId });
      case "reset-pin":
        return resetPinTries(context, teacher, { cohortId: classId, memberId: input.memberId });
      default:
        return assertNever(input);
    }
  });
}

export default function Badges() {
  const { cohort: schoolClass, badges } = useLoaderData<typeof loader>();
  const { fetcher, busy, submitIntent } = useIntentFetcher();
  useActionResult(fetcher);

  return (
    <div className="mx-auto max-w-5xl">
      <div className="badge-screen-only">
        <BackLink to={`/admin/cohorts/${schoolClass.id}`} label={`Back to ${schoolClass.name}`} />
        <PageHeader
          title={`Badges · ${schoolClass.name}`}
          subtitle="Each student scans their badge, or picks their name and types its PIN. Keep the badges with you between lessons."
          actions={
            <button type="button" className="btn-primary" onClick={() => window.print()} disabled={badges.length === 0}>
              <Printer aria-hidden="true" className="size-4" /> Print Badges
            </button>
          }
        />
        {schoolClass.access === "open" ? (
          <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            This class is open: anyone with the join code can join with any name and ID, and the PINs are not asked for. Make the class rostered (Edit Class)
            for the badges to be the only way in.
          </p>
        ) : null}
      </div>
      {badges.length === 0 ? (
        <p className="card mt-6 p-8 text-center text-slate-700">No students on the roster yet, so there are no badges to print.</p>
      ) : (
        <ul className="badge-sheet mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Badges">
          {badges.map((badge) => (
            <li key={badge.memberId} className="badge-card card flex flex-col items-center gap-2 p-4 text-center" data-testid="badge-card">
              <p className="text-xs uppercase tracking-wide text-slate-700">{schoolClass.name}</p>
              <p className="text-lg font-semibold text-slate-900">{badge.name}</p>
              {/* The library's own SVG markup, drawn on the server from the badge's link. */}
              <div className="size-40" role="img" aria-label={`QR code that signs ${badge.name} in`} dangerouslySetInnerHTML={{ __html: badge.qr }} />
              <p className="text-sm text-slate-700">
                PIN{" "}
                <span className="font-mono text-lg font-bold tracking-widest text-slate-900" data-testid="badge-pin">
                  {badge.pin}
                </span>
              </p>
              <p className="text-xs text-slate-700">
                Join code <span className="font-mono">{schoolClass.joinCode}</span> · ID <span className="font-mono">{badge.studentId}</span>
              </p>
              <div className="badge-screen-only flex gap-1">
                <button
                  type="button"
                  className="btn-ghost px-2 text-sm"
                  disabled={busy}
                  onClick={() => submitIntent({ intent: "reset-pin", memberId: badge.memberId })}
                >
                  Reset PIN tries<span className="sr-only"> for {badge.name}</span>
                </button>
                <button
                  type="button"
                  className="btn-ghost px-2 text-sm"
                  disabled={busy}
                  onClick={() => submitIntent({ intent: "new-badge", memberId: badge.memberId })}
                >
                  New badge<span className="sr-only"> for {badge.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
