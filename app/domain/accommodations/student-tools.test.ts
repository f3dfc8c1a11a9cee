import { describe, expect, it } from "vitest";

import { catalogs } from "~/domain/i18n/catalog";

import { offersTestTools, strikeLabel, studentTools } from "./student-tools";

describe("the test page's tools", () => {
  it("names the eliminator's button by what it shows, by the option's letter", () => {
    expect(strikeLabel(1, false, catalogs.en.test)).toBe("Strike out option B");
    expect(strikeLabel(1, true, catalogs.en.test)).toBe("Undo strike on option B");
    expect(strikeLabel(2, true, catalogs.es.test)).toBe("Deshacer tachado de la opción C");
  });

  it("shows the tools bar only for a tool that lives in it", () => {
    expect(offersTestTools(studentTools(null))).toBe(false);
    expect(offersTestTools({ ...studentTools(null), highContrast: true, zoom: 2 })).toBe(false);
    expect(offersTestTools({ ...studentTools(null), eliminator: true })).toBe(true);
  });
});
