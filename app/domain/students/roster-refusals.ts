import { z } from "zod";

import { toCsv } from "~/domain/export/csv";

import type { RosterNote, RosterRefusal } from "./oneroster";

/**
 * How many refused rows a OneRoster import's answer lists (ADR 0047). A queued import keeps its
 * answer in the job's input and result, each one D1 value of at most 2 MB; at a couple of hundred
 * bytes a refusal, tens of thousands would not fit. So every answer (the preview, the apply
 * written by the request, the job's result) lists the first ones in the plan's order and counts
 * them all in `refusedTotal`; the preview gives every one as CSV (`?refused=csv`). Its notes (a
 * district whose export leaves every `identifier` blank has one a student) are cut the same way,
 * counted in `notesTotal`.
 */
export const REFUSED_ROWS_LISTED = 1_000;

/** The answer with its refused rows and notes cut to the first REFUSED_ROWS_LISTED; `refusedTotal` and `notesTotal` count them all. */
export function listedRows<Outcome extends { refused: readonly RosterRefusal[]; refusedTotal: number; notes: readonly RosterNote[]; notesTotal: number }>(
  outcome: Outcome,
): Outcome {
  return {
    ...outcome,
    refused: outcome.refused.slice(0, REFUSED_ROWS_LISTED),
    notes: outcome.notes.slice(0, REFUSED_ROWS_LISTED),
  };
}

/** Every refused row, one a line, as a spreadsheet opens it. */
export function refusedRowsCsv(refused: readonly RosterRefusal[]): string {
  return toCsv(
    ["file", "line", "reason"],
    refused.map((row) => [row.file, row.line, row.reason]),
  );
}

/** The file name of that download. */
export const REFUSED_ROWS_FILE = "oneroster-refused-rows.csv";

/** The import dialog's line when the answer lists fewer refused rows than there are; null when it lists them all. */
export function refusedRowsShown(outcome: { refused: readonly unknown[]; refusedTotal?: number }): string | null {
  const total = outcome.refusedTotal ?? outcome.refused.length;
  if (total <= outcome.refused.length) return null;
  const count = (value: number) => value.toLocaleString("en-US");
  return `Showing the first ${count(outcome.refused.length)} of ${count(total)} refused rows.`;
}

/**
 * POST /api/roster/oneroster's query: `?dryRun=1` (or true) previews, and nothing is written;
 * `?refused=csv` previews too and answers every refused row as CSV instead of the JSON answer.
 */
export const oneRosterImportQuerySchema = z
  .object({ dryRun: z.enum(["0", "1", "true", "false"]).optional(), refused: z.literal("csv").optional() })
  .strict()
  .transform((query) => {
    const refusedCsv = query.refused === "csv";
    return { apply: !refusedCsv && query.dryRun !== "1" && query.dryRun !== "true", refusedCsv };
  });
