import { describe, expect, it } from "vitest";

import { contentLanguageSchema, isContentLanguage, langAttributeFor, takenInLabel } from "./content-language";

describe("content languages (ADR 0044)", () => {
  it("are en and es, nothing else", () => {
    expect(contentLanguageSchema.safeParse("es").success).toBe(true);
    for (const other of ["fr", "ES", "es-US", "", null]) expect(contentLanguageSchema.safeParse(other).success, String(other)).toBe(false);
    expect(contentLanguageSchema.safeParse("fr").error?.issues[0]?.message).toBe("Language must be en or es");
    expect(isContentLanguage("en")).toBe(true);
    expect(isContentLanguage("english")).toBe(false);
  });

  it("mark a question's element only when its language differs from the page's", () => {
    expect(langAttributeFor("es")).toBe("es");
    expect(langAttributeFor("en")).toBeUndefined();
    expect(langAttributeFor("en", "es")).toBe("en");
    expect(langAttributeFor("es", "es")).toBeUndefined();
  });

  it("say a session of a Spanish test was taken in Spanish, and nothing for English", () => {
    expect(takenInLabel("es")).toBe("Taken in Spanish");
    expect(takenInLabel("en")).toBeNull();
  });
});
