import { describe, expect, it } from "vitest";

import { variantsOf } from "./targets";

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
