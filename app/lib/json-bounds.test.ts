import { describe, expect, it } from "vitest";

import { jsonBoundsProblem, jsonDepth } from "./json-bounds";

/** `{"a":{"a":...}}` nested `levels` deep, built without recursion. */
function nested(levels: number): unknown {
  let value: unknown = "leaf";
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
}

describe("jsonDepth", () => {
  it("counts levels of objects and arrays; scalars are 0", () => {
    expect(jsonDepth("text")).toBe(0);
    expect(jsonDepth(null)).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth([])).toBe(1);
    expect(jsonDepth({ a: [1, { b: 2 }] })).toBe(3);
    expect(jsonDepth(nested(7))).toBe(7);
  });

  it("measures a value nested 100,000 deep without overflowing, and stops early when asked", () => {
    expect(jsonDepth(nested(100_000))).toBe(100_000);
    expect(jsonDepth(nested(100_000), 8)).toBe(9);
  });
});

describe("jsonBoundsProblem", () => {
  const bounds = { maxDepth: 3, maxChars: 20 };
  it("accepts what fits", () => {
    expect(jsonBoundsProblem({ a: [1] }, bounds)).toBeNull();
    expect(jsonBoundsProblem("short", bounds)).toBeNull();
  });
  it("names depth before size, so a deep value is never serialised", () => {
    expect(jsonBoundsProblem(nested(10_000), bounds)).toBe("too_deep");
    expect(jsonBoundsProblem({ a: "x".repeat(30) }, bounds)).toBe("too_large");
    expect(jsonBoundsProblem("x".repeat(19), bounds)).toBe("too_large");
  });
});
