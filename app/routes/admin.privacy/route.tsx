import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData } from "@remix-run/react";

import { FormAlert, useActionResult } from "~/components/action-result";
import { LocalTime } from "~/components/local-time";
import { BackLink, PageHeader } from "~/components/page-header";
import { districtTimeZones } from "~/domain/district/time-zone";
import { purgeFailureLine } from "~/domain/privacy/erasure";
import { FINISHED_JOBS_KEPT_DAYS, PRIVACY_MESSAGES, privacyActionSchema, PURGE_BATCH, retentionCutoff } from "~/domain/privacy/retention";
import type { ActionResult } from "~/domain/shell/action-result";
import { type ShownTime, shownTime, timeZoneFromCookieHeader } from "~/domain/shell/time-zone";
import { districtTimeZone, saveDistrictTimeZone } from "~/models/district-time-zone.server";
import { lastPurges, readRetentionSetting, retentionPreview, saveRetentionSetting } from "~/models/retention.server";
import { handleAction } from "~/services/action.server";
import { requireAllowed } from "~/services/auth.server";

export const meta: MetaFunction = () => [{ title: "Data & Privacy · Adaptive Testing Engine" }];

/** Cutoffs and purges may lie in another year than today's: their dates say the year. */
const FULL = { withYear: true };

/** How long sessions are kept, what the next scheduled purge will remove, and how the last one went (ADR 0030). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAllowed(request, context, "retention", "district-settings");
  const [days, districtZone] = await Promise.all([readRetentionSetting(context.db), districtTimeZone(context.db)]);
  const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));
  const now = Date.now();
  const [preview, last] = await Promise.all([days === null ? null : retentionPreview(context.db, retentionCutoff(now, days)), lastPurges(context.db)]);
  // A failure is shown until a later chunk succeeds.
  const failure = last.failure && (!last.success || last.failure.at > last.success.at) ? last.failure : null;
  return json({
    days,
    districtZone,
    zones: districtTimeZones(),
    lastPurge: {
      success: last.success && shownTime(last.success.at, timeZone, FULL),
      failure: failure && { at: shownTime(failure.at, timeZone, FULL), line: purgeFailureLine(failure.reason, failure.left) },
    },
    preview: preview && {
      sessions: preview.sessions,
      cutoff: shownTime(retentionCutoff(now, days!), timeZone, FULL),
      oldestStart: preview.oldestStart ? shownTime(preview.oldestStart, timeZone, FULL) : null,
    },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user: admin } = await requireAllowed(request, context, "retention", "district-settings");
  return handleAction(request, privacyActionSchema, PRIVACY_MESSAGES, async (input) => {
    if (input.intent === "set-time-zone") await saveDistrictTimeZone(context.db, input.timeZone, admin);
    else await saveRetentionSetting(context.db, input.days, admin);
  });
}

export default function DataAndPrivacy() {
  const { days, districtZone, zones, preview, lastPurge } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<ActionResult>();
  useActionResult(fetcher, { toastFieldErrors: false });
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink to="/admin/students" label="Back to Students" />
      <PageHeader
        title="Data & Privacy"
        subtitle="How long the district keeps students' test sessions. Each student's own data can be downloaded or deleted on their page."
      />
      <section className="card mt-6 p-4" aria-labelledby="retention-heading">
        <h2 id="retention-heading" className="font-semibold text-slate-900">
          Retention
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Sessions that ended more than this many days ago are deleted every night, with their answers, grades and chats, as a student&apos;s deletion does.
          Leave it blank to keep sessions until someone deletes them.
        </p>
        <p className="mt-2 text-sm text-slate-700">
          {`Whatever this setting, background jobs (roster imports, demo data, AI requests) are deleted ${FINISHED_JOBS_KEPT_DAYS} days after they finish, with what they kept, such as an import's refused rows.`}
        </p>
        <fetcher.Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
          <input type="hidden" name="intent" value="set-retention" />
          <div>
            <label htmlFor="retention-days" className="label">
              Keep sessions for (days)
            </label>
            <input
              id="retention-days"
              name="days"
              type="number"
              min={30}
              max={3650}
              inputMode="numeric"
              className="input mt-1 w-40"
              defaultValue={days ?? ""}
              aria-invalid={refused?.fieldErrors.days ? true : undefined}
              aria-describedby={refused ? "retention-error" : undefined}
            />
          </div>
          <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
            Save
          </button>
        </fetcher.Form>
        <div className="mt-3">
          <FormAlert id="retention-error" result={refused} />
        </div>
        <div className="mt-4 rounded-md bg-slate-50 p-3 text-sm text-slate-900" data-testid="retention-preview" aria-live="polite">
          {preview === null ? (
            "Retention is off: no session is deleted on a schedule."
          ) : preview.sessions === 0 ? (
            <>
              The next purge removes nothing: no session ended before <LocalTime time={preview.cutoff} />.
            </>
          ) : (
            <>
              {`The next purge removes ${Math.min(preview.sessions, PURGE_BATCH)} of the ${preview.sessions} sessions that ended before `}
              <LocalTime time={preview.cutoff} />
              {preview.oldestStart ? (
                <>
                  {" "}
                  (the oldest began <LocalTime time={preview.oldestStart} />)
                </>
              ) : null}
              {preview.sessions > PURGE_BATCH ? `; the nights after remove the rest, ${PURGE_BATCH} at a time.` : "."}
            </>
          )}
        </div>
        <LastPurge {...lastPurge} retentionOn={days !== null} />
      </section>
      <TimeZoneSetting districtZone={districtZone} zones={zones} />
    </div>
  );
}

/**
 * How the last purge went: a failure stays in view, with when it happened and the last one that
 * succeeded; with retention on and no purge yet, that none has run, so silence never reads as success.
 */
function LastPurge({ success, failure, retentionOn }: { success: ShownTime | null; failure: { at: ShownTime; line: string } | null; retentionOn: boolean }) {
  if (!success && !failure) {
    return retentionOn ? (
      <p className="mt-3 text-sm text-slate-900" data-testid="last-purge">
        No purge has run yet: the first runs tonight.
      </p>
    ) : null;
  }
  return (
    <p className="mt-3 text-sm text-slate-900" data-testid="last-purge">
      {failure ? (
        <>
          <strong className="text-red-800">
            Last purge: failed at <LocalTime time={failure.at} />.
          </strong>{" "}
          {failure.line}{" "}
        </>
      ) : null}
      {success ? (
        <>
          {failure ? "Last successful purge: " : "Last purge: "}
          <LocalTime time={success} />.
        </>
      ) : (
        "No purge has succeeded yet."
      )}
    </p>
  );
}

/** The zone the district's days are in: when testing windows start and end (ADR 0041). */
function TimeZoneSetting({ districtZone, zones }: { districtZone: string; zones: string[] }) {
  const fetcher = useFetcher<ActionResult>();
  useActionResult(fetcher, { toastFieldErrors: false });
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return (
    <section className="card mt-6 p-4" aria-labelledby="time-zone-heading">
      <h2 id="time-zone-heading" className="font-semibold text-slate-900">
        Time zone
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        The district&apos;s days are days in this zone: a testing window starts at midnight here on its first day and ends at midnight after its last.
      </p>
      <fetcher.Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value="set-time-zone" />
        <div>
          <label htmlFor="district-time-zone" className="label">
            District time zone
          </label>
          <select
            id="district-time-zone"
            name="timeZone"
            className="input mt-1"
            defaultValue={districtZone}
            aria-invalid={refused?.fieldErrors.timeZone ? true : undefined}
            aria-describedby={refused ? "time-zone-error" : undefined}
          >
            {(zones.includes(districtZone) ? zones : [districtZone, ...zones]).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
          Save
        </button>
      </fetcher.Form>
      <div className="mt-3">
        <FormAlert id="time-zone-error" result={refused} />
      </div>
    </section>
  );
}
