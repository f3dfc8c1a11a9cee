import { describe, expect, it } from "vitest";

import { safeFileName, toCsv } from "./csv";

describe("toCsv", () => {
  it("writes a header row and CRLF-separated rows, quoting commas, quotes and newlines", () => {
    expect(
      toCsv(
        ["name", "note"],
        [
          ["Ana", 'said "hi", then left'],
          ["Bo", "two\nlines"],
        ],
      ),
    ).toBe('name,note\r\nAna,"said ""hi"", then left"\r\nBo,"two\nlines"');
  });

  it.each(['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"])("neutralises a text cell starting like a formula: %j", (cell) => {
    const csv = toCsv(["cell"], [[cell]]);
    const value = csv.split("\r\n").slice(1).join("\r\n");
    expect(value.replace(/^"|"$/g, "").startsWith("'")).toBe(true);
  });

  it("keeps numbers (negative too), booleans and blanks as they are", () => {
    expect(toCsv(["a", "b", "c", "d"], [[-5, 72.5, true, null]])).toBe("a,b,c,d\r\n-5,72.5,true,");
  });

  it("leaves ordinary text alone", () => {
    expect(toCsv(["student"], [["maria-1"]])).toBe("student\r\nmaria-1");
  });
});

describe("safeFileName", () => {
  it("keeps letters, digits, dots, dashes and underscores", () => {
    expect(safeFileName("sessions 2026/11/22 (Grade 6).csv")).toBe("sessions-2026-11-22-Grade-6-.csv");
    expect(safeFileName("///")).toBe("export");
  });
});
