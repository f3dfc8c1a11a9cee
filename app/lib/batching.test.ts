import { describe, expect, it } from "vitest";

import { chunk, D1_MAX_BOUND_PARAMETERS, inChunks, insertGroups, rowsPerStatement } from "./batching";

describe("chunk", () => {
  it("splits in order into groups of the given size, the last one shorter", () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
  });

  it("treats a size under 1 as 1, so it always terminates", () => {
    expect(chunk(["a", "b"], 0)).toEqual([["a"], ["b"]]);
  });
});

describe("rowsPerStatement", () => {
  it("keeps a multi-row insert within D1's 100 bound parameters", () => {
    expect(D1_MAX_BOUND_PARAMETERS).toBe(100);
    expect(rowsPerStatement(6)).toBe(16); // 96 parameters; 17 rows would be 102
    expect(rowsPerStatement(5)).toBe(20);
    expect(rowsPerStatement(250)).toBe(1);
  });
});

describe("inChunks", () => {
  it("queries 250 ids in groups of at most 100, deduplicated, and joins the rows in order", async () => {
    const ids = Array.from({ length: 250 }, (_, index) => `id-${index}`);
    const groupSizes: number[] = [];
    const rows = await inChunks([...ids, "id-0"], async (group) => {
      groupSizes.push(group.length);
      return group.map((id) => ({ id }));
    });
    expect(groupSizes).toEqual([100, 100, 50]);
    expect(rows.map((row) => row.id)).toEqual(ids);
  });

  it("leaves room for the query's other parameters, and skips the query for no ids", async () => {
    const groupSizes: number[] = [];
    await inChunks(
      Array.from({ length: 100 }, (_, index) => index),
      async (group) => {
        groupSizes.push(group.length);
        return [];
      },
      1,
    );
    expect(groupSizes).toEqual([99, 1]);
    let called = false;
    expect(await inChunks([], async () => ((called = true), []))).toEqual([]);
    expect(called).toBe(false);
  });
});

describe("insertGroups", () => {
  it("puts 40 six-column rows in groups whose parameters stay within 100", () => {
    const rows = Array.from({ length: 40 }, (_, position) => ({ id: `p${position}`, a: 1, b: 2, c: 3, d: 4, position }));
    const groups = insertGroups(rows);
    expect(groups.flat()).toEqual(rows);
    for (const group of groups) expect(group.length * (6 + 1)).toBeLessThanOrEqual(D1_MAX_BOUND_PARAMETERS);
    expect(groups).toHaveLength(3);
    expect(insertGroups([])).toEqual([]);
  });
});
