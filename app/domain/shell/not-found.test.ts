import { describe, expect, it } from "vitest";

import { catalogOf } from "~/domain/i18n/catalog";
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

  it("speaks the root's language on a student page, English word for word with English texts or none (a staff screen)", () => {
    const root = (locale: "en" | "es") => ({ locale, messages: { common: catalogOf(locale).common, joinCode: catalogOf(locale).joinCode } });
    expect(errorPageTitle({ status: 404, data: "Not Found" }, root("es"))).toBe("No se encontró la página · Adaptive Testing Engine");
    expect(errorPageTitle(new Error("boom"), root("es"))).toBe("Algo salió mal · Adaptive Testing Engine");
    expect(errorPageTitle({ status: 404, data: "Not Found" }, root("en"))).toBe("Page Not Found · Adaptive Testing Engine");
    expect(errorPageTitle(new Error("boom"), root("en"))).toBe("Something went wrong · Adaptive Testing Engine");
    expect(errorPageTitle({ status: 404, data: "Not Found" }, { locale: "en" })).toBe("Page Not Found · Adaptive Testing Engine");
  });

  it("names the page a role gate shows: the join screen in the student's language, the product over the landing page", () => {
    const spanish = { messages: { common: catalogOf("es").common, joinCode: catalogOf("es").joinCode } };
    expect(errorPageTitle({ status: 403, data: { gate: "join" } }, spanish)).toBe("Únete a tu clase · Adaptive Testing Engine");
    expect(errorPageTitle({ status: 403, data: { gate: "join" } })).toBe("Join Your Class · Adaptive Testing Engine");
    expect(errorPageTitle({ status: 401, data: { gate: "landing" } }, spanish)).toBe("Adaptive Testing Engine");
  });
});
