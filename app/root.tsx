import {
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";

import { AppShell } from "~/components/app-shell";
import { JoinClassScreen } from "~/components/join-class-screen";
import { LandingPage } from "~/components/landing-page";
import { useNonce } from "~/components/nonce";
import { PageNotFound } from "~/components/page-not-found";
import { ToastProvider } from "~/components/toast/toast-context";
import { sidebarOpenFromCookie } from "~/domain/shell/sidebar";
import { isGateData } from "~/domain/auth/gates";
import { getCurrentUser } from "~/services/auth.server";
import { commitSession, readSession } from "~/services/session.server";
import stylesheet from "~/styles/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

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
  return json(
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

type RootData = ReturnType<typeof useLoaderData<typeof loader>>;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={useNonce()} />
        <Scripts nonce={useNonce()} />
      </body>
    </html>
  );
}

/** Signed-in users get the sidebar layout; signed-out visitors get the bare page. */
function Frame({ data, children }: { data: RootData | undefined; children: ReactNode }) {
  return (
    <ToastProvider serverToast={data?.toast}>
      {data?.user ? (
        <AppShell user={data.user} sidebarOpen={data.sidebarOpen}>
          {children}
        </AppShell>
      ) : (
        children
      )}
    </ToastProvider>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  return (
    <Frame data={data}>
      <Outlet />
    </Frame>
  );
}

/**
 * One boundary for the whole app. Role gates thrown by loaders (services/auth.server.ts)
 * render the landing page or the join screen; anything else is a 404 or an error message.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");

  if (isRouteErrorResponse(error) && isGateData(error.data)) {
    if (error.data.gate === "landing" || !data?.user) return <LandingPage />;
    return (
      <Frame data={data}>
        <JoinClassScreen />
      </Frame>
    );
  }
  if (!data?.user && !(isRouteErrorResponse(error) && error.status >= 500)) return <LandingPage />;

  return (
    <Frame data={data}>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <PageNotFound />
      ) : (
        <section className="mx-auto max-w-xl py-16 text-center" role="alert">
          <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
          <p className="mt-3 text-slate-700">
            {isRouteErrorResponse(error)
              ? `${error.status}: ${typeof error.data === "string" ? error.data : error.statusText}`
              : "An unexpected error occurred. Please try again."}
          </p>
          <a href="/" className="btn-primary mt-6">
            Go to Home
          </a>
        </section>
      )}
    </Frame>
  );
}
