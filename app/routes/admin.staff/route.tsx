import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData } from "@remix-run/react";

import { useActionResult } from "~/components/action-result";
import { LocalTime } from "~/components/local-time";
import { BackLink, PageHeader } from "~/components/page-header";
import { TableHeadings } from "~/components/table-headings";
import { OWN_ROLE, ROLES_MESSAGES, rolesActionSchema } from "~/domain/auth/roles";
import type { ActionResult } from "~/domain/shell/action-result";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { shownTime, timeZoneFromCookieHeader } from "~/domain/shell/time-zone";
import { conflict, found } from "~/lib/errors";
import { changeRole, listAccounts } from "~/models/users.server";
import { handleAction } from "~/services/action.server";
import { requireAllowed } from "~/services/auth.server";

export const meta: MetaFunction = () => [{ title: "Accounts & Roles · Adaptive Testing Engine" }];

const ROLE_LABELS = { admin: "District admin", teacher: "Teacher", student: "Student" } as const;

/** Every account and its role (ADR 0031): a district admin makes teachers and other admins here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user: admin } = await requireAllowed(request, context, "read", "accounts");
  const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));
  const accounts = await listAccounts(context.db);
  return json({
    selfId: admin.id,
    accounts: accounts.map((account) => ({
      id: account.id,
      email: account.email,
      name: [account.firstName, account.lastName].filter(Boolean).join(" "),
      role: account.role,
      lastSignIn: account.lastSignInAt ? shownTime(account.lastSignInAt, timeZone) : null,
    })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user: admin } = await requireAllowed(request, context, "manage-roles", "accounts");
  return handleAction(request, rolesActionSchema, ROLES_MESSAGES, async (input) => {
    if (input.id === admin.id) throw conflict(OWN_ROLE, "role");
    found(await changeRole(context.db, input.id, input.role, admin), NOT_FOUND.account);
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

export default function AccountsAndRoles() {
  const { accounts, selfId } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl">
      <BackLink to="/admin/students" label="Back to Students" />
      <PageHeader
        title="Accounts & Roles"
        subtitle="District admins see and manage everything; teachers see only their own classes and those classes' students. Addresses in ADMIN_EMAILS are always district admins."
      />
      <div className="card mt-6 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Accounts and their roles</caption>
          <TableHeadings headings={["Account", "Last sign-in", "Role"]} cellClassName="px-4 py-2" />
          <tbody className="text-slate-900">
            {accounts.map((account) => (
              <tr key={account.id} className="border-b border-slate-100 last:border-0" data-testid="account-row">
                <td className="px-4 py-2">
                  <span className="block font-medium">{account.name || account.email}</span>
                  {account.name ? <span className="block text-slate-700">{account.email}</span> : null}
                </td>
                <td className="px-4 py-2">{account.lastSignIn ? <LocalTime time={account.lastSignIn} /> : "Never"}</td>
                <td className="px-4 py-2">{account.id === selfId ? `${ROLE_LABELS[account.role]} (you)` : <RoleForm account={account} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
