import type { ReactNode } from "react";

/**
 * A chart with its text equivalent: the SVG (role="img", its summary as the label) and the same
 * numbers as a table, folded under "Show data as table" unless `tableOpen` (the table then is the
 * section's main content and the chart its picture).
 */
export function ChartFigure({
  label,
  chart,
  table,
  caption,
  tableOpen = false,
}: {
  label: string;
  chart: ReactNode;
  table: ReactNode;
  caption?: string;
  tableOpen?: boolean;
}) {
  return (
    <figure className="space-y-3">
      {/*
        Capped so the chart's 12-unit text stays near 12 px on wide screens, and never drawn narrower
        than 480 px: a phone scrolls it sideways (a focusable region, so a keyboard can too).
      */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="max-w-3xl overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
        <div className="min-w-[480px]">{chart}</div>
      </div>
      {caption ? <figcaption className="text-sm text-slate-700">{caption}</figcaption> : null}
      {tableOpen ? (
        table
      ) : (
        <details className="group rounded-md border border-slate-200">
          <summary className="flex min-h-10 cursor-pointer items-center px-3 text-sm font-medium text-brand-700 hover:bg-slate-50">Show data as table</summary>
          <div className="border-t border-slate-200 p-3">{table}</div>
        </details>
      )}
    </figure>
  );
}

/** A compact data table; numbers align right. */
export function DataTable({ caption, headers, rows, numeric = [] }: { caption: string; headers: string[]; rows: ReactNode[][]; numeric?: number[] }) {
  return (
    // A wide table scrolls sideways on a phone; focusable so a keyboard can scroll it too.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-300 text-slate-800">
          <tr>
            {headers.map((header, index) => (
              <th key={header} scope="col" className={`px-2 py-2 font-semibold ${numeric.includes(index) ? "text-right" : ""}`}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-800">
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="px-2 py-1.5 font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className={`px-2 py-1.5 ${numeric.includes(index) ? "whitespace-nowrap text-right tabular-nums" : ""}`}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
