import { formatCost } from "~/domain/assessments/ai-cost";

type Summary = { count: number; averageScore: number | null; totalTokens: number; totalCost: number; unpricedCount: number; errorCount: number };

/** the product's summary cards: count, average score, total tokens, total cost, error count. */
export function SummaryCards({ summary, model }: { summary: Summary; model: string | null }) {
  const cards = [
    { label: "Answers graded", value: String(summary.count) },
    { label: "Average score", value: summary.averageScore === null ? "—" : `${summary.averageScore}/100` },
    { label: "Total tokens", value: summary.totalTokens.toLocaleString("en-US") },
    {
      label: "Total cost",
      value: summary.unpricedCount === summary.count && summary.count > 0 ? "Not priced" : formatCost(summary.totalCost),
      note: [model ? `Model: ${model}` : "", summary.unpricedCount > 0 ? `${summary.unpricedCount} not priced (no published rate for the model)` : ""]
        .filter(Boolean)
        .join(" · "),
    },
    { label: "Errors", value: String(summary.errorCount) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" data-testid="grading-summary">
      {cards.map((card) => (
        <div key={card.label} className="card p-4">
          <dt className="text-sm font-medium text-slate-700">{card.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{card.value}</dd>
          {card.note ? <dd className="mt-1 break-all text-xs text-slate-700">{card.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
