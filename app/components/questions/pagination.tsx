import { Link } from "@remix-run/react";

import type { PageSummary } from "~/domain/questions/question-list";

/**
 * "Showing X-Y of N questions" with Previous and Next. Given `href`, the pages are links (they work
 * without JavaScript and can be bookmarked); given `onPage`, buttons (inside a dialog).
 */
export function Pagination({
  summary,
  noun = "questions",
  href,
  onPage,
  label = "Pages",
  showCount = true,
}: {
  summary: PageSummary;
  noun?: string;
  /** Each navigation landmark on a screen needs its own name. */
  label?: string;
  showCount?: boolean;
  href?: (page: number) => string;
  onPage?: (page: number) => void;
}) {
  const { page, pageCount, pageCountIsAtLeast, total, first, last } = summary;
  const step = (target: number, label: string, enabled: boolean) => {
    // An inactive control: exempt from the contrast rule and skipped by keyboard focus.
    if (!enabled) {
      return (
        <button type="button" className="btn-outline" disabled>
          {label}
        </button>
      );
    }
    if (href) {
      return (
        <Link className="btn-outline" to={href(target)} preventScrollReset rel={label === "Next" ? "next" : "prev"}>
          {label}
        </Link>
      );
    }
    return (
      <button type="button" className="btn-outline" onClick={() => onPage?.(target)}>
        {label}
      </button>
    );
  };
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      {showCount ? (
        <p className="text-sm text-slate-700" role="status">
          {total ? `Showing ${first}-${last} of ${total} ${noun}` : `Showing 0 of 0 ${noun}`}
        </p>
      ) : (
        <span />
      )}
      {pageCount > 1 ? (
        <div className="flex items-center gap-2">
          {step(page - 1, "Previous", page > 1)}
          <span className="text-sm text-slate-700">{`Page ${page} of ${pageCount}${pageCountIsAtLeast ? " or more" : ""}`}</span>
          {step(page + 1, "Next", page < pageCount)}
        </div>
      ) : null}
    </nav>
  );
}
