import { describe, expect, it } from "vitest";

import { referenceMaterial, rubricStrings, splitStatements } from "./rubric";

describe("rubricStrings", () => {
  it("collects every string value of a nested rubric, not its keys", () => {
    const rubric = { keyPoints: ["Equal parts"], levels: { full: "Names the denominator", marks: 2 } };
    expect(rubricStrings(rubric)).toEqual(["Equal parts", "Names the denominator", "2"]);
  });

  it("reads a rubric stored as a JSON string, and keeps plain text as it is", () => {
    expect(rubricStrings('{"criteria": ["Adds the numerators"]}')).toEqual(["Adds the numerators"]);
    expect(rubricStrings("{not json")).toEqual(["{not json"]);
    expect(rubricStrings(null)).toEqual([]);
  });
});

describe("splitStatements", () => {
  it("splits sentences, semicolons and list lines", () => {
    expect(splitStatements("Plants need light. They make sugar; they release oxygen.\n- Roots take water")).toEqual([
      "Plants need light.",
      "They make sugar",
      "they release oxygen.",
      "Roots take water",
    ]);
  });
});

describe("referenceMaterial", () => {
  it("prefers explicit key points, then the rubric's list, then the reference's statements", () => {
    expect(referenceMaterial("", "One half. Two quarters.", ["Half equals two quarters"]).keyPoints).toEqual(["Half equals two quarters"]);
    expect(referenceMaterial({ keyPoints: ["Same size parts"], notes: "Any order" }, "ref").keyPoints).toEqual(["Same size parts"]);
    expect(referenceMaterial("", "One half. Two quarters.").keyPoints).toEqual(["One half.", "Two quarters."]);
  });

  it("gathers all reference text without duplicates or markup", () => {
    const material = referenceMaterial({ referenceAnswer: "<p>Light</p>" }, "<p>Light</p>", ["Water"]);
    expect(material.texts).toEqual(["Light", "Water"]);
  });
});
