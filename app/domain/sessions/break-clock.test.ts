import { describe, expect, it } from "vitest";

import { breakCues } from "./break-clock";

describe("breakCues", () => {
  it("warns once at a minute left and ends the break when its time runs out", () => {
    expect(breakCues(300)).toEqual([
      { afterMs: 240_000, kind: "oneMinute" },
      { afterMs: 300_000, kind: "end" },
    ]);
  });

  it("gives only the end with a minute or less left, and ends at once with none", () => {
    expect(breakCues(60)).toEqual([{ afterMs: 60_000, kind: "end" }]);
    expect(breakCues(0)).toEqual([{ afterMs: 0, kind: "end" }]);
    expect(breakCues(-3)).toEqual([{ afterMs: 0, kind: "end" }]);
  });
});
