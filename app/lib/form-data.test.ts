import { describe, expect, it } from "vitest";

import { formToObject } from "./form-data";

const decode = (pairs: [string, string][]) => formToObject(pairs);

describe("formToObject", () => {
  it("keeps flat fields as strings", () => {
    expect(
      decode([
        ["intent", "create"],
        ["title", "Fractions"],
      ]),
    ).toEqual({ intent: "create", title: "Fractions" });
  });

  it("nests dotted names and indexes arrays", () => {
    expect(
      decode([
        ["values.name", "Year 5"],
        ["options[0].text", "1/2"],
        ["options[1].text", "1/3"],
        ["options.1.isCorrect", "true"],
      ]),
    ).toEqual({ values: { name: "Year 5" }, options: [{ text: "1/2" }, { text: "1/3", isCorrect: "true" }] });
  });

  it("collects a repeated name or an [] name into an array", () => {
    expect(
      decode([
        ["competencies", "a"],
        ["competencies", "b"],
      ]),
    ).toEqual({ competencies: ["a", "b"] });
    expect(decode([["tags[]", "only"]])).toEqual({ tags: ["only"] });
  });

  it("ignores names that would reach Object.prototype", () => {
    const result = decode([
      ["__proto__.polluted", "yes"],
      ["constructor.prototype.polluted", "yes"],
      ["ok", "1"],
    ]);
    expect(result).toEqual({ ok: "1" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
