import { describe, expect, it } from "vitest";

import { renderText } from "~/domain/i18n/catalog";
import { DomainError } from "~/lib/errors";

import { NOT_FOUND, refuseMissing } from "./not-found";

describe("a write that refers to several records", () => {
  it("passes its result through when every record exists", () => {
    expect(refuseMissing({ id: "p-1" })).toEqual({ id: "p-1" });
  });

  it("is refused as not found, naming the record that is missing", () => {
    let thrown: unknown;
    try {
      refuseMissing({ missing: "prerequisiteCompetency" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ kind: "not_found", message: NOT_FOUND.prerequisiteCompetency });
    expect(renderText("en", (thrown as DomainError).message)).toBe("Prerequisite Competency Not Found");
  });
});
