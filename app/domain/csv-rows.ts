import Papa from "papaparse";

import { lineNumberAt, normaliseNewlines } from "./ai/import/shared";

/** One row of a spreadsheet export, with the line it starts on (quoted cells may span lines). */
export type CsvRow = { cells: string[]; line: number };

/** A quoted cell that is never closed: the file cannot be read past `line`. */
export class CsvQuoteError extends Error {
  constructor(readonly line: number) {
    super(`CSV line ${line}: a quoted cell is never closed.`);
  }
}

/** "|" separates values inside a cell in the question import, so it is never guessed as the delimiter. */
export const CSV_DELIMITERS = [",", ";", "\t"];

/** The rows of a CSV (comma, semicolon or tab separated; blank lines skipped), each with its first line's number. */
export function readCsvRows(raw: string): CsvRow[] {
  const text = normaliseNewlines(raw);
  const rows: CsvRow[] = [];
  let rowStart = 0;
  // step() hands over each row with the cursor after it, which gives the row's first line even
  // when quoted cells span several lines.
  Papa.parse<string[]>(text, {
    skipEmptyLines: "greedy",
    delimitersToGuess: CSV_DELIMITERS,
    step: (result) => {
      const start = text.slice(rowStart).search(/\S/);
      rows.push({ cells: result.data, line: lineNumberAt(text, rowStart + Math.max(start, 0)) });
      if (result.errors[0]?.code === "MissingQuotes") throw new CsvQuoteError(rows.at(-1)?.line ?? 1);
      rowStart = result.meta.cursor;
    },
  });
  return rows;
}
