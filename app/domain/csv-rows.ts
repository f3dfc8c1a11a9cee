import Papa from "papaparse";

import { normaliseNewlines } from "./ai/import/shared";

/** One row of a spreadsheet export, with the line it starts on (quoted cells may span lines). */
export type CsvRow = { cells: string[]; line: number };

/** A quoted cell that is never closed: the file cannot be read past `line`. */
export class CsvQuoteError extends Error {
  constructor(readonly line: number) {
    super(`CSV line ${line}: a quoted cell is never closed.`);
  }
}

/** More rows than the reader was allowed: it stopped at the first one past `maxRows`, on `line`. */
export class CsvRowLimitError extends Error {
  constructor(
    readonly maxRows: number,
    readonly line: number,
  ) {
    super(`CSV line ${line}: the file has more than ${maxRows} rows.`);
  }
}

/** "|" separates values inside a cell in the question import, so it is never guessed as the delimiter. */
export const CSV_DELIMITERS = [",", ";", "\t"];

/**
 * The rows of a CSV (comma, semicolon or tab separated; blank lines skipped), each with its first
 * line's number. With `maxRows`, reading stops at the row past it (CsvRowLimitError), so an
 * over-long file costs no more than the limit. Linear in the text's length: line numbers are
 * counted on from the previous row, never from the start.
 */
export function readCsvRows(raw: string, options: { maxRows?: number } = {}): CsvRow[] {
  const text = normaliseNewlines(raw);
  const rows: CsvRow[] = [];
  const firstVisible = /\S/g;
  let rowStart = 0;
  let countedTo = 0;
  let line = 1;
  // step() hands over each row with the cursor after it, which gives the row's first line even
  // when quoted cells span several lines.
  Papa.parse<string[]>(text, {
    skipEmptyLines: "greedy",
    delimitersToGuess: CSV_DELIMITERS,
    step: (result) => {
      firstVisible.lastIndex = rowStart;
      const start = firstVisible.exec(text)?.index ?? rowStart;
      for (let newline = text.indexOf("\n", countedTo); newline !== -1 && newline < start; newline = text.indexOf("\n", newline + 1)) line++;
      countedTo = Math.max(countedTo, start);
      if (options.maxRows !== undefined && rows.length === options.maxRows) throw new CsvRowLimitError(options.maxRows, line);
      rows.push({ cells: result.data, line });
      if (result.errors[0]?.code === "MissingQuotes") throw new CsvQuoteError(line);
      rowStart = result.meta.cursor;
    },
  });
  return rows;
}
