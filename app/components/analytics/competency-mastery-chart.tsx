import { truncateLabel } from "~/domain/analytics/chart-geometry";
import { COMPETENCY_ATTENTION_PERCENT } from "~/domain/analytics/class-analytics";
import type { ClassAnalyticsReport } from "~/domain/analytics/report";

import { BarChart } from "./bar-chart";
import { ChartFigure, DataTable } from "./chart-figure";

type Mastery = ClassAnalyticsReport["competencyMastery"][string];

/** Lowest mastery first: what needs attention leads. */
function masteryRows(mastery: ClassAnalyticsReport["competencyMastery"]): Mastery[] {
  return Object.values(mastery).sort((a, b) => a.percentage - b.percentage || a.name.localeCompare(b.name));
}

/** Each competency's share of students who mastered it, against the product's 60% line, with its table. */
export function CompetencyMasteryChart({ mastery }: { mastery: ClassAnalyticsReport["competencyMastery"] }) {
  const rows = masteryRows(mastery);
  if (!rows.length) return <p className="text-sm text-slate-700">No competency was assessed in the completed sessions.</p>;
  const flagged = rows.filter((row) => row.needsAttention);
  const summary = `Competency mastery for ${rows.length} competencies: ${rows.map((row) => `${row.name} ${row.percentage}%`).join(", ")}. ${
    flagged.length ? `${flagged.length} below the ${COMPETENCY_ATTENTION_PERCENT}% line.` : `All at or above the ${COMPETENCY_ATTENTION_PERCENT}% line.`
  }`;
  return (
    <ChartFigure
      label="Competency mastery chart"
      tableOpen
      chart={
        <BarChart
          summary={summary}
          xTitle="Students who mastered it"
          threshold={{ value: COMPETENCY_ATTENTION_PERCENT, label: `${COMPETENCY_ATTENTION_PERCENT}% line` }}
          rows={rows.map((row) => ({
            label: truncateLabel(row.name, 30),
            value: row.percentage,
            flagged: row.needsAttention,
            note: row.needsAttention ? `below ${COMPETENCY_ATTENTION_PERCENT}%` : undefined,
          }))}
        />
      }
      table={
        <DataTable
          caption="Competency mastery"
          headers={["Competency", "Mastered", "Assessed", "Mastery", "Status"]}
          numeric={[1, 2, 3]}
          rows={rows.map((row) => [
            row.name,
            row.mastered,
            row.total,
            `${row.percentage}%`,
            row.needsAttention ? <span className="font-semibold text-amber-800">Needs attention</span> : "On track",
          ])}
        />
      }
    />
  );
}
