import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";

import { AdminDashboard } from "~/components/admin-dashboard";
import { AdminShell } from "~/components/admin-layout";
import { GateScreen } from "~/components/gate-screen";
import { allows } from "~/domain/auth/policy";
import { averageDurationMinutes, QUESTION_TYPE_COUNT } from "~/domain/shell/dashboard";
import { testTotals } from "~/models/tests.server";
import { getCurrentUser } from "~/services/auth.server";
import { requestLocale } from "~/services/locale.server";

/** "/" is the landing page signed out, the join screen for students, the dashboard for staff. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request, context);
  if (!user) return json({ view: "landing" as const });
  // The dashboard counts the district's shared tests and bank.
  // The root sends a student the join screen's texts; the page's language is named here for <html lang>.
  if (!allows(user, "read", "shared-content")) return json({ view: "join" as const, locale: requestLocale(request) });
  const totals = await testTotals(context.db);
  return json({
    view: "dashboard" as const,
    stats: {
      totalTests: totals.totalTests,
      averageDuration: averageDurationMinutes(totals.meanPlacementDuration),
      questionTypes: QUESTION_TYPE_COUNT,
    },
  });
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  if (data.view !== "dashboard") return <GateScreen gate={data.view === "landing" ? "landing" : "join"} />;
  return (
    <AdminShell>
      <AdminDashboard stats={data.stats} />
    </AdminShell>
  );
}
