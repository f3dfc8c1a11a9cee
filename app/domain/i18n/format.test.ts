import { describe, expect, it } from "vitest";

import { formatMessage, placeholdersOf } from "./format";

describe("formatMessage", () => {
  it("puts values in, numbers formatted for the locale", () => {
    expect(formatMessage("en-US", "Question {number} of {total}", { number: 3, total: 1200 })).toBe("Question 3 of 1,200");
    expect(formatMessage("es-US", "Pregunta {number} de {total}", { number: 3, total: 1200 })).toBe("Pregunta 3 de 1,200");
  });

  it("chooses a plural case by the locale's rules, exact cases first", () => {
    const template = "{minutes, plural, =0 {no time} one {# minute} other {# minutes}} left";
    expect(formatMessage("en-US", template, { minutes: 0 })).toBe("no time left");
    expect(formatMessage("en-US", template, { minutes: 1 })).toBe("1 minute left");
    expect(formatMessage("en-US", template, { minutes: 5 })).toBe("5 minutes left");
    expect(formatMessage("es-US", "{n, plural, one {# minuto} other {# minutos}}", { n: 1 })).toBe("1 minuto");
    expect(formatMessage("es-US", "{n, plural, one {# minuto} other {# minutos}}", { n: 2 })).toBe("2 minutos");
  });

  it("fills values inside a plural case", () => {
    expect(formatMessage("en-US", "{count, plural, one {{name} has # answer} other {{name} has # answers}}", { count: 2, name: "Ana" })).toBe(
      "Ana has 2 answers",
    );
  });

  it("leaves text without placeholders as it is, and a missing value empty", () => {
    expect(formatMessage("en-US", "Skip to content")).toBe("Skip to content");
    expect(formatMessage("en-US", "Hello {name}!")).toBe("Hello !");
  });

  it("lists placeholders with plural kinds, for the catalogs' parity", () => {
    expect(placeholdersOf("{a} and {n, plural, one {# of {b}} other {# of {b}}}")).toEqual(["a", "b", "n:plural"]);
    expect(placeholdersOf("plain")).toEqual([]);
  });
});
