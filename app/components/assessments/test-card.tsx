import { Link } from "@remix-run/react";
import { BookOpen, Clock, ListChecks, Pencil, Play } from "lucide-react";

import { gradeLabel } from "~/domain/grade-label";

type TestCardData = {
  id: string;
  title: string;
  description: string;
  gradeLevel: string;
  subject: string;
  placementDuration: number;
  questionCount: number;
};

export function TestCard({ test }: { test: TestCardData }) {
  const tiles = [
    { label: "Duration", value: `${test.placementDuration} min`, icon: Clock },
    { label: "Questions", value: String(test.questionCount), icon: ListChecks },
    { label: "Subject", value: test.subject, icon: BookOpen },
  ];
  return (
    <article className="card flex flex-col p-5" data-testid="test-card" aria-labelledby={`test-${test.id}`}>
      <div className="flex items-start justify-between gap-3">
        <h2 id={`test-${test.id}`} className="text-lg font-semibold text-slate-900">
          {test.title}
        </h2>
        <span className="shrink-0 rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-medium text-brand-800">{gradeLabel(test.gradeLevel)}</span>
      </div>
      <p className="mt-2 line-clamp-3 text-sm text-slate-700">{test.description}</p>
      {/* Each tile at least as wide as its words ("Mathematics" never breaks): one that does not fit goes to the next row. */}
      <dl className="mt-4 flex flex-wrap gap-2">
        {tiles.map((tile) => (
          <div key={tile.label} className="min-w-fit flex-1 rounded-lg bg-slate-50 p-2 text-center">
            <tile.icon aria-hidden="true" className="mx-auto size-4 text-brand-600" />
            <dt className="mt-1 text-xs text-slate-600">{tile.label}</dt>
            <dd className="break-words text-sm font-semibold text-slate-900">{tile.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex gap-2">
        <Link to={`/admin/tests/${test.id}/edit`} className="btn-outline flex-1" aria-label={`Edit ${test.title}`}>
          <Pencil aria-hidden="true" className="size-4" /> Edit
        </Link>
        {/* The visible words begin the link's name, which the title completes (WCAG 2.5.3, label in name). */}
        <Link to={`/test/${test.id}`} className="btn-primary flex-1">
          <Play aria-hidden="true" className="size-4" /> Take Test<span className="sr-only">: {test.title}</span>
        </Link>
      </div>
    </article>
  );
}

/** Placeholder cards while the list loads. */
export function TestListSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="test-list-skeleton" aria-busy="true" aria-label="Loading tests">
      {[0, 1, 2].map((index) => (
        <div key={index} className="card animate-pulse space-y-3 p-5">
          <div className="h-5 w-2/3 rounded bg-slate-200" />
          <div className="h-4 w-full rounded bg-slate-200" />
          <div className="h-4 w-5/6 rounded bg-slate-200" />
          <div className="grid grid-cols-3 gap-2 pt-2">
            <div className="h-14 rounded bg-slate-100" />
            <div className="h-14 rounded bg-slate-100" />
            <div className="h-14 rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
