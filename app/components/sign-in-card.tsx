import { GraduationCap } from "lucide-react";
import type { ReactNode } from "react";

/** The card the sign-in and set-up pages share: the mark, a title, a line under it, then the page's form. */
export function SignInCard({ title, lead, children }: { title: string; lead: ReactNode; children?: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-8">
      <div className="card w-full max-w-sm p-8">
        <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white">
          <GraduationCap aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-center text-sm text-slate-700">{lead}</p>
        {children}
      </div>
    </main>
  );
}
