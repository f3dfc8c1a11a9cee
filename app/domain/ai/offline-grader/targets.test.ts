import { describe, expect, it } from "vitest";

import { answerSide, matchTarget, targetOf, variantsOf } from "./targets";

describe("variantsOf", () => {
  it("reads 'x / y' word choices and ', or' clauses as alternatives", () => {
    expect(variantsOf("the circuit is open / incomplete")).toEqual(["the circuit is open", "the circuit is incomplete"]);
    expect(variantsOf("optimism means hopefulness, or expecting things to turn out well")).toEqual([
      "optimism means hopefulness",
      "expecting things to turn out well",
    ]);
  });

  it("leaves fractions and plain text alone", () => {
    expect(variantsOf("3/4 is bigger than 2/3")).toEqual(["3/4 is bigger than 2/3"]);
  });
});

describe("matchTarget", () => {
  const coverageOf = (reference: string, answer: string) => matchTarget(targetOf([reference]), answerSide(answer, new Set())).coverage;

  it("does not require the example a reference gives after 'e.g.' or 'for example': it illustrates the point", () => {
    expect(coverageOf("Diameter decreases by a factor of 10, e.g 300m to 30m.", "The diameter decreases by a factor of 10.")).toBe(1);
    expect(
      coverageOf("Use a shortest-path algorithm, for example Dijkstra's, on the link-state graph.", "Use a shortest path algorithm on the link state graph."),
    ).toBe(1);
  });

  it("still requires what follows the example", () => {
    expect(coverageOf("Diameter decreases, e.g. 300m to 30m; packets need more time.", "The diameter decreases.")).toBeLessThan(1);
  });
});
