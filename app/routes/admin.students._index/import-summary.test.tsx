import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ImportSummary } from "./import-summary";

const counts = { classes: 0, students: 0, enrollments: 0, teachers: 0 };
const refusal = (line: number) => ({ file: "enrollments.csv", line, reason: "Enrollment skipped: class c1 is not in classes.csv or an earlier import." });
const outcome = (listed: number, refusedTotal?: number) => ({
  applied: false,
  created: counts,
  updated: counts,
  unchanged: counts,
  refused: Array.from({ length: listed }, (_, index) => refusal(index + 2)),
  refusedTotal,
});

describe("the import dialog's refused rows", () => {
  it("counts them all, says how many it shows, and offers every one as CSV from the preview", () => {
    const html = renderToStaticMarkup(<ImportSummary outcome={outcome(1_000, 23_456)} />);
    expect(html).toContain("23456 rows are refused and will not be imported");
    expect(html).toContain("Showing the first 1,000 of 23,456 refused rows.");
    // HTML attribute names are read in any case: the browser submits the form there, as multipart, and saves the CSV.
    expect(html).toMatch(/<button type="submit" formaction="\/api\/roster\/oneroster\?refused=csv" formmethod="post" formenctype="multipart\/form-data"/i);
  });

  it("links a bundle read in parts to the refused rows its job kept, instead of sending the bundle again", () => {
    const html = renderToStaticMarkup(<ImportSummary outcome={{ ...outcome(1_000, 1_200), refusedRows: "/api/jobs/j-1/refused" }} />);
    expect(html).toContain("Showing the first 1,000 of 1,200 refused rows.");
    expect(html).toContain('<a href="/api/jobs/j-1/refused" download="" class="font-medium text-brand-700 underline">Download all refused rows (CSV)</a>');
    expect(html).not.toContain("formaction");
  });

  it("lists them as before when it shows them all", () => {
    const html = renderToStaticMarkup(<ImportSummary outcome={outcome(2, 2)} />);
    expect(html).toContain("2 rows are refused and will not be imported");
    expect(html).not.toContain("Showing the first");
    expect(renderToStaticMarkup(<ImportSummary outcome={outcome(1)} />)).toContain("1 row is refused");
  });
});
