import Papa from "papaparse";

type CsvCell = string | number | boolean | null | undefined;

/**
 * A CSV document (RFC 4180, CRLF, a header row) that a spreadsheet opens safely: a text cell
 * starting with = + - @ or a tab or carriage return is prefixed with ' so it is shown, never run as
 * a formula (CSV injection). Numbers stay numbers, so a negative score still sorts.
 */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return Papa.unparse(
    { fields: [...headers], data: rows.map((row) => row.map((cell) => cell ?? "")) },
    { escapeFormulae: true, newline: "\r\n", quotes: false },
  );
}

/** A file name for a download: letters, digits, dot, dash and underscore only. */
export function safeFileName(name: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
  return cleaned || "export";
}
