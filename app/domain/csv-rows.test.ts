import { describe, expect, it } from "vitest";

import { CsvQuoteError, CsvRowLimitError, CsvRowStream, readCsvRows } from "./csv-rows";

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

/** The rows a stream gives when the text arrives `size` characters at a time. */
function streamed(text: string, size: number, options: { maxRows?: number } = {}) {
  const reader = new CsvRowStream(options);
  const rows = [];
  for (let at = 0; at < text.length; at += size) rows.push(...reader.push(text.slice(at, at + size)));
  return [...rows, ...reader.end()];
}

describe("reading CSV rows as the text arrives", () => {
  const texts = [
    'id,note\r\n\r\n1,"two\r\nlines"\r\n  \r\n2,plain\r\n3;x\r\n',
    'sourcedId;givenName;note\n"s-1";"Ana";"she said ""hi"""\n\n,,\ns-2;Bo;\n',
    "a\tb\tc\rx\ty\tz\r\r1\t2\t3",
    '\uFEFFsourcedId,title\nc-1,"Math, period 2"\nc-2,Art',
    "only,a,header",
  ];
  it("gives the rows and lines readCsvRows gives, however the text is cut", () => {
    for (const text of texts) for (const size of [1, 2, 3, 7, 64, 100_000]) expect(streamed(text, size)).toEqual(readCsvRows(text));
  });

  it("says which line's quoted cell is never closed, and stops at the first row past maxRows", () => {
    expect(() => streamed('id,note\n1,ok\n2,"open\n3,x\n', 4)).toThrow(new CsvQuoteError(3));
    const text = `id\n${Array.from({ length: 5 }, (_, index) => `${index}`).join("\n")}\n"never closed\n`;
    expect(() => streamed(text, 5, { maxRows: 3 })).toThrow(new CsvRowLimitError(3, 4));
  });
});
