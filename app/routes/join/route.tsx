import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { FormAlert, useActionResult } from "~/components/action-result";
import { JoinCard, JoinCodeForm } from "~/components/join-class-screen";
import { useMessages } from "~/components/messages";
import { StudentErrorBoundary, StudentLayout } from "~/components/student-layout";
import { RESUME_CODE_LENGTH } from "~/domain/sessions/resume-code";
import type { ActionResult } from "~/domain/shell/action-result";
import { errorPageTitle } from "~/domain/shell/not-found";

import { type JoinedData, joinScreenAction, loadJoinScreen } from "./join.server";

/**
 * Student Entry ("Join flow"). The loader and action live in
 * join.server.ts, so their schemas (zod) never reach this page's JavaScript (the design's budget).
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadJoinScreen(request, context);
}

export function action({ request, context }: ActionFunctionArgs) {
  return joinScreenAction(request, context);
}
export { retryAfterHeaders as headers } from "~/lib/retry-after";

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => [
  { title: data ? data.messages.join.pageTitle : errorPageTitle(error, matches[0]?.data) },
];

type SchoolClass = {
  id: string;
  name: string;
  hasTest: boolean;
  fieldMax: number;
  roster: { memberId: string; name: string }[] | null;
  pinLength: number;
  /** The signed-in student linked to a record, who joins only as themselves (their ID only in an open class). */
  self: { name: string; studentId: string | null } | null;
  /** The sentences the server wrote in the page's language (they name the class or a number). */
  texts: { welcome: string; intro: string; pinHint: string; resumeHint: string };
};

/** Step 2, 'Welcome to {class name}': name and student ID, Back, and Start Test (Join without a test). */
function StudentDetailsForm({ cohort: schoolClass, code, result }: { cohort: SchoolClass; code: string; result: ActionResult<JoinedData> | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && String(navigation.formData?.get("intent") ?? "").startsWith("start");
  const heading = useRef<HTMLHeadingElement>(null);
  const resume = useRef<HTMLInputElement>(null);
  const refused = result && !result.ok ? result : undefined;
  const joined = result?.ok ? result : undefined;
  const values = refused?.values ?? {};
  const errors = refused?.fieldErrors ?? {};
  const askResume = Boolean(errors.resumeCode || values.resumeCode);
  const errorId = refused ? "join-details-error" : undefined;
  const t = useMessages("join");

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (errors.resumeCode) resume.current?.focus();
  }, [errors.resumeCode, refused]);

  return (
    <JoinCard>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 outline-none">
        {schoolClass.texts.welcome}
      </h1>
      <p className="mt-1 text-sm text-slate-700">{schoolClass.texts.intro}</p>
      <Form method="post" action={`/join?code=${encodeURIComponent(code)}`} className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="intent" value={schoolClass.roster ? "start-rostered" : "start"} />
        <input type="hidden" name="code" value={code} />
        <input type="hidden" name="cohortId" value={schoolClass.id} />
        {schoolClass.roster && schoolClass.self ? (
          <SignedInRosteredFields roster={schoolClass.roster} />
        ) : schoolClass.roster ? (
          <RosteredFields cohort={schoolClass} values={values} errors={errors} errorId={errorId} />
        ) : (
          <TypedFields cohort={schoolClass} values={values} errors={errors} errorId={errorId} />
        )}
        {askResume ? (
          <div>
            <label htmlFor="join-resume-code" className="label">
              {t.resumeCode}
            </label>
            <input
              ref={resume}
              id="join-resume-code"
              name="resumeCode"
              className="input mt-1 font-mono tracking-widest uppercase"
              defaultValue={values.resumeCode}
              maxLength={RESUME_CODE_LENGTH}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={errors.resumeCode ? true : undefined}
              aria-describedby={["join-resume-hint", errorId].filter(Boolean).join(" ")}
            />
            <p id="join-resume-hint" className="mt-1 text-sm text-slate-700">
              {schoolClass.texts.resumeHint}
            </p>
          </div>
        ) : null}
        <FormAlert id="join-details-error" result={refused} />
        {joined?.toast ? (
          <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            <strong className="font-semibold">{joined.toast.title}</strong> {joined.toast.description}
          </p>
        ) : null}
        <div className="flex gap-3">
          <button type="submit" form="join-back" className="btn-outline flex-1">
            {t.back}
          </button>
          <button type="submit" className="btn-primary flex-1" disabled={busy}>
            {busy ? t.starting : schoolClass.hasTest ? t.startTest : t.join}
          </button>
        </div>
      </Form>
      {/* Back: step 1 again, with the code kept (a plain GET, so it works without JavaScript too). */}
      <Form id="join-back" method="get" action="/join" hidden>
        <input type="hidden" name="step" value="code" />
        <input type="hidden" name="code" value={code} />
      </Form>
    </JoinCard>
  );
}

type FieldProps = { cohort: SchoolClass; values: Record<string, string>; errors: Record<string, string>; errorId: string | undefined };

/** A rostered class and a signed-in student: only themselves (the roster lists only them, or nobody when they are not on it), no PIN. */
function SignedInRosteredFields({ roster }: { roster: { memberId: string; name: string }[] }) {
  const [self] = roster;
  const t = useMessages("join");
  return self ? (
    <input type="hidden" name="memberId" value={self.memberId} />
  ) : (
    <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{t.notOnRosterSelf}</p>
  );
}

/** An open class: any name and student ID (a signed-in student's own, which they cannot change). */
function TypedFields({ cohort: schoolClass, values, errors, errorId }: FieldProps) {
  const self = schoolClass.self?.studentId ? schoolClass.self : null;
  const t = useMessages("join");
  return (
    <>
      <div>
        <label htmlFor="join-name" className="label">
          {t.yourName}
        </label>
        <input
          id="join-name"
          name="displayName"
          className="input mt-1"
          defaultValue={values.displayName ?? self?.name}
          maxLength={schoolClass.fieldMax}
          autoComplete="name"
          required
          aria-invalid={errors.displayName ? true : undefined}
          aria-describedby={errorId}
        />
      </div>
      <div>
        <label htmlFor="join-student-id" className="label">
          {t.studentId}
        </label>
        <input
          id="join-student-id"
          name="studentId"
          className="input mt-1"
          defaultValue={self?.studentId ?? values.studentId}
          readOnly={Boolean(self)}
          maxLength={schoolClass.fieldMax}
          autoComplete="off"
          spellCheck={false}
          required
          aria-invalid={errors.studentId ? true : undefined}
          aria-describedby={errorId}
        />
      </div>
    </>
  );
}

/** A rostered class (ADR 0029): the student's name from the roster (or their ID typed), and their class PIN. */
function RosteredFields({ cohort: schoolClass, values, errors, errorId }: FieldProps) {
  const describedBy = (hint: string) => [hint, errorId].filter(Boolean).join(" ");
  const t = useMessages("join");
  return (
    <>
      <div>
        <label htmlFor="join-member" className="label">
          {t.yourName}
        </label>
        <select
          id="join-member"
          name="memberId"
          className="input mt-1"
          defaultValue={values.memberId ?? ""}
          aria-invalid={errors.memberId || errors.studentId ? true : undefined}
          aria-describedby={errorId}
        >
          <option value="">{t.chooseYourName}</option>
          {schoolClass.roster!.map((student) => (
            <option key={student.memberId} value={student.memberId}>
              {student.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="join-roster-id" className="label">
          {t.orTypeStudentId}
        </label>
        <input
          id="join-roster-id"
          name="studentId"
          className="input mt-1"
          defaultValue={values.studentId}
          maxLength={schoolClass.fieldMax}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.studentId ? true : undefined}
          aria-describedby={errorId}
        />
      </div>
      <div>
        <label htmlFor="join-pin" className="label">
          {t.classPin}
        </label>
        <input
          id="join-pin"
          name="pin"
          className="input mt-1 font-mono tracking-widest"
          inputMode="numeric"
          autoComplete="off"
          maxLength={schoolClass.pinLength + 2}
          required
          aria-invalid={errors.pin ? true : undefined}
          aria-describedby={describedBy("join-pin-hint")}
        />
        <p id="join-pin-hint" className="mt-1 text-sm text-slate-700">
          {schoolClass.texts.pinHint}
        </p>
      </div>
    </>
  );
}

export default function Join() {
  const { code, cohort: schoolClass, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult<JoinedData> | undefined;
  const navigation = useNavigation();
  // A refused join code: back to the field (it names its error), not <body> under the disabled button.
  useActionResult({ data: result, state: navigation.state }, { onFailure: () => document.getElementById("join-code")?.focus() });
  const isStart = result?.intent === "start" || result?.intent === "start-rostered";
  const lookupRefused = result && !result.ok && !isStart ? result : undefined;
  return (
    <StudentLayout>
      {schoolClass ? (
        <StudentDetailsForm key={schoolClass.id} cohort={schoolClass} code={code} result={isStart ? result : undefined} />
      ) : (
        <JoinCodeForm
          key={lookupRefused?.values?.code ?? code}
          defaultCode={lookupRefused?.values?.code ?? code}
          failure={lookupRefused ?? (failure as ActionResult | null) ?? undefined}
        />
      )}
    </StudentLayout>
  );
}

export { StudentErrorBoundary as ErrorBoundary };
