import { Link } from "@remix-run/react";
import { Pencil, QrCode, Trash2, Users } from "lucide-react";

import type { TestMode } from "~/domain/adaptive/engine";

type ClassCardData = {
  id: string;
  name: string;
  joinCode: string;
  isActive: boolean;
  access: "open" | "rostered";
  testConfigId: string | null;
  testMode: TestMode | null;
  testTitle: string | null;
  memberCount: number;
};

const MODE_LABEL: Record<TestMode, string> = { placement: "Placement", diagnostic: "Diagnostic" };

/** The card opens the class's analytics, with its default test when it has one. */
function analyticsHref(schoolClass: { id: string; testConfigId: string | null }): string {
  const query = new URLSearchParams({ cohortId: schoolClass.id });
  if (schoolClass.testConfigId) query.set("testConfigId", schoolClass.testConfigId);
  return `/admin/analytics?${query}`;
}

export function ClassCard({
  cohort: schoolClass,
  busy,
  onEdit,
  onDelete,
  onShowQr,
}: {
  cohort: ClassCardData;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onShowQr: () => void;
}) {
  return (
    <li className="card flex flex-col gap-3 p-4" data-testid="cohort-card">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 font-semibold text-slate-900">
          <Link to={analyticsHref(schoolClass)} className="hover:underline">
            {schoolClass.name}
          </Link>
        </h2>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${schoolClass.isActive ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-800"}`}
        >
          {schoolClass.isActive ? "Active" : "Inactive"}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
        <dt>Join code</dt>
        <dd className="font-mono font-semibold tracking-wider text-slate-900" data-testid="cohort-join-code">
          {schoolClass.joinCode}
        </dd>
        <dt>Who can join</dt>
        <dd className="text-slate-900">{schoolClass.access === "rostered" ? "Roster only" : "Anyone with the code"}</dd>
        <dt>Default test</dt>
        <dd className="text-slate-900">
          {schoolClass.testTitle
            ? `${schoolClass.testTitle} · ${schoolClass.testMode ? MODE_LABEL[schoolClass.testMode] : "Students choose"}`
            : "No default test"}
        </dd>
      </dl>
      <div className="mt-auto flex items-center gap-1">
        <Link to={`/admin/cohorts/${schoolClass.id}`} className="flex flex-1 items-center gap-1 text-sm text-brand-700 hover:underline">
          <Users aria-hidden="true" className="size-4" />
          {schoolClass.memberCount} {schoolClass.memberCount === 1 ? "member" : "members"}
          <span className="sr-only"> of {schoolClass.name}: roster</span>
        </Link>
        <button type="button" className="btn-ghost px-2" aria-label={`QR code for ${schoolClass.name}`} onClick={onShowQr}>
          <QrCode aria-hidden="true" className="size-4" />
        </button>
        <button type="button" className="btn-ghost px-2" aria-label={`Edit ${schoolClass.name}`} onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
        </button>
        <button type="button" className="btn-ghost px-2 text-red-700" aria-label={`Delete ${schoolClass.name}`} disabled={busy} onClick={onDelete}>
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  );
}
