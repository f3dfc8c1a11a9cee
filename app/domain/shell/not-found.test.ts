import { describe, expect, it } from "vitest";

import { renderText } from "~/domain/i18n/catalog";

import { errorPageTitle, NOT_FOUND } from "./not-found";

describe("errorPageTitle", () => {
  it("names what is missing, a page otherwise, and a failure as the heading says", () => {
    // The page's data as the server writes it (notFoundPage): the code rendered in English.
    const notFoundPage = { notFound: renderText("en", NOT_FOUND.cohort), back: { to: "/admin/cohorts", label: "Back to Classes" } };
    expect(errorPageTitle({ status: 404, data: notFoundPage })).toBe("Class Not Found · Adaptive Testing Engine");
    expect(errorPageTitle({ status: 404, data: "Not Found" })).toBe("Page Not Found · Adaptive Testing Engine");
    expect(errorPageTitle(new Error("boom"))).toBe("Something went wrong · Adaptive Testing Engine");
  });
});
