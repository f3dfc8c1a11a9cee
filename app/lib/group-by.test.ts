import { describe, expect, it } from "vitest";

import { groupBy } from "./group-by";

describe("groupBy", () => {
  it("groups by key, keeping each group's order and the order keys first appear", () => {
    const links = [
      { questionId: "q2", competencyId: "c1" },
      { questionId: "q1", competencyId: "c3" },
      { questionId: "q2", competencyId: "c2" },
    ];
    const groups = groupBy(links, (link) => link.questionId);
    expect([...groups.keys()]).toEqual(["q2", "q1"]);
    expect(groups.get("q2")?.map((link) => link.competencyId)).toEqual(["c1", "c2"]);
    expect(groups.get("q3")).toBeUndefined();
    expect(groupBy([], () => "x").size).toBe(0);
  });
});
