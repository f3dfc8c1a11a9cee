import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { lazyScreen } from "~/components/lazy-screen";
import { usePageLocale } from "~/components/messages";
import { useNonce } from "~/components/nonce";
import { BodyEndStyles, HeadStyles } from "~/components/page-styles";
import { ToastProvider } from "~/components/toast/toast-context";
import { htmlLang } from "~/domain/i18n/locale";
import { isStaffScreenPath } from "~/domain/shell/staff-screens";
import { isStudentPath } from "~/domain/shell/student-paths";
import { loadRootData } from "~/services/root-data.server";

// Shown only when a page fails or a role gate stops it: kept out of every page's first JavaScript (the student page budget).
const RootError = lazyScreen(() => import("~/components/root-error").then((module) => module.RootError));

/** The stylesheet is not here: HeadStyles links it, or inlines it on student pages. */
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: MetaFunction = () => [
  { title: "Adaptive Testing Engine" },
  {
    name: "description",
    content: "An intelligent assessment platform with AI-powered grading and personalized learning pathways.",
  },
];

/**
 * The root's texts differ between staff screens, student pages and the rest (English), so a move
 * across one of those lines reloads them (services/root-data.server.ts).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate ||
  isStaffScreenPath(currentUrl.pathname) !== isStaffScreenPath(nextUrl.pathname) ||
  isStudentPath(currentUrl.pathname) !== isStudentPath(nextUrl.pathname);

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadRootData(request, context);
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang={htmlLang(usePageLocale())}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <HeadStyles />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={useNonce()} />
        <Scripts nonce={useNonce()} />
        <BodyEndStyles />
      </body>
    </html>
  );
}

/**
 * The root renders no layout of its own: admin screens sit in the admin shell (routes/admin.tsx),
 * student pages in the light StudentLayout, so the shell's code never reaches a student's page.
 */
export default function App() {
  const data = useLoaderData<typeof loader>();
  return (
    <ToastProvider serverToast={data.toast}>
      <Outlet />
    </ToastProvider>
  );
}

/** Errors no screen caught and the role gates (components/root-error.tsx). */
export function ErrorBoundary() {
  return <RootError />;
}
