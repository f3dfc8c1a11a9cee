import { Link } from "@remix-run/react";

export function PageNotFound() {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Page Not Found</h1>
      <p className="mt-3 text-slate-700">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn-primary mt-6">
        Go to Home
      </Link>
    </section>
  );
}
