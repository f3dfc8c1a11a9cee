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

/** The delimiter a header line uses most, outside quotes (a comma when it names none). */
function delimiterOf(headerLine: string): string {
  const counts = new Map(CSV_DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ",";
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

/**
 * `readCsvRows` for a file that arrives in pieces and never has to be held whole: `push` each
 * piece as it is decoded and take the rows it completes, then `end`. The same rows, lines and
 * errors as `readCsvRows` (blank lines skipped, Windows and old Mac line ends, quoted cells across
 * lines and pieces, `""` for a quote), with the delimiter read from the header line. Linear: each
 * character is looked at once.
 */
export class CsvRowStream {
  private delimiter: string | null = null;
  /** Text held until the header line is complete and the delimiter known. */
  private head = "";
  private cells: string[] = [];
  private field = "";
  private quoted = false;
  /** The last character was a quote inside a quoted cell: the next decides whether it closed it. */
  private quoteSeen = false;
  private fieldStarted = false;
  private lastWasCarriageReturn = false;
  private line = 1;
  private rowLine = 1;
  private rowCount = 0;
  private rows: CsvRow[] = [];

  constructor(private readonly options: { maxRows?: number } = {}) {}

  push(piece: string): CsvRow[] {
    if (this.delimiter === null) {
      // A byte-order mark before the header is not part of its first name.
      this.head = (this.head + piece).replace(/^\uFEFF/, "");
      const newline = this.head.search(/[\r\n]/);
      if (newline === -1) return [];
      this.delimiter = delimiterOf(this.head.slice(0, newline));
      piece = this.head;
      this.head = "";
    }
    this.read(piece);
    return this.take();
  }

  end(): CsvRow[] {
    if (this.delimiter === null) {
      this.head = this.head.replace(/^\uFEFF/, "");
      this.delimiter = delimiterOf(this.head);
      this.read(this.head);
    }
    if (this.quoted && !this.quoteSeen) throw new CsvQuoteError(this.rowLine);
    this.endRow();
    return this.take();
  }

  private take(): CsvRow[] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  private read(text: string): void {
    const delimiter = this.delimiter!;
    for (let at = 0; at < text.length; at++) {
      const char = text[at]!;
      if (this.lastWasCarriageReturn) {
        this.lastWasCarriageReturn = false;
        // "\r\n" is one line end: the "\r" already ended it.
        if (char === "\n") continue;
      }
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (char === '"') {
            this.field += '"';
            continue;
          }
          this.quoted = false;
          // Falls through: the character after a closing quote is read as outside quotes.
        } else if (char === '"') {
          this.quoteSeen = true;
          continue;
        } else {
          if (char === "\r" || char === "\n") {
            this.line++;
            this.lastWasCarriageReturn = char === "\r";
            this.field += "\n";
          } else this.field += char;
          continue;
        }
      }
      if (char === delimiter) {
        this.cells.push(this.field);
        this.field = "";
        this.fieldStarted = true;
      } else if (char === "\r" || char === "\n") {
        this.endRow();
        this.line++;
        this.rowLine = this.line;
        this.lastWasCarriageReturn = char === "\r";
      } else if (char === '"' && this.field === "" && !this.quoted) {
        this.quoted = true;
        this.fieldStarted = true;
      } else {
        // Unquoted text: taken up to the next delimiter, line end or quote in one slice.
        let stop = at + 1;
        while (stop < text.length) {
          const next = text[stop]!;
          if (next === delimiter || next === "\r" || next === "\n" || next === '"') break;
          stop++;
        }
        this.field += text.slice(at, stop);
        this.fieldStarted = true;
        at = stop - 1;
      }
    }
  }

  private endRow(): void {
    if (!this.fieldStarted && this.cells.length === 0) return;
    const cells = [...this.cells, this.field];
    this.cells = [];
    this.field = "";
    this.fieldStarted = false;
    // Blank lines, and lines of only spaces, are skipped.
    if (cells.every((cell) => cell.trim() === "")) return;
    if (this.options.maxRows !== undefined && this.rowCount === this.options.maxRows) throw new CsvRowLimitError(this.options.maxRows, this.rowLine);
    this.rowCount++;
    this.rows.push({ cells, line: this.rowLine });
  }
}
