import { Form, useNavigation } from "@remix-run/react";
import { type ReactNode, useState } from "react";

import { JOIN_CODE_MAX_INPUT } from "~/domain/classes/join-codes";
import type { ActionResult } from "~/domain/shell/action-result";

import { FormAlert } from "./action-result";
import { useMessages } from "./messages";

/**
 * Student Entry. Step 1 lives here because a student meets it in two
 * places: on /join, and as the join gate on any path outside their route set (root ErrorBoundary).
 * Both post the same plain form to /join, so it works without JavaScript. This module is in
 * every page's bundle: it must stay small (no zod, no icon barrel). Its texts are the `joinCode`
 * area (ADR 0045): /join's loader sends it, and the root sends it to a signed-in student.
 */

/** The card both steps sit in. */
export function JoinCard({ children }: { children: ReactNode }) {
  return <div className="card mx-auto mt-2 w-full max-w-md p-6 sm:mt-8 sm:p-8">{children}</div>;
}

type JoinCodeFormProps = {
  /** The code to show in the field (the URL's ?code=, or the one typed before a refusal). */
  defaultCode?: string;
  /** A refusal to show under the field: the action's answer, or the loader's for a ?code= link. */
  failure?: ActionResult<unknown>;
};

/** Step 1, 'Join Your Class': the join code, upper case as typed. */
export function JoinCodeForm({ defaultCode = "", failure }: JoinCodeFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "lookup";
  const [code, setCode] = useState(defaultCode.toUpperCase().slice(0, JOIN_CODE_MAX_INPUT));
  const refused = failure && !failure.ok ? failure : undefined;
  const errorId = refused ? "join-code-error" : undefined;
  const t = useMessages("joinCode");
  return (
    <JoinCard>
      <h1 className="text-2xl font-bold text-slate-900">{t.title}</h1>
      <p className="mt-1 text-sm text-slate-700">{t.intro}</p>
      <Form method="post" action="/join" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="intent" value="lookup" />
        <div>
          <label htmlFor="join-code" className="label">
            {t.codeLabel}
          </label>
          <input
            id="join-code"
            name="code"
            className="input mt-1 font-mono text-lg tracking-widest uppercase"
            value={code}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            maxLength={JOIN_CODE_MAX_INPUT}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            aria-invalid={refused ? true : undefined}
            aria-describedby={errorId}
          />
        </div>
        <FormAlert id="join-code-error" result={refused} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t.checking : t.submit}
        </button>
      </Form>
    </JoinCard>
  );
}

/**
 * The join screen as the root ErrorBoundary shows it to a signed-in student outside their route
 * set: step 1, posting to /join (which carries on to step 2).
 */
export function JoinClassScreen() {
  return <JoinCodeForm />;
}
