import { Link } from "@remix-run/react";
import { BarChart3, BookOpen, CheckSquare, ClipboardList, Clock, ListChecks, type LucideIcon, MessageSquare, PlusCircle, Save, Target } from "lucide-react";

type Stats = { totalTests: number; averageDuration: number; questionTypes: number };

const KEY_FEATURES: { title: string; text: string; icon: LucideIcon }[] = [
  { title: "Multiple Choice & Multiple Select", text: "Single and multi-answer questions, scored automatically.", icon: CheckSquare },
  { title: "Free Response & Scenarios", text: "Open answers and scenario-based questions graded by AI.", icon: BookOpen },
  { title: "AI Chat Interactions", text: "Conversational questions with an AI partner.", icon: MessageSquare },
  { title: "Competency Tracking", text: "Map questions to competencies and follow mastery.", icon: Target },
  { title: "Session Resume", text: "Automatic progress saving so students can pick up where they left off.", icon: Save },
  { title: "Results & Recommendations", text: "Results with module recommendations for every student.", icon: BarChart3 },
];

export function AdminDashboard({ stats }: { stats: Stats }) {
  const cards = [
    { label: "Total Tests", value: String(stats.totalTests), icon: ClipboardList },
    { label: "Avg Duration", value: `${stats.averageDuration} min`, icon: Clock },
    { label: "Question Types", value: String(stats.questionTypes), icon: ListChecks },
  ];
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <header>
        <h1 className="text-3xl font-bold text-slate-900">Adaptive Testing Engine</h1>
        <p className="mt-2 text-slate-700">Build adaptive assessments, run classes and review results.</p>
      </header>

      <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-3">
        {cards.map((card) => (
          <div key={card.label} className="card flex items-center gap-4 p-5" data-testid="stat-card">
            <card.icon aria-hidden="true" className="size-8 text-brand-600" />
            <div>
              <p className="text-sm text-slate-700">{card.label}</p>
              <p className="text-2xl font-bold text-slate-900">{card.value}</p>
            </div>
          </div>
        ))}
      </section>

      <section aria-label="Quick actions" className="grid gap-4 md:grid-cols-2">
        <div className="card p-6">
          <PlusCircle aria-hidden="true" className="size-6 text-brand-600" />
          <h2 className="mt-3 text-lg font-semibold">Create New Test</h2>
          <p className="mt-1 text-sm text-slate-700">Configure a new adaptive assessment.</p>
          <Link to="/admin/tests/create" className="btn-primary mt-4">
            Create New Test
          </Link>
        </div>
        <div className="card p-6">
          <ClipboardList aria-hidden="true" className="size-6 text-brand-600" />
          <h2 className="mt-3 text-lg font-semibold">Manage Tests</h2>
          <p className="mt-1 text-sm text-slate-700">Edit tests, sections, questions and timers.</p>
          <Link to="/admin/tests" className="btn-outline mt-4">
            Manage Tests
          </Link>
        </div>
      </section>

      <section aria-labelledby="key-features">
        <h2 id="key-features" className="text-xl font-semibold text-slate-900">
          Key Features
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {KEY_FEATURES.map((feature) => (
            <li key={feature.title} className="card p-5">
              <feature.icon aria-hidden="true" className="size-5 text-brand-600" />
              <h3 className="mt-2 font-medium text-slate-900">{feature.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
