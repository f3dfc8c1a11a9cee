import { describe, expect, it } from "vitest";

import { errorPageTitle, NOT_FOUND } from "./not-found";

describe("errorPageTitle", () => {
  it("names what is missing, a page otherwise, and a failure as the heading says", () => {
    const notFoundPage = { notFound: NOT_FOUND.cohort, back: { to: "/admin/cohorts", label: "Back to Classes" } };
    expect(errorPageTitle({ status: 404, data: notFoundPage })).toBe("Class Not Found · Adaptive Testing Engine");
    expect(errorPageTitle({ status: 404, data: "Not Found" })).toBe("Page Not Found · Adaptive Testing Engine");
    expect(errorPageTitle(new Error("boom"))).toBe("Something went wrong · Adaptive Testing Engine");
  });
});
