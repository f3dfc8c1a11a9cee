import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { UserPlus } from "lucide-react";
import { useState } from "react";

import { useActionResult } from "~/components/action-result";
import { LocalTime } from "~/components/local-time";
import { BackLink, PageHeader } from "~/components/page-header";
import { TableHeadings } from "~/components/table-headings";
import { ACCOUNTS_MESSAGES, accountsActionSchema, INVITATION_STATE_LABELS } from "~/domain/auth/invitations";
import type { ActionResult } from "~/domain/shell/action-result";
import { shownTime, timeZoneFromCookieHeader } from "~/domain/shell/time-zone";
import {
  changeRole,
  inviteAccount,
  inviteAccountsWithoutSignIn,
  listAccounts,
  listAccountsToInvite,
  listInvitations,
  resendInvitation,
  resetSignIn,
  revokeInvitation,
} from "~/features/accounts/use-cases.server";
import { assertNever } from "~/lib/assert-never";
import { handleAction } from "~/services/action.server";
import { requireAllowed } from "~/services/auth.server";

import { InviteDialog, type IssuedLink, IssuedLinks } from "./invite-dialog";

export const meta: MetaFunction = () => [{ title: "Accounts & Roles · Adaptive Testing Engine" }];

const ROLE_LABELS = { admin: "District admin", teacher: "Teacher", student: "Student" } as const;

/** Every account and its role (ADR 0031), and the sign-in links not used yet (ADR 0040): a district admin makes teachers and other admins here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user: admin } = await requireAllowed(request, context, "read", "accounts");
  const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));
  const [accounts, links, toInvite] = await Promise.all([listAccounts(context, admin), listInvitations(context, admin), listAccountsToInvite(context, admin)]);
  const waiting = links.filter((link) => link.state === "pending" || link.state === "expired");
  return json({
    selfId: admin.id,
    accounts: accounts.map((account) => ({
      id: account.id,
      email: account.email,
      name: [account.firstName, account.lastName].filter(Boolean).join(" "),
      role: account.role,
      lastSignIn: account.lastSignInAt ? shownTime(account.lastSignInAt, timeZone) : null,
      waiting: waiting.some((link) => link.email === account.email),
      canReset: account.hasPassword && account.role !== "student" && account.id !== admin.id,
    })),
    waiting: waiting.map((link) => ({ ...link, expiresAt: shownTime(new Date(link.expiresAt), timeZone) })),
    toInvite,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user: admin } = await requireAllowed(request, context, "manage-roles", "accounts");
  const origin = context.config.appOrigin ?? new URL(request.url).origin;
  const issued = (links: IssuedLink[]) => ({ data: links, toast: null });
  return handleAction(request, accountsActionSchema, ACCOUNTS_MESSAGES, async (input) => {
    switch (input.intent) {
      case "set-role":
        await changeRole(context, admin, { id: input.id, role: input.role });
        return;
      case "invite": {
        const { intent: _intent, ...body } = input;
        return issued([await inviteAccount(context, admin, body, origin)]);
      }
      case "invite-all":
        return issued(await inviteAccountsWithoutSignIn(context, admin, origin));
      case "resend":
        return issued([await resendInvitation(context, admin, input.id, origin)]);
      case "reset-sign-in":
        return issued([await resetSignIn(context, admin, input.id, origin)]);
      case "revoke":
        await revokeInvitation(context, admin, input.id);
        return;
      default:
        return assertNever(input);
    }
  });
}

type Account = ReturnType<typeof useLoaderData<typeof loader>>["accounts"][number];

function RoleForm({ account }: { account: Account }) {
  const fetcher = useFetcher<ActionResult>();
  useActionResult(fetcher);
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="set-role" />
      <input type="hidden" name="id" value={account.id} />
      <label htmlFor={`role-${account.id}`} className="sr-only">
        Role of {account.email}
      </label>
      <select id={`role-${account.id}`} name="role" className="input w-40" defaultValue={account.role}>
        {Object.entries(ROLE_LABELS).map(([role, label]) => (
          <option key={role} value={role}>
            {label}
          </option>
        ))}
      </select>
      <button type="submit" className="btn-outline" disabled={fetcher.state !== "idle"}>
        Save<span className="sr-only"> the role of {account.email}</span>
      </button>
    </fetcher.Form>
  );
}

/**
 * The links' forms share one fetcher (by key), and the page reads its answers: a row that the
 * answer removes (an invited teacher, a revoked link) would take its own fetcher's answer with it.
 */
const LINKS_FETCHER = "account-links";
const useLinksFetcher = () => useFetcher<ActionResult<IssuedLink[]>>({ key: LINKS_FETCHER });

/** A one-button form for an intent on a link or an account. */
function IntentButton({ intent, id, label, hint }: { intent: "resend" | "revoke" | "reset-sign-in"; id: string; label: string; hint: string }) {
  const fetcher = useLinksFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="btn-outline" disabled={fetcher.state !== "idle"}>
        {label}
        <span className="sr-only"> {hint}</span>
      </button>
    </fetcher.Form>
  );
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** The links not used yet: who has not accepted, each resent (a new link) or revoked. */
function WaitingLinks({ waiting }: { waiting: Data["waiting"] }) {
  if (!waiting.length) return null;
  return (
    <section className="card mt-6 overflow-x-auto" aria-labelledby="waiting-title">
      <h2 id="waiting-title" className="px-4 pt-4 text-base font-semibold text-slate-900">
        Not accepted yet
      </h2>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Invitations and reset links not used yet</caption>
        <TableHeadings headings={["Sent to", "Link", "Expires", "Actions"]} cellClassName="px-4 py-2" />
        <tbody className="text-slate-900">
          {waiting.map((link) => (
            <tr key={link.id} className="border-b border-slate-100 last:border-0" data-testid="invitation-row">
              <td className="px-4 py-2">{link.email}</td>
              <td className="px-4 py-2">
                {link.purpose === "invite" ? `Invitation as ${ROLE_LABELS[link.role].toLowerCase()}` : "Reset sign-in"} · {INVITATION_STATE_LABELS[link.state]}
              </td>
              <td className="px-4 py-2">
                <LocalTime time={link.expiresAt} />
              </td>
              <td className="flex gap-2 px-4 py-2">
                <IntentButton intent="resend" id={link.id} label="Resend" hint={`a new link to ${link.email}`} />
                {link.state === "pending" ? <IntentButton intent="revoke" id={link.id} label="Revoke" hint={`the link sent to ${link.email}`} /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** After a OneRoster import: its teachers have accounts with no password; invite them all or each. */
function NewTeachers({ toInvite }: { toInvite: Data["toInvite"] }) {
  const fetcher = useLinksFetcher();
  if (!toInvite.length) return null;
  return (
    <section id="new-teachers" className="card mt-6 p-4" aria-labelledby="new-teachers-title">
      <h2 id="new-teachers-title" className="text-base font-semibold text-slate-900">
        Invite the new teachers
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {toInvite.length === 1 ? "This account" : `These ${toInvite.length} accounts`} (from a roster import) cannot sign in yet: no password and no identity
        provider.
      </p>
      <ul className="mt-3 space-y-2 text-sm">
        {toInvite.map((account) => (
          <li key={account.id} className="flex items-center justify-between gap-4" data-testid="new-teacher">
            <span>
              {[account.firstName, account.lastName].filter(Boolean).join(" ") || account.email}
              <span className="text-slate-700"> · {account.email}</span>
            </span>
            <InviteOne email={account.email} role={account.role === "admin" ? "admin" : "teacher"} />
          </li>
        ))}
      </ul>
      <fetcher.Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="invite-all" />
        <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
          Invite all {toInvite.length}
        </button>
      </fetcher.Form>
    </section>
  );
}

function InviteOne({ email, role }: { email: string; role: "admin" | "teacher" }) {
  const fetcher = useLinksFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="invite" />
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="role" value={role} />
      <button type="submit" className="btn-outline" disabled={fetcher.state !== "idle"}>
        Invite<span className="sr-only"> {email}</span>
      </button>
    </fetcher.Form>
  );
}

export default function AccountsAndRoles() {
  const { accounts, selfId, waiting, toInvite } = useLoaderData<typeof loader>();
  const [inviting, setInviting] = useState(false);
  const [issued, setIssued] = useState<IssuedLink[] | null>(null);
  const onIssued = (links: IssuedLink[]) => {
    setInviting(false);
    setIssued(links);
  };
  useActionResult(useLinksFetcher(), { onSuccess: (result) => result.data && onIssued(result.data) });
  return (
    <div className="mx-auto max-w-5xl">
      <BackLink to="/admin/students" label="Back to Students" />
      <PageHeader
        title="Accounts & Roles"
        subtitle="District admins see and manage everything; teachers see only their own classes and those classes' students. Addresses in ADMIN_EMAILS are always district admins."
        actions={
          <button type="button" className="btn-primary" onClick={() => setInviting(true)}>
            <UserPlus className="h-4 w-4" aria-hidden="true" />
            Invite
          </button>
        }
      />
      {inviting ? <InviteDialog onClose={() => setInviting(false)} fetcherKey={LINKS_FETCHER} /> : null}
      {issued ? <IssuedLinks links={issued} onDismiss={() => setIssued(null)} /> : null}
      <NewTeachers toInvite={toInvite} />
      <WaitingLinks waiting={waiting} />
      <div className="card mt-6 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Accounts and their roles</caption>
          <TableHeadings headings={["Account", "Last sign-in", "Role", "Sign-in"]} cellClassName="px-4 py-2" />
          <tbody className="text-slate-900">
            {accounts.map((account) => (
              <tr key={account.id} className="border-b border-slate-100 last:border-0" data-testid="account-row">
                <td className="px-4 py-2">
                  <span className="block font-medium">{account.name || account.email}</span>
                  {account.name ? <span className="block text-slate-700">{account.email}</span> : null}
                </td>
                <td className="px-4 py-2">{account.lastSignIn ? <LocalTime time={account.lastSignIn} /> : account.waiting ? "Not accepted yet" : "Never"}</td>
                <td className="px-4 py-2">{account.id === selfId ? `${ROLE_LABELS[account.role]} (you)` : <RoleForm account={account} />}</td>
                <td className="px-4 py-2">
                  {account.canReset ? <IntentButton intent="reset-sign-in" id={account.id} label="Reset sign-in" hint={`of ${account.email}`} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
