import type { MetaFunction } from "@remix-run/cloudflare";
import Construction from "lucide-react/icons/construction";
import type { ReactNode } from "react";

/**
 * Routes that exist (so the sidebar and links work) but whose screens later features build.
 * Each says so plainly instead of pretending to work.
 */
export function PlannedScreen({ title, summary }: { title: string; summary: string }) {
  return (
    <section aria-labelledby="planned-title" className="mx-auto max-w-3xl">
      <h1 id="planned-title" className="text-2xl font-bold text-slate-900">
        {title}
      </h1>
      <div className="card mt-6 flex gap-4 p-6" data-testid="planned-screen">
        <Construction aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
        <div>
          <p className="font-medium text-slate-900">This screen is not available yet.</p>
          <p className="mt-1 text-sm text-slate-700">{summary}</p>
        </div>
      </div>
    </section>
  );
}

const PLANNED = {
  sessions: ["Test Sessions", "Reviewing and managing test submissions arrives with test taking."],
  analytics: ["Cohort Analytics", "Class analytics arrive once students can join classes and take tests."],
  aiGrading: ["AI Grading Review", "Reviewing the AI's grading decisions for a session arrives with AI grading."],
} as const;

/** The two exports a planned route module needs: `export const { meta, Screen } = plannedRoute("tests")`. */
export function plannedRoute(
  key: keyof typeof PLANNED,
  Layout: (props: { children: ReactNode }) => JSX.Element = ({ children }) => <>{children}</>,
): { meta: MetaFunction; Screen: () => JSX.Element } {
  const [title, summary] = PLANNED[key];
  return {
    meta: () => [{ title: `${title} · Adaptive Testing Engine` }],
    Screen: () => (
      <Layout>
        <PlannedScreen title={title} summary={summary} />
      </Layout>
    ),
  };
}
