import { describe, expect, it } from "vitest";

import { fromAcceptLanguage, languageCookie, languageFromCookie, negotiateLocale } from "./locale";

describe("the request's language", () => {
  it("takes the browser's cookie first, then the student record, then Accept-Language, then English", () => {
    expect(negotiateLocale({ cookie: "es", recordLanguage: "en", acceptLanguage: "en-US" })).toBe("es");
    expect(negotiateLocale({ cookie: null, recordLanguage: "es", acceptLanguage: "en-US" })).toBe("es");
    expect(negotiateLocale({ cookie: "fr", recordLanguage: null, acceptLanguage: "es-MX,es;q=0.9,en;q=0.5" })).toBe("es");
    expect(negotiateLocale({})).toBe("en");
  });

  it("reads Accept-Language by weight and skips languages the pages do not speak", () => {
    expect(fromAcceptLanguage("fr-FR, es;q=0.8, en;q=0.9")).toBe("en");
    expect(fromAcceptLanguage("pt-BR,es-419;q=0.7")).toBe("es");
    expect(fromAcceptLanguage("es;q=0, en")).toBe("en");
    expect(fromAcceptLanguage("de, fr")).toBeNull();
    expect(fromAcceptLanguage("")).toBeNull();
  });

  it("keeps the choice in a year-long cookie for the whole site", () => {
    expect(languageCookie("es")).toBe("lang=es; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(languageFromCookie("theme=dark; lang=es")).toBe("es");
    expect(languageFromCookie(null)).toBeNull();
  });
});
