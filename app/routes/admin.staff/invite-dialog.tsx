import { useFetcher } from "@remix-run/react";

import { Dialog, DialogActions } from "~/components/dialog";
import type { ActionResult } from "~/domain/shell/action-result";

export type IssuedLink = { email: string; url: string; emailed: boolean; expiresAt: string; purpose: "invite" | "reset" };

/**
 * "Invite": an address, a role and optional names. The link comes back once: e-mailed when the
 * deployment has the EMAIL binding, otherwise shown to pass on (ADR 0040).
 */
export function InviteDialog({ onClose, fetcherKey }: { onClose: () => void; fetcherKey: string }) {
  // The page reads the answer (the link) from the fetcher of this key, and closes the dialog.
  const fetcher = useFetcher<ActionResult<IssuedLink[]>>({ key: fetcherKey });
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open onClose={onClose} title="Invite someone" description="They get a link to choose their password; it works once, for 7 days.">
      <fetcher.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="invite" />
        <div>
          <label htmlFor="invite-email" className="label">
            E-mail address
          </label>
          <input id="invite-email" name="email" type="email" required autoComplete="off" className="input mt-1" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="invite-given-name" className="label">
              Given name <span className="font-normal text-slate-700">(optional)</span>
            </label>
            <input id="invite-given-name" name="givenName" autoComplete="off" className="input mt-1" />
          </div>
          <div>
            <label htmlFor="invite-family-name" className="label">
              Family name <span className="font-normal text-slate-700">(optional)</span>
            </label>
            <input id="invite-family-name" name="familyName" autoComplete="off" className="input mt-1" />
          </div>
        </div>
        <fieldset>
          <legend className="label">Role</legend>
          <div className="mt-1 flex gap-6 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name="role" value="teacher" defaultChecked /> Teacher
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="role" value="admin" /> District admin
            </label>
          </div>
        </fieldset>
        <DialogActions onCancel={onClose} submitLabel="Send invitation" busy={busy} />
      </fetcher.Form>
    </Dialog>
  );
}

/** The links just issued, each once: "e-mailed" or the URL to copy and pass on. */
export function IssuedLinks({ links, onDismiss }: { links: IssuedLink[]; onDismiss: () => void }) {
  return (
    <section className="card mt-6 p-4" aria-labelledby="issued-links-title" data-testid="issued-links">
      <h2 id="issued-links-title" className="text-base font-semibold text-slate-900">
        {links.length === 1 ? "Link issued" : `${links.length} links issued`}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {links.every((link) => link.emailed)
          ? "Each link was e-mailed. It works once, for 7 days."
          : "Pass each link on yourself (it is shown only now; Resend makes a new one). It works once, for 7 days."}
      </p>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.url}>
            <span className="font-medium">{link.email}</span>
            {link.emailed ? (
              <span className="text-slate-700"> — e-mailed</span>
            ) : (
              <>
                <label htmlFor={`link-${link.url}`} className="sr-only">
                  Sign-in link for {link.email}
                </label>
                <input
                  id={`link-${link.url}`}
                  readOnly
                  value={link.url}
                  className="input mt-1 font-mono text-xs"
                  onFocus={(event) => event.currentTarget.select()}
                />
              </>
            )}
          </li>
        ))}
      </ul>
      <button type="button" className="btn-outline mt-3" onClick={onDismiss}>
        Done
      </button>
    </section>
  );
}
