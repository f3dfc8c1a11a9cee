import type { ReactNode } from "react";

/** A column heading: right-aligned for numbers, or read only by screen readers (a column of buttons). */
type Heading = string | { label: string; align?: "right"; hidden?: boolean };

/**
 * The header row of the admin screens' tables, one way: every heading a column header
 * (`scope="col"`), in the table's muted colour, padded as its cells are (`cellClassName`).
 */
export function TableHeadings({ headings, cellClassName, select }: { headings: Heading[]; cellClassName: string; select?: ReactNode }) {
  return (
    <thead className="border-b border-slate-200 text-slate-700">
      <tr>
        {/* A column of row checkboxes, headed by its "Select all". */}
        {select !== undefined ? (
          <th scope="col" className={cellClassName}>
            {select}
          </th>
        ) : null}
        {headings.map((heading) => {
          const { label, align, hidden } = typeof heading === "string" ? { label: heading } : heading;
          return (
            <th key={label} scope="col" className={`${cellClassName} font-medium ${align === "right" ? "text-right" : ""}`}>
              {hidden ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
