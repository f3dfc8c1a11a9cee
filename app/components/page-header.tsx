import { Link } from "@remix-run/react";
import ArrowLeft from "lucide-react/icons/arrow-left";
import type { ReactNode } from "react";

/** An admin screen's back link ('Back to Tests'). */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="btn-ghost -ml-4 mb-4">
      <ArrowLeft aria-hidden="true" className="size-4" /> {label}
    </Link>
  );
}

/** An admin screen's title, its subtitle, and the screen's main actions beside them. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-slate-700">{subtitle}</p> : null}
      </div>
      {actions}
    </header>
  );
}
