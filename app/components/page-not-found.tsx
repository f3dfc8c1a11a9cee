import { Link } from "@remix-run/react";

import type { ErrorTexts } from "./error-boundary";

export function PageNotFound({ t }: { t: ErrorTexts }) {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{t.pageNotFound}</h1>
      <p className="mt-3 text-slate-700">{t.pageNotFoundDetail}</p>
      <Link to="/" className="btn-primary mt-6">
        {t.goToHome}
      </Link>
    </section>
  );
}
