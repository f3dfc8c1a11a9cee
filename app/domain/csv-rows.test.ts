import { describe, expect, it } from "vitest";

import { CsvQuoteError, CsvRowLimitError, readCsvRows } from "./csv-rows";

describe("reading CSV rows", () => {
  it("gives each row its first line, past blank lines, Windows line ends and quoted cells that span lines", () => {
    const rows = readCsvRows('id,note\r\n\r\n1,"two\r\nlines"\r\n  \r\n2,plain\r\n3;x\r\n');
    expect(rows).toEqual([
      { cells: ["id", "note"], line: 1 },
      { cells: ["1", "two\nlines"], line: 3 },
      { cells: ["2", "plain"], line: 6 },
      { cells: ["3;x"], line: 7 },
    ]);
  });

  it("says which line's quoted cell is never closed", () => {
    expect(() => readCsvRows('id,note\n1,ok\n2,"open\n3,x\n')).toThrow(new CsvQuoteError(3));
  });

  it("stops at the first row past maxRows, before reading the rest of the file", () => {
    const text = `id\n${Array.from({ length: 5 }, (_, index) => `${index}`).join("\n")}\n"never closed\n`;
    expect(() => readCsvRows(text, { maxRows: 7 })).toThrow(new CsvQuoteError(7));
    // With a lower limit, the broken quote further on is never reached.
    expect(() => readCsvRows(text, { maxRows: 3 })).toThrow(new CsvRowLimitError(3, 4));
  });
});
