import { describe, expect, it } from "vitest";

import { formatMessage, placeholdersOf } from "../format";
import { catalogOf, catalogs, renderText, translate } from "./index";

describe("the catalogs", () => {
  const areas = Object.keys(catalogs.en) as (keyof typeof catalogs.en)[];

  it("have every key of English in Spanish, with the same placeholders and plurals", () => {
    for (const area of areas) {
      const english = catalogs.en[area] as Record<string, string>;
      const spanish = catalogs.es[area] as Record<string, string>;
      expect(Object.keys(spanish).sort(), area).toEqual(Object.keys(english).sort());
      for (const key of Object.keys(english)) {
        expect(placeholdersOf(spanish[key]!), `${area}.${key}`).toEqual(placeholdersOf(english[key]!));
        expect(spanish[key]!.trim(), `${area}.${key} is empty in Spanish`).not.toBe("");
      }
    }
  });

  it("render every message in both languages without a stray brace", () => {
    for (const locale of ["en", "es"] as const) {
      for (const area of areas) {
        for (const [key, template] of Object.entries(catalogOf(locale)[area] as Record<string, string>)) {
          const values = Object.fromEntries(placeholdersOf(template).map((name) => [name.replace(":plural", ""), 2]));
          expect(formatMessage(locale, template, values), `${locale} ${area}.${key}`).not.toMatch(/[{}]/);
        }
      }
    }
  });

  it("make a pseudo-locale that marks every message and keeps its placeholders", () => {
    const pseudo = catalogOf("qps");
    for (const area of areas) {
      for (const [key, template] of Object.entries(catalogs.en[area] as Record<string, string>)) {
        const marked = (pseudo[area] as Record<string, string>)[key]!;
        expect(marked, `${area}.${key}`).toMatch(/^⟦.*⟧$/s);
        expect(marked.length).toBeGreaterThan(template.length);
        expect(placeholdersOf(marked)).toEqual(placeholdersOf(template));
      }
    }
    expect(formatMessage("en-US", catalogOf("qps").common.skipToContent)).toMatch(/^⟦Škíp/);
  });

  it("render one message on the server in the request's language", () => {
    expect(translate("es", "common", "skipToContent")).toBe("Saltar al contenido");
    expect(translate("en", "common", "skipToContent")).toBe("Skip to content");
  });

  it("render a rule's catalog code at the edge, and leave a sentence as it is", () => {
    expect(renderText("es", "common.signOut")).toBe("Cerrar sesión");
    expect(renderText("en", "common.signOut")).toBe("Sign Out");
    expect(renderText("es", "Name is required")).toBe("Name is required");
    expect(renderText("es", "common.noSuchKey")).toBe("common.noSuchKey");
    expect(renderText("es", "e.g. common.signOut")).toBe("e.g. common.signOut");
    // The test page's start with no session back: the server's words, never the page's JavaScript's.
    expect(renderText("en", "actions.noSessionStarted")).toBe("No session ID returned from server");
    expect(renderText("es", "actions.noSessionStarted")).toBe("No se pudo comenzar la prueba. Vuelve a intentarlo.");
  });
});
