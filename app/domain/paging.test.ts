import { describe, expect, it } from "vitest";

import { MAX_LIST_OFFSET, MAX_PAGE, offsetNumber, pageNumber, pagingNumber, screenPage } from "./paging";

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("pagingNumber", () => {
  it("reads whole numbers within its bounds", () => {
    expect(offsetNumber.parse("0")).toBe(0);
    expect(offsetNumber.parse(String(MAX_LIST_OFFSET))).toBe(MAX_LIST_OFFSET);
    expect(pageNumber.parse("42")).toBe(42);
  });

  it("refuses what SQLite cannot bind as an offset, naming the parameter", () => {
    expect(message(offsetNumber.safeParse("9223372036854775807"))).toBe("offset must be at most 1,000,000,000");
    expect(message(pageNumber.safeParse("1e18"))).toBe("page must be at most 1,000,000");
    expect(message(pagingNumber("limit", 1, 200).safeParse("1e18"))).toBe("limit must be at most 200");
  });

  it("refuses fractions, negatives and words", () => {
    expect(message(offsetNumber.safeParse("1.5"))).toBe("offset must be a whole number");
    expect(message(offsetNumber.safeParse("-5"))).toBe("offset must be at least 0");
    expect(message(pageNumber.safeParse("abc"))).toBe("page must be a whole number");
    expect(message(pageNumber.safeParse("0"))).toBe("page must be at least 1");
  });

  it("keeps every page's offset under the bound for pages of up to 200 rows", () => {
    expect((MAX_PAGE - 1) * 200).toBeLessThanOrEqual(MAX_LIST_OFFSET);
  });
});

describe("screenPage", () => {
  it("is page 1 for anything that is not a page number", () => {
    for (const value of [null, "", "abc", "0", "-3", "2.5", "Infinity"]) expect(screenPage(value)).toBe(1);
  });

  it("keeps a page, and brings a huge one down to the largest page (read as the list's last)", () => {
    expect(screenPage("7")).toBe(7);
    expect(screenPage("1e18")).toBe(MAX_PAGE);
    expect(screenPage("9223372036854775807")).toBe(MAX_PAGE);
  });
});
