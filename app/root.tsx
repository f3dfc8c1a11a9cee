import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { GateScreen } from "~/components/gate-screen";
import { useNonce } from "~/components/nonce";
import { BodyEndStyles, HeadStyles } from "~/components/page-styles";
import { StudentLayout } from "~/components/student-layout";
import { ToastProvider } from "~/components/toast/toast-context";
import { isGateData } from "~/domain/auth/gates";
import type { RootData } from "~/domain/shell/root-data";
import { sidebarOpenFromCookie } from "~/domain/shell/sidebar";
import { getCurrentUser } from "~/services/auth.server";
import { commitSession, readSession } from "~/services/session.server";

/** The stylesheet is not here: HeadStyles links it, or inlines it on student pages. */
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: MetaFunction = () => [
  { title: "Adaptive Testing Engine" },
  {
    name: "description",
    content: "An intelligent assessment platform with AI-powered grading and personalized learning pathways.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request, context);
  const session = await readSession(request, context.config);
  const toast = session.get("toast") ?? null;
  // Reading a flash consumes it; commit so it shows once.
  const headers = toast ? { "Set-Cookie": await commitSession(session, context.config) } : undefined;
  return json<RootData>(
    {
      user: user && {
        role: user.role,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        profileImageUrl: user.profileImageUrl,
      },
      sidebarOpen: sidebarOpenFromCookie(request.headers.get("Cookie")),
      toast,
    },
    { headers },
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
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

/**
 * Errors no screen caught, and the role gates thrown by loaders (services/auth.server.ts):
 * signed out, every path shows the landing page; a student outside their
 * route set gets the join screen.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const gate = isRouteErrorResponse(error) && isGateData(error.data) ? error.data.gate : null;
  const signedOut = !data?.user && !(isRouteErrorResponse(error) && error.status >= 500);
  return (
    <ToastProvider serverToast={data?.toast}>
      {gate || signedOut ? (
        <GateScreen gate={gate ?? "landing"} />
      ) : (
        <StudentLayout>
          <GeneralErrorBoundary />
        </StudentLayout>
      )}
    </ToastProvider>
  );
}
